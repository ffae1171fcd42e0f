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
        // temporary that is copied once (the wide loads over narrower stores that stall, as
        // `BackButtonLayout`'s field order says).
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

    /// What the layout cache holds for `request` now, without font work: its layout, or the
    /// request with its look found, for `make`. A call that must make the layout elsewhere (an
    /// event loop handing it to a worker) so probes the cache and finds the look once each.
    public func lookUp(_ request: SizeRequest) -> LayoutLookup {
        if let layout = layoutInMemory(request) { return .inMemory(layout) }
        return .toMake(LayoutToMake(request: request, lookIndex: registry.index(of: request.look)))
    }

    /// Makes the layout `lookUp` did not find in memory, and keeps it in the layout cache, as
    /// `size` does after its miss (`filling` as there).
    /// - Throws: `LookError` for a bad request or an unknown look, `TextError` for bad text or fonts.
    public func make(_ pending: LayoutToMake, filling: CacheFilling = .evicting) throws -> BackButtonLayout {
        let index = try pending.lookIndex.get()
        guard let layouts else {
            return try registry.layout(
                pending.request, lookAt: index, measurer: TitleMeasurer(engine: text, filling: filling))
        }
        // Read before measuring: a rescan during the layout leaves the entry stale, never mislabelled.
        let generation = text.generation
        let layout = try registry.layout(
            pending.request, lookAt: index, measurer: TitleMeasurer(engine: text, filling: filling))
        layouts.insert(layout, for: pending.request, generation: generation, filling: filling)
        return layout
    }

    /// The layout for `request` when it is in memory now; nil when it would need the look's
    /// layout step (and so, perhaps, font work). Never blocks on fonts.
    public func layoutInMemory(_ request: SizeRequest) -> BackButtonLayout? {
        layouts?.layout(for: request, generation: text.generation)
    }

    /// Whether sizing `request` is short work that waits on nothing: one title (no stack, no
    /// screen title or titled trailing item in its bar), and that title, the generic title and
    /// the ellipsis each measurable in the look's title font as `TextEngine.measuresQuickly`
    /// allows. Never blocks on font work.
    public func sizesQuickly(_ request: SizeRequest) -> Bool {
        sizesQuickly(LayoutToMake(request: request, lookIndex: registry.index(of: request.look)))
    }

    /// Whether making `pending`'s layout is short work that waits on nothing, as
    /// `sizesQuickly(_:)` says of its request, with the look `lookUp` found.
    public func sizesQuickly(_ pending: LayoutToMake) -> Bool {
        let request = pending.request
        guard request.stack == nil, let title = request.title, case .success(let index) = pending.lookIndex
        else { return false }
        // A screen title or a titled trailing item is measured in other fonts: not short work.
        if let bar = request.bar, bar.screenTitle != nil || bar.trailing.contains(where: { $0.title != nil }) {
            return false
        }
        let font = registry.look(at: index).metrics.titleFont(for: request)
        return text.measuresQuickly(title, request.genericTitle, "…", font: font)
    }
}

/// What `SizingEngine.lookUp` found for a size request.
public enum LayoutLookup: Sendable {
    /// The layout, from the layout cache.
    case inMemory(BackButtonLayout)
    /// Not in memory: the layout to make.
    case toMake(LayoutToMake)
}

/// A size request whose layout is not in memory, with its look found in the engine's registry
/// (or the error of a name no look has): what `SizingEngine.make` lays out.
public struct LayoutToMake: Sendable {
    /// The request.
    public let request: SizeRequest
    /// Where the request's look is in the registry of the engine that made this.
    let lookIndex: Result<Int, LookError>
}
