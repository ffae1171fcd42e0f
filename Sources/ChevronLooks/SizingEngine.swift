import ChevronText

/// Answers size requests: finds the look, and lets it lay the title out with real measurements.
public struct SizingEngine: Sendable {
    /// The looks.
    public let registry: LookRegistry
    /// The text engine measuring titles.
    public let text: TextEngine

    /// Creates an engine over `registry`, measuring with `text`.
    public init(registry: LookRegistry, text: TextEngine) {
        self.registry = registry
        self.text = text
    }

    /// The layout for one request.
    /// - Throws: `LookError` for a bad request, `TextError` for bad text or fonts.
    public func size(_ request: SizeRequest) throws -> BackButtonLayout {
        try registry.look(named: request.look).layout(request, measurer: TitleMeasurer(engine: text))
    }
}
