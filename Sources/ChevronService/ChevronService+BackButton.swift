import ChevronLooks
import ChevronRender
import ChevronText
import ChevronVarlink

/// io.chevron.BackButton: Size, SizeMany, Transition, ListLooks, DescribeLook.
extension ChevronService {
    func size(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        let request = try Self.sizeRequest(&parameters)
        try parameters.finish()
        return .reply(try layout(request).json)
    }

    /// The most SizeMany requests an event loop answers from memory (the rest go to a worker).
    static let largestBatchFromMemory = 64

    func sizeMany(_ call: VarlinkCall, context: VarlinkCallContext) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        guard let elements = try parameters.optionalArray("requests") else { throw .invalidParameter("requests") }
        try parameters.finish()
        guard elements.count <= configuration.maximumBatchSize else {
            throw VarlinkError(
                "io.chevron.BackButton.TooManyRequests",
                parameters: [
                    "parameter": "requests", "count": .int(elements.count),
                    "limit": .int(configuration.maximumBatchSize),
                ])
        }
        // An event loop answers small batches from memory; big ones go to a worker at once.
        if TextEngine.isAnsweringFromMemory, elements.count > Self.largestBatchFromMemory { throw .deferred }
        let sizing = sizing
        // A transport that streams gets a big batch in slices, as its peer reads them.
        if context.allowsStreaming, elements.count > Self.largestBatchFromMemory {
            return .stream(
                SizeManyStream(service: self, sizing: sizing, elements: elements, more: call.more, context: context))
        }
        var results: [JSONValue] = []
        results.reserveCapacity(elements.count)
        // A client that left gets nothing: stop measuring for it.
        for (index, element) in elements.enumerated() where !context.isAbandoned() {
            results.append(try sizeResult(index, element, sizing: sizing))
        }
        if call.more, !results.isEmpty { return .replies(results.map { ["results": [$0]] }) }
        return .reply(["results": .array(results)])
    }

    /// One SizeMany result: the layout of request `index`, or why there is none. Only
    /// `.deferred` is thrown (the whole batch then goes to a worker, not this one item).
    func sizeResult(_ index: Int, _ element: JSONValue, sizing: SizingEngine) throws(VarlinkError) -> JSONValue {
        do throws(VarlinkError) {
            var item = try VarlinkParameters(element, path: "requests[\(index)]")
            let request = try Self.sizeRequest(&item)
            try item.finish()
            return ["index": .int(index), "layout": try layout(request, sizing: sizing).json]
        } catch  where error == .deferred {
            throw error
        } catch {
            return ["index": .int(index), "failure": ["error": .string(error.name), "parameters": error.parameters]]
        }
    }

    func transition(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        guard var requestObject = try parameters.optionalObject("request") else { throw .invalidParameter("request") }
        let request = try Self.sizeRequest(&requestObject)
        try requestObject.finish()
        guard let kind = try parameters.optionalEnum("kind", as: TransitionKind.self) else {
            throw .invalidParameter("kind")
        }
        let wasCoveredByPush = try parameters.optionalBool("wasCoveredByPush") ?? false
        try parameters.finish()
        let sizing = sizing
        let transition = try mappingLookErrors(look: request.look) {
            try sizing.transition(kind, for: request, wasCoveredByPush: wasCoveredByPush)
        }
        return .reply([
            "kind": .string(transition.kind.rawValue), "from": transition.from.json, "to": transition.to.json,
            "duration": .number(transition.duration),
        ])
    }

    func render(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        // Drawing is never answered from memory: it always goes to a worker.
        if TextEngine.isAnsweringFromMemory { throw .deferred }
        var parameters = try VarlinkParameters(call.parameters)
        let request = try Self.sizeRequest(&parameters)
        try parameters.finish()
        let sizing = sizing
        let renderer = ButtonRenderer(engine: text)
        let (layout, png, width, height) = try mappingLookErrors(look: request.look) {
            let look = try sizing.registry.look(named: request.look)
            let layout = try look.layout(request, measurer: TitleMeasurer(engine: sizing.text))
            let canvas = try renderer.render(layout, look: look, request: request)
            return (layout, try canvas.png(), canvas.pixelWidth, canvas.pixelHeight)
        }
        return .reply([
            "png": .string(Base64.encode(png)), "pixelWidth": .int(width), "pixelHeight": .int(height),
            "layout": layout.json,
        ])
    }

    func listLooks(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        try VarlinkParameters(call.parameters).finish()
        return .reply(["looks": .array(registry.all.map(Self.summary))])
    }

    func describeLook(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        let name = try parameters.string("look")
        try parameters.finish()
        let registry = registry
        let look = try mappingLookErrors(look: name) { try registry.look(named: name) }
        return .reply(["look": Self.description(look)])
    }

    private func layout(_ request: SizeRequest, sizing: SizingEngine? = nil) throws(VarlinkError)
        -> BackButtonLayout
    {
        let sizing = sizing ?? self.sizing
        return try mappingLookErrors(look: request.look) { try sizing.size(request) }
    }

    /// The fields of a `SizeRequest`, read from `parameters` (a Size call, or one SizeMany item).
    static func sizeRequest(_ parameters: inout VarlinkParameters) throws(VarlinkError) -> SizeRequest {
        let look = try parameters.optionalString("look") ?? "classic"
        let title = try parameters.optionalString("title")
        var stack: [NavigationItem]?
        if let items = try parameters.optionalArray("stack") {
            var navigationItems: [NavigationItem] = []
            for (index, element) in items.enumerated() {
                var item = try VarlinkParameters(element, path: parameters.pathOf("stack[\(index)]"))
                navigationItems.append(
                    NavigationItem(
                        title: try item.optionalString("title"), backTitle: try item.optionalString("backTitle")))
                try item.finish()
            }
            stack = navigationItems
        }
        return SizeRequest(
            look: look, title: title, stack: stack, scale: try parameters.optionalInt("scale") ?? 1,
            maximumWidth: try parameters.optionalDouble("maxWidth"),
            overflow: try parameters.optionalEnum("overflow", as: OverflowPolicy.self),
            genericTitle: try parameters.optionalString("genericTitle") ?? "Back",
            direction: try parameters.optionalEnum("direction", as: TextDirection.self),
            language: try parameters.optionalString("language"),
            fontScale: try parameters.optionalDouble("fontScale") ?? 1)
    }

    static func summary(_ look: any BackButtonLook) -> JSONValue {
        let manifest = look as? ManifestLook
        return .members([
            "name": .string(look.name), "summary": .string(look.summary), "animated": .bool(look is any AnimatedLook),
            "builtIn": .bool(manifest == nil), "file": manifest.map { .string($0.file) },
        ])
    }

    static func art(_ art: ButtonArt) -> JSONValue {
        .members([
            "shape": .string(art.shape.rawValue), "pointDepth": .number(art.pointDepth),
            "cornerRadius": .number(art.cornerRadius), "fillTop": .string(art.fill.top),
            "fillBottom": .string(art.fill.bottom), "border": art.border.map(JSONValue.string),
            "highlight": art.highlight.map(JSONValue.string), "barTop": .string(art.bar.top),
            "barBottom": .string(art.bar.bottom),
        ])
    }

    static func description(_ look: any BackButtonLook) -> JSONValue {
        let metrics = look.metrics
        guard case .object(var members) = summary(look) else { return summary(look) }
        let colors = metrics.colors
        members += [
            (key: "font", value: .string(metrics.font.face.description)),
            (key: "fontSize", value: .number(metrics.font.size)),
            (key: "features", value: .array(metrics.font.features.map(JSONValue.string))),
            (key: "tracking", value: .number(metrics.tracking)), (key: "height", value: .number(metrics.height)),
            (key: "artWidth", value: .number(metrics.artWidth)),
            (key: "capInsets", value: HorizontalInsets(left: metrics.leftCap, right: metrics.rightCap).json),
            (key: "titleInsets", value: metrics.titleInsets.json),
            (key: "alignment", value: .string(metrics.alignment.rawValue)),
            (key: "padding", value: .number(metrics.padding)),
            (key: "minimumWidth", value: .number(metrics.minimumWidth)),
            (key: "maximumWidth", value: .number(metrics.maximumWidth)),
            (key: "overflow", value: .string(metrics.overflow.rawValue)),
            (key: "chevronWidth", value: .number(metrics.chevronWidth)),
            (
                key: "colors",
                value: .members([
                    "text": .string(colors.text), "shadow": colors.shadow.map(JSONValue.string),
                    "shadowOffsetX": colors.shadowOffset.map { .number($0.x) },
                    "shadowOffsetY": colors.shadowOffset.map { .number($0.y) },
                    "tint": colors.tint.map(JSONValue.string),
                ])
            ),
            (key: "art", value: art(look.art)),
            (
                key: "sources",
                value: .object(look.sources.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            ),
        ]
        return .object(members)
    }
}
