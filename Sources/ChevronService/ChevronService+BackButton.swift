import ChevronJSON
import ChevronLooks
import ChevronRender
import ChevronText
import ChevronVarlink
import ChevronWire

/// io.chevron.BackButton: Size, SizeMany, Transition, ListLooks, DescribeLook.
extension ChevronService: BackButtonInterfaceMethods {
    public func size(_ parameters: BackButtonInterface.Size.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let sizing = sizing
        switch sizing.lookUp(Self.sizeRequest(parameters)) {
        case .inMemory(let layout): return .value(layout.interfaceValue)
        case .toMake(let pending):
            // The cache was probed and the look found here: the work does neither again.
            let work: VarlinkWork = { [self] () throws(VarlinkError) in
                .value(try layout(pending, sizing: sizing).interfaceValue)
            }
            return sizing.sizesQuickly(pending) ? .shortWork(work) : .work(work)
        }
    }

    /// The most SizeMany requests an event loop looks up in memory (bigger batches go to a
    /// worker at once).
    static let largestBatchFromMemory = 64
    /// The longest SizeMany parameters text an event loop reads; a longer one (more requests
    /// than `largestBatchFromMemory` of any usual length) is read on a worker.
    static let largestBatchTextOnLoop = 16 << 10

    /// SizeMany reads its requests in one pass when all are valid (the usual case), else one by
    /// one: a request that is not a valid SizeRequest is a result with a failure
    /// (`requests[3].title`), not the call's error. A long call is read on a worker.
    public func sizeMany(call: VarlinkCall, context: VarlinkCallContext) throws(VarlinkError) -> VarlinkResponse {
        if let text = call.parametersText, text.count > Self.largestBatchTextOnLoop {
            return .work { [self] () throws(VarlinkError) in
                try sizeMany(try SizeManyBatch(call), more: call.more, context: context)
            }
        }
        return try sizeMany(try SizeManyBatch(call), more: call.more, context: context)
    }

    public func sizeMany(_ parameters: BackButtonInterface.SizeMany.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        try sizeMany(
            SizeManyBatch(.read(parameters.requests), fitOnly: parameters.result == .fit), more: false,
            context: context)
    }

    private func sizeMany(_ batch: SizeManyBatch, more: Bool, context: VarlinkCallContext) throws(VarlinkError)
        -> VarlinkResponse
    {
        guard batch.count <= configuration.maximumBatchSize else {
            throw VarlinkError(
                BackButtonInterface.TooManyRequests.self,
                .init(parameter: "requests", count: batch.count, limit: configuration.maximumBatchSize))
        }
        let sizing = sizing
        guard batch.count <= Self.largestBatchFromMemory else {
            // A big batch is sized on a worker, in slices when the transport streams.
            return .work { [self] () throws(VarlinkError) in
                if context.allowsStreaming {
                    return .stream(
                        SizeManyStream(service: self, sizing: sizing, batch: batch, more: more, context: context))
                }
                return Self.sizeManyReply(
                    (0..<batch.count).lazy.map {
                        self.sizeResult(
                            $0, batch.request($0), sizing: sizing, fitOnly: batch.fitOnly, filling: .freeRoomOnly)
                    },
                    more: more)
            }
        }
        // A small batch is answered here when every layout is in memory.
        let requests = (0..<batch.count).map(batch.request)
        var inMemory: [BackButtonInterface.SizeResult] = []
        var firstMiss: LayoutToMake?
        for (index, request) in requests.enumerated() {
            switch Self.lookUp(index, request, sizing: sizing, fitOnly: batch.fitOnly) {
            case .inMemory(let result): inMemory.append(result)
            case .toMake(let pending): firstMiss = pending
            }
            if firstMiss != nil { break }
        }
        guard let firstMiss else { return Self.sizeManyReply(inMemory, more: more) }
        let fitOnly = batch.fitOnly
        return .work { [self, inMemory] () throws(VarlinkError) in
            // A client that left gets nothing: stop measuring for it. The results found in
            // memory, and the first miss's look, are not looked up again.
            Self.sizeManyReply(
                requests.indices.lazy.prefix { _ in !context.isAbandoned() }.map { index in
                    if index < inMemory.count { return inMemory[index] }
                    if index == inMemory.count {
                        return self.sizeResult(index, firstMiss, sizing: sizing, fitOnly: fitOnly)
                    }
                    return self.sizeResult(index, requests[index], sizing: sizing, fitOnly: fitOnly)
                }, more: more)
        }
    }

