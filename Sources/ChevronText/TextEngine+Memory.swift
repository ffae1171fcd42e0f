extension TextEngine {
    /// The measurement `measure(text, font: request)` would return, when it is in memory now;
    /// nil when it would need fontconfig, FreeType or HarfBuzz (or the request is invalid, or
    /// the text too long: nothing invalid is ever cached). Never blocks on font work: what a
    /// server's event loop asks before it hands a call to a worker.
    public func measurementInMemory(_ text: String, font request: FontRequest) -> TextMeasurement? {
        guard text.utf8.count <= configuration.limits.maximumTextBytes else { return nil }
        return cachedMeasurement(text, request, hash: CacheKey.hash(text, request))
    }

    /// The longest text `measuresQuickly` accepts, in UTF-8 bytes: shaping one in a face that is
    /// open already takes tens of microseconds.
    public static let quickTextBytes = 256

    /// Whether measuring each of `texts` in `request` is short work that waits on nothing: the
    /// request is valid and resolved already (no fontconfig match), and each text is at most
    /// `quickTextBytes` long, with every scalar that needs a glyph in the primary face and none
    /// asking for an emoji face (no fallback face to find or open). What a server's event loop
    /// asks before it measures texts itself rather than handing them to a worker. Never blocks
    /// on font work; the request is resolved once for all the texts.
    public func measuresQuickly(_ texts: String..., font request: FontRequest) -> Bool {
        guard texts.allSatisfy({ $0.utf8.count <= Self.quickTextBytes }), (try? request.validate()) != nil,
            let font = currentSession.resolvedInMemory(request.face, language: request.language)
        else { return false }
        let primary = font.primary
        // As `Itemizer.itemizeLine` decides that one face shapes the whole text.
        return texts.allSatisfy { text in
            text.unicodeScalars.allSatisfy { scalar in
                !scalar.mayAskForEmoji && (scalar.isIgnorable || primary.covers(scalar.value))
            }
        }
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
