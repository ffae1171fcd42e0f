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
    /// - Parameter filling: how a layout made now, and the measurements behind it, go into
    ///   full caches. A bulk scan (a big SizeMany) passes `.freeRoomOnly`: it finds what is
    ///   there and fills free room, but does not push out the results that single calls keep
    ///   asking for with a hundred thousand it will not ask for again.
    /// - Throws: `LookError` for a bad request, `TextError` for bad text or fonts.
    public func size(_ request: SizeRequest, filling: CacheFilling = .evicting) throws -> BackButtonLayout {
        // Without a layout cache the look's layout is not kept in a local to be cached: copied out
        // of it with wide loads over the narrower stores that made it, it stalled (a tenth of
        // this function's time in `perf annotate`). The throwing call still returns it into a
        // temporary that is copied once (README, "Copies that stall").
        guard let layouts else {
            return try registry.layout(request, measurer: TitleMeasurer(engine: text, filling: filling))
        }
        // Read before measuring: a rescan during the layout leaves the entry stale, never mislabelled.
        let generation = text.generation
        if let layout = layouts.layout(for: request, generation: generation) { return layout }
        let layout = try registry.layout(request, measurer: TitleMeasurer(engine: text, filling: filling))
        layouts.insert(layout, for: request, generation: generation, filling: filling)
        return layout
    }

    /// The layout for `request` when it is in memory now; nil when it would need the look's
    /// layout step (and so, perhaps, font work). Never blocks on fonts.
    public func layoutInMemory(_ request: SizeRequest) -> BackButtonLayout? {
        layouts?.layout(for: request, generation: text.generation)
    }

    /// Whether sizing `request` is short work that waits on nothing: one title (no stack), and
    /// that title, the generic title and the ellipsis each measurable in the look's title font
    /// as `TextEngine.measuresQuickly` allows. Never blocks on font work.
    public func sizesQuickly(_ request: SizeRequest) -> Bool {
        guard request.stack == nil, let title = request.title, let look = try? registry.look(named: request.look)
        else { return false }
        return text.measuresQuickly(title, request.genericTitle, "…", font: look.metrics.titleFont(for: request))
    }
}