    /// SizeMany's answer: one reply of all results, or, with `more`, one reply per result.
    private static func sizeManyReply(
        _ results: some Sequence<BackButtonInterface.SizeResult>, more: Bool
    ) -> VarlinkResponse {
        let results = Array(results)
        if more, !results.isEmpty {
            return .values(results.map { BackButtonInterface.SizeMany.Reply(results: [$0]) })
        }
        return .value(BackButtonInterface.SizeMany.Reply(results: results))
    }

    /// The result of request `index`: its layout, or only its fit.
    private static func result(_ index: Int, _ layout: BackButtonLayout, fitOnly: Bool)
        -> BackButtonInterface.SizeResult
    {
        fitOnly ? .init(index: index, fit: layout.fitValue) : .init(index: index, layout: layout.interfaceValue)
    }

    /// The result of request `index` that failed with `error`.
    private static func failed(_ index: Int, _ error: VarlinkError) -> BackButtonInterface.SizeResult {
        .init(index: index, failure: .init(error: error.name, parameters: error.parameters))
    }

    /// What one SizeMany request needs: its result when that needs no work (a request that
    /// could not be read, or a layout in memory), else the layout to make.
    private enum SizeLookup {
        case inMemory(BackButtonInterface.SizeResult)
        case toMake(LayoutToMake)
    }

    /// Looks SizeMany request `index` up in memory.
    private static func lookUp(
        _ index: Int, _ request: Result<SizeRequest, VarlinkError>, sizing: SizingEngine, fitOnly: Bool
    ) -> SizeLookup {
        switch request {
        case .failure(let error): return .inMemory(failed(index, error))
        case .success(let request):
            switch sizing.lookUp(request) {
            case .inMemory(let layout): return .inMemory(result(index, layout, fitOnly: fitOnly))
            case .toMake(let pending): return .toMake(pending)
            }
        }
    }

    /// The result of SizeMany request `index`, whose layout `lookUp` did not find in memory.
    private func sizeResult(_ index: Int, _ pending: LayoutToMake, sizing: SizingEngine, fitOnly: Bool)
        -> BackButtonInterface.SizeResult
    {
        do throws(VarlinkError) {
            return Self.result(index, try layout(pending, sizing: sizing), fitOnly: fitOnly)
        } catch {
            return Self.failed(index, error)
        }
    }

    /// One SizeMany result: the layout of request `index`, or why there is none. A big batch
    /// is a scan: it fills only the caches' free room (`.freeRoomOnly`; see `SizingEngine.size`).
    func sizeResult(
        _ index: Int, _ request: Result<SizeRequest, VarlinkError>, sizing: SizingEngine, fitOnly: Bool,
        filling: CacheFilling = .evicting
    ) -> BackButtonInterface.SizeResult {
        do throws(VarlinkError) {
            return Self.result(
                index, try layout(try request.get(), sizing: sizing, filling: filling), fitOnly: fitOnly)
        } catch {
            return Self.failed(index, error)
        }
    }

    public func transition(_ parameters: BackButtonInterface.Transition.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let request = Self.sizeRequest(parameters.request)
        let kind = TransitionKind(rawValue: parameters.kind.rawValue) ?? .push
        let wasCoveredByPush = parameters.wasCoveredByPush ?? false
        let sizing = sizing
        if let transition = sizing.transitionInMemory(kind, for: request, wasCoveredByPush: wasCoveredByPush) {
            return .value(Self.reply(transition))
        }
        return .work { [self] () throws(VarlinkError) in
            let transition = try mappingLookErrors(look: request.look) {
                try sizing.transition(kind, for: request, wasCoveredByPush: wasCoveredByPush)
            }
            return .value(Self.reply(transition))
        }
    }

    private static func reply(_ transition: BackButtonTransition) -> BackButtonInterface.Transition.Reply {
        BackButtonInterface.Transition.Reply(
            kind: BackButtonInterface.Transition.Reply.Kind(rawValue: transition.kind.rawValue) ?? .push,
            from: transition.from.interfaceValue, to: transition.to.interfaceValue, duration: transition.duration
        )
    }

    public func render(_ parameters: BackButtonInterface.Render.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let request = Self.sizeRequest(parameters)
        let sizing = sizing
        // Drawing always takes a worker.
        return .work { [self] () throws(VarlinkError) in try render(request, sizing: sizing) }
    }

