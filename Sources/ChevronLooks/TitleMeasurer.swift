import ChevronText

/// Measures titles for a layout step: the text engine plus the look's tracking.
public struct TitleMeasurer: Sendable {
    /// The text engine that measures.
    public let engine: TextEngine

    /// Creates a measurer over `engine`.
    public init(engine: TextEngine) {
        self.engine = engine
    }

    /// The title's width with `tracking` added after every character, and the raw measurement.
    public func measure(_ text: String, font: FontRequest, tracking: Double) throws -> (
        width: Double, measurement: TextMeasurement
    ) {
        let measurement = try engine.measure(text, font: font)
        // Counting characters walks grapheme clusters: only pay for it when there is tracking.
        let tracked = tracking == 0 ? 0 : tracking * Double(text.count)
        return (measurement.width + tracked, measurement)
    }
}
