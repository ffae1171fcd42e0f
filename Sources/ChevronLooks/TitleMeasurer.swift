import ChevronText

/// Measures titles for a layout step: the text engine plus the look's tracking.
public struct TitleMeasurer: Sendable {
    /// The text engine that measures.
    public let engine: TextEngine
    /// How new measurements go into the engine's full caches (`.freeRoomOnly` for a bulk scan).
    public let filling: CacheFilling

    /// Creates a measurer over `engine`.
    public init(engine: TextEngine, filling: CacheFilling = .evicting) {
        self.engine = engine
        self.filling = filling
    }

    /// The title's width with `tracking` added after every character, and the raw measurement.
    public func measure(_ text: String, font: FontRequest, tracking: Double) throws -> (
        width: Double, measurement: TextMeasurement
    ) {
        let measurement = try measure(text, font: font)
        // Counting characters walks grapheme clusters: only pay for it when there is tracking, and
        // not when the shaping that measured the text counted them.
        let tracked = tracking == 0 ? 0 : tracking * Double(measurement.characters ?? text.characterCount)
        return (measurement.width + tracked, measurement)
    }

    /// The text's measurement, untracked (`TextEngine.measure`).
    public func measure(_ text: String, font: FontRequest) throws(TextError) -> TextMeasurement {
        try engine.measure(text, font: font, filling: filling)
    }

    /// The longest prefix that fits `maxWidth` with "…" (`TextEngine.truncate`).
    public func truncate(_ text: String, font: FontRequest, maxWidth: Double) throws(TextError) -> Truncation {
        try engine.truncate(text, font: font, maxWidth: maxWidth, filling: filling)
    }
}
