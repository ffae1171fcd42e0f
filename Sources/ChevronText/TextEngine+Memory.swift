extension TextEngine {
    /// The measurement `measure(text, font: request)` would return, when it is in memory now;
    /// nil when it would need fontconfig, FreeType or HarfBuzz (or the request is invalid, or
    /// the text too long: nothing invalid is ever cached). Never blocks on font work: what a
    /// server's event loop asks before it hands a call to a worker.
    public func measurementInMemory(_ text: String, font request: FontRequest) -> TextMeasurement? {
        guard text.utf8.count <= configuration.limits.maximumTextBytes else { return nil }
        return cachedMeasurement(text, request, hash: CacheKey.hash(text, request))
    }

    /// The truncation `truncate(text, font:maxWidth:ellipsis:)` would return, when it is in
    /// memory now (a text that fits, whose measurement is cached, or a cut already made); nil
    /// otherwise, as `measurementInMemory`.
    public func truncationInMemory(_ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String)
        -> Truncation?
    {
        guard !maxWidth.isNaN, maxWidth >= 0, ellipsis.utf8.count <= TextLimits.maximumEllipsisBytes,
            let full = measurementInMemory(text, font: request)
        else { return nil }
        guard full.width > maxWidth else {
            return Truncation(whole: full, of: text)
        }
        return cachedTruncation(text, font: request, maxWidth: maxWidth, ellipsis: ellipsis)
    }

    /// The cut of `text` (known not to fit) to `maxWidth` with `ellipsis` made under the current
    /// generation, found without building a key.
    func cachedTruncation(_ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String)
        -> Truncation?
    {
        let width = maxWidth.bitPattern
        return truncations.value(
            probe: CacheKey.Probe(
                text: text, request: request, variant: ellipsis, width: width,
                prehash: CacheKey.hash(text, request, ellipsis, width)),
            generation: generation)
    }

    /// The truncation cache's key: the text and request, with the ellipsis and the width.
    static func truncationKey(_ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String)
        -> CacheKey
    {
        CacheKey(text: text, request: request, variant: ellipsis, width: maxWidth.bitPattern)
    }
}
