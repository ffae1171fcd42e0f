/// Text cut to fit a width: what a label shows when its title is too long.
public struct Truncation: Sendable, Hashable {
    /// The text shown: the whole text, or a prefix followed by the ellipsis.
    public var displayed: String
    /// The displayed text's width in points.
    public var width: Double
    /// Whether the text was cut.
    public var truncated: Bool
    /// The whole text's width in points.
    public var fullWidth: Double
}

extension TextEngine {
    /// The longest prefix of `text`, cut between grapheme clusters, that fits `maxWidth` points
    /// with `ellipsis` after it, or the whole text when it fits.
    ///
    /// A flag, an emoji ZWJ sequence, a letter with its combining marks and a Thai cluster are
    /// never split, because cuts fall only between Swift `Character`s (extended grapheme
    /// clusters). Right-to-left text is cut at its logical end, so its visual left. White space
    /// before the ellipsis is dropped. When not even the ellipsis fits, the result is empty.
    /// - Throws: `TextError` for an invalid request, a negative or NaN width, or over-long text.
    public func truncate(
        _ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String = "…"
    ) throws(TextError) -> Truncation {
        guard !maxWidth.isNaN, maxWidth >= 0 else {
            throw TextError(.invalidWidth, parameter: "maxWidth", "maximum width \(maxWidth) is not a number ≥ 0")
        }
        try checkLength(ellipsis, parameter: "ellipsis", limit: TextLimits.maximumEllipsisBytes)
        let full = try measure(text, font: request)  // validates the request and the text
        guard full.width > maxWidth else {
            return Truncation(displayed: text, width: full.width, truncated: false, fullWidth: full.width)
        }
        let generation = currentSession.generation
        let key = Self.truncationKey(text, font: request, maxWidth: maxWidth, ellipsis: ellipsis)
        if let cached = truncations.value(for: key, generation: generation) { return cached }
        let truncation = try searchPrefix(text, font: request, maxWidth: maxWidth, ellipsis: ellipsis, full: full)
        truncations.insert(truncation, for: key, generation: generation)
        return truncation
    }

    /// The binary search over grapheme-cluster prefixes, for a text known not to fit.
    private func searchPrefix(
        _ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String, full: TextMeasurement
    ) throws(TextError) -> Truncation {
        // Probes measure prefixes nobody will ask for again: keep them out of the cache.
        let shaper = try shaper(for: request, in: currentSession)
        let clusterStarts = Array(text.indices)
        func candidate(_ clusters: Int) -> String {
            let prefix = text[..<clusterStarts[clusters]]
            let kept = prefix.lastIndex { !$0.isWhitespace }.map { prefix[...$0] } ?? ""
            return kept + ellipsis
        }
        // Widths grow with the prefix (kerning aside), so search for the longest prefix that fits.
        var best: (text: String, width: Double)?
        var low = 0
        var high = clusterStarts.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let shown = candidate(middle)
            let width = try shaper.measure(shown).width
            if width <= maxWidth {
                best = (shown, width)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let best else {
            return Truncation(displayed: "", width: 0, truncated: true, fullWidth: full.width)
        }
        return Truncation(displayed: best.text, width: best.width, truncated: true, fullWidth: full.width)
    }
}