    private func render(_ request: SizeRequest, sizing: SizingEngine) throws(VarlinkError) -> VarlinkResponse {
        let renderer = ButtonRenderer(engine: text)
        let (layout, png, width, height) = try mappingLookErrors(look: request.look) {
            let look = try sizing.registry.look(named: request.look)
            let layout = try sizing.size(request)
            let canvas = try renderer.render(layout, look: look, request: request)
            return (layout, try canvas.png(), canvas.pixelWidth, canvas.pixelHeight)
        }
        // The PNG's bytes, written as base64 only when the reply is written as text.
        return .value(
            BackButtonInterface.Render.Picture(
                png: png, pixelWidth: width, pixelHeight: height, layout: layout.interfaceValue))
    }

    public func listLooks(_ parameters: BackButtonInterface.ListLooks.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        .value(BackButtonInterface.ListLooks.Reply(looks: registry.all.map(Self.summary)))
    }

    public func describeLook(_ parameters: BackButtonInterface.DescribeLook.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let registry = registry
        let look = try mappingLookErrors(look: parameters.look) { try registry.look(named: parameters.look) }
        return .value(BackButtonInterface.DescribeLook.Reply(look: Self.description(look)))
    }

    private func layout(_ request: SizeRequest, sizing: SizingEngine, filling: CacheFilling = .evicting)
        throws(VarlinkError)
        -> BackButtonLayout
    {
        try mappingLookErrors(look: request.look) { try sizing.size(request, filling: filling) }
    }

    /// The layout `lookUp` did not find in memory, made; look and engine errors mapped to
    /// Varlink errors as `layout(_:sizing:filling:)` maps them.
    private func layout(_ pending: LayoutToMake, sizing: SizingEngine) throws(VarlinkError) -> BackButtonLayout {
        try mappingLookErrors(look: pending.request.look) { try sizing.make(pending) }
    }

    /// The engine's request for a SizeRequest read from the wire (a Size or Render call, a
    /// SizeMany item, a Transition's request): omitted fields take the documented defaults.
    static func sizeRequest(_ wire: BackButtonInterface.SizeRequest) -> SizeRequest {
        SizeRequest(
            look: wire.look ?? "classic", title: wire.title,
            stack: wire.stack?.map { NavigationItem(title: $0.title, backTitle: $0.backTitle) },
            scale: wire.scale ?? 1, maximumWidth: wire.maxWidth,
            overflow: wire.overflow.flatMap { OverflowPolicy(rawValue: $0.rawValue) },
            genericTitle: genericTitle(wire.genericTitle, language: wire.language),
            direction: wire.direction.flatMap { TextDirection(rawValue: $0.rawValue) }, language: wire.language,
            fontScale: wire.fontScale ?? 1,
            bar: barRequest(
                device: wire.device, barWidth: wire.barWidth, screenTitle: wire.screenTitle,
                screenTitleWidth: wire.screenTitleWidth, trailing: wire.trailing))
    }

    /// The generic title of a request: its own, else the one of its language
    /// (`GenericTitles`), else "Back".
    static func genericTitle(_ given: String?, language: String?) -> String {
        given ?? language.flatMap(GenericTitles.title(for:)) ?? "Back"
    }

    /// The bar fields of a request, nil when it gives none (the default device).
    static func barRequest(
        device: String?, barWidth: Double?, screenTitle: String?, screenTitleWidth: Double?,
        trailing: [BackButtonInterface.BarItem]?
    ) -> BarRequest? {
        let bar = BarRequest(
            device: device, width: barWidth, screenTitle: screenTitle, screenTitleWidth: screenTitleWidth,
            trailing: trailing?.map { BarItem(title: $0.title, width: $0.width) } ?? [])
        return bar.isEmpty ? nil : bar
    }

    /// The engine's request for a LayoutBar call: its fields as a SizeRequest's, read as one is.
    static func sizeRequest(_ wire: BackButtonInterface.LayoutBar.Parameters) -> SizeRequest {
        sizeRequest(
            BackButtonInterface.SizeRequest(
                look: wire.look, title: wire.title, stack: wire.stack, scale: wire.scale,
                overflow: wire.overflow.flatMap { .init(rawValue: $0.rawValue) }, genericTitle: wire.genericTitle,
                direction: wire.direction.flatMap { .init(rawValue: $0.rawValue) }, language: wire.language,
                fontScale: wire.fontScale, device: wire.device, barWidth: wire.barWidth, screenTitle: wire.screenTitle,
                screenTitleWidth: wire.screenTitleWidth, trailing: wire.trailing))
    }

    public func layoutBar(_ parameters: BackButtonInterface.LayoutBar.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let request = Self.sizeRequest(parameters)
        let sizing = sizing
        return .work { [self] () throws(VarlinkError) in
            let bar = try mappingLookErrors(look: request.look) { try sizing.layoutBar(request) }
            return .value(bar.interfaceValue)
        }
    }

