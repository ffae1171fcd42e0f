import ChevronText

/// Answers size requests: finds the look, and lets it lay the title out with real measurements.
public struct SizingEngine: Sendable {
    /// The looks.
    public let registry: LookRegistry
    /// The text engine measuring titles.
    public let text: TextEngine
    /// Layouts already made, or nil to make every layout afresh.
    public let layouts: LayoutCache?

    /// Creates an engine over `registry`, measuring with `text`, keeping layouts in `layouts`
    /// (which must serve this registry only: a new set of looks needs a new cache).
    public init(registry: LookRegistry, text: TextEngine, layouts: LayoutCache? = nil) {
        self.registry = registry
        self.text = text
        self.layouts = layouts
    }

    /// The layout for one request.
    /// - Parameter keeping: whether a layout made now goes into the layout cache. A bulk scan
    ///   (a big SizeMany) passes false: it still finds what is there, but does not push out the
    ///   layouts that single calls keep asking for with a hundred thousand it will not ask again.
    /// - Throws: `LookError` for a bad request, `TextError` for bad text or fonts.
    public func size(_ request: SizeRequest, keeping: Bool = true) throws -> BackButtonLayout {
        // Read before measuring: a rescan during the layout leaves the entry stale, never mislabelled.
        let generation = text.generation
        if let layouts, let layout = layouts.layout(for: request, generation: generation) { return layout }
        let layout = try registry.look(named: request.look).layout(request, measurer: TitleMeasurer(engine: text))
        if keeping { layouts?.insert(layout, for: request, generation: generation) }
        return layout
    }

    /// The layout for `request` when it is in memory now; nil when it would need the look's
    /// layout step (and so, perhaps, font work). Never blocks on fonts.
    public func layoutInMemory(_ request: SizeRequest) -> BackButtonLayout? {
        layouts?.layout(for: request, generation: text.generation)
    }
}