    public func listDevices(_ parameters: BackButtonInterface.ListDevices.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        .value(
            BackButtonInterface.ListDevices.Reply(
                devices: Device.builtIn.map { .init(name: $0.name, width: $0.width, source: $0.source) },
                defaultDevice: Device.defaultDevice.name))
    }

    static func summary(_ look: any BackButtonLook) -> BackButtonInterface.LookSummary {
        let manifest = look as? ManifestLook
        return BackButtonInterface.LookSummary(
            name: look.name, summary: look.summary, animated: look is any AnimatedLook, builtIn: manifest == nil,
            file: manifest?.file)
    }

    static func art(_ art: ButtonArt) -> BackButtonInterface.LookArt {
        BackButtonInterface.LookArt(
            shape: BackButtonInterface.LookArt.Shape(rawValue: art.shape.rawValue) ?? .bezel,
            pointDepth: art.pointDepth, cornerRadius: art.cornerRadius, fillTop: art.fill.top,
            fillBottom: art.fill.bottom, border: art.border, highlight: art.highlight, barTop: art.bar.top,
            barBottom: art.bar.bottom)
    }

    static func description(_ look: any BackButtonLook) -> BackButtonInterface.LookDescription {
        let metrics = look.metrics
        let summary = summary(look)
        let colors = metrics.colors
        typealias Description = BackButtonInterface.LookDescription
        return Description(
            name: summary.name, summary: summary.summary, animated: summary.animated, builtIn: summary.builtIn,
            file: summary.file, font: metrics.font.face.description, fontSize: metrics.font.size,
            features: metrics.font.features, tracking: metrics.tracking, height: metrics.height,
            artWidth: metrics.artWidth,
            capInsets: HorizontalInsets(left: metrics.leftCap, right: metrics.rightCap).interfaceValue,
            titleInsets: metrics.titleInsets.interfaceValue,
            alignment: Description.Alignment(rawValue: metrics.alignment.rawValue) ?? .leading,
            padding: metrics.padding, minimumWidth: metrics.minimumWidth, maximumWidth: metrics.maximumWidth,
            overflow: Description.Overflow(rawValue: metrics.overflow.rawValue) ?? .truncate,
            chevronWidth: metrics.chevronWidth,
            colors: Description.Colors(
                text: colors.text, shadow: colors.shadow, shadowOffsetX: colors.shadowOffset?.x,
                shadowOffsetY: colors.shadowOffset?.y, tint: colors.tint),
            art: art(look.art), sources: look.sources)
    }
}

/// SizeMany's requests: read in one pass when every one is valid, else kept as trees, each read
/// when it is sized, so a bad request fails alone.
struct SizeManyBatch: Sendable {
    enum Requests: Sendable {
        case read([BackButtonInterface.SizeRequest])
        case trees([JSONValue])
    }

    let requests: Requests
    /// Whether each result is a fit (`result: "fit"`) rather than the whole layout.
    let fitOnly: Bool

    init(_ requests: Requests, fitOnly: Bool = false) {
        self.requests = requests
        self.fitOnly = fitOnly
    }

    /// The call's requests.
    /// - Throws: `InvalidParameter` when `requests` is missing or not an array, `result` is not
    ///   "layout" or "fit", or a parameter other than these is given.
    init(_ call: VarlinkCall) throws(VarlinkError) {
        if let parameters = try? call.read(BackButtonInterface.SizeMany.Parameters.self) {
            self.init(.read(parameters.requests), fitOnly: parameters.result == .fit)
            return
        }
        var parameters = try VarlinkParameters(call.parameters)
        guard let elements = try parameters.optionalArray("requests") else { throw .invalidParameter("requests") }
        let result = try parameters.optionalString("result")
        guard result == nil || result == "layout" || result == "fit" else { throw .invalidParameter("result") }
        try parameters.finish()
        self.init(.trees(elements), fitOnly: result == "fit")
    }

    var count: Int {
        switch requests {
        case .read(let requests): requests.count
        case .trees(let elements): elements.count
        }
    }

    /// Request `index`, or why it is not a valid SizeRequest (its result's failure).
    func request(_ index: Int) -> Result<SizeRequest, VarlinkError> {
        switch requests {
        case .read(let requests): return .success(ChevronService.sizeRequest(requests[index]))
        case .trees(let elements):
            do throws(VarlinkError) {
                return .success(
                    ChevronService.sizeRequest(
                        try BackButtonInterface.SizeRequest(tree: elements[index], path: "requests[\(index)]")))
            } catch {
                return .failure(error)
            }
        }
    }
}
