import ChevronVarlink

/// Typed calls, one per method of the interfaces (see `Sources/ChevronService/Interfaces/`).
extension ChevronClient {
    /// io.chevron.Text.MeasureText: one line of text in a font.
    public func measureText(_ text: String, font: FontParameters? = nil) async throws(ChevronClientError)
        -> MeasurementReply
    {
        try await call(
            "io.chevron.Text.MeasureText", .members(["text": .string(text), "font": font?.json]),
            as: MeasurementReply.self)
    }

    /// io.chevron.Text.ResolveFont: the primary face and fallbacks (those `text` needs, if given).
    public func resolveFont(_ font: FontParameters, text: String? = nil) async throws(ChevronClientError)
        -> FontResolutionReply
    {
        try await call(
            "io.chevron.Text.ResolveFont", .members(["font": font.json, "text": text.map(JSONValue.string)]),
            as: FontResolutionReply.self)
    }

    /// io.chevron.Text.Truncate: the longest prefix that fits `maxWidth` with the ellipsis.
    public func truncate(_ text: String, font: FontParameters? = nil, maxWidth: Double, ellipsis: String? = nil)
        async throws(ChevronClientError) -> TruncationReply
    {
        try await call(
            "io.chevron.Text.Truncate",
            .members([
                "text": .string(text), "font": font?.json, "maxWidth": .number(maxWidth),
                "ellipsis": ellipsis.map(JSONValue.string),
            ]), as: TruncationReply.self)
    }

    /// io.chevron.Service.GetFingerprint: the hash of everything that changes an answer. Throws
    /// the remote error `io.chevron.Service.Pending` while the daemon is still computing it.
    public func fingerprint() async throws(ChevronClientError) -> FingerprintReply {
        try await call("io.chevron.Service.GetFingerprint", .object([]), as: FingerprintReply.self)
    }

    /// io.chevron.Service.GetLimits: the bounds calls must keep to. A daemon older than the
    /// method gets the defaults (1 MiB messages, 4,096-byte titles, 10,000 requests per SizeMany).
    public func limits() async throws(ChevronClientError) -> LimitsReply {
        do {
            return try await call("io.chevron.Service.GetLimits", .object([]), as: LimitsReply.self)
        } catch  where error.error?.name == "org.varlink.service.MethodNotFound" {
            return LimitsReply(messageBytes: 1 << 20, textBytes: 4096, sizeManyRequests: 10_000)
        }
    }

    /// io.chevron.BackButton.Size: one back button's layout.
    public func size(_ request: SizeParameters) async throws(ChevronClientError) -> LayoutReply {
        let method = "io.chevron.BackButton.Size"
        guard let reply = try await call(method, request.json).first else {
            throw ChevronClientError(.protocolViolation, message: "\(method) sent no reply")
        }
        return try LayoutReply(ReplyReader(value: reply, method: method))
    }

    /// io.chevron.BackButton.SizeMany: many layouts in one call; a failed request is a result
    /// with a `failure`, not a thrown error.
    public func sizeMany(_ requests: [SizeParameters]) async throws(ChevronClientError) -> [SizeResultReply] {
        let method = "io.chevron.BackButton.SizeMany"
        guard let reply = try await call(method, ["requests": .array(requests.map(\.json))]).first,
            case .array(let results)? = reply["results"]
        else { throw ChevronClientError(.protocolViolation, message: "\(method)'s reply has no results") }
        var decoded: [SizeResultReply] = []
        decoded.reserveCapacity(results.count)
        for result in results { decoded.append(try SizeResultReply(ReplyReader(value: result, method: method))) }
        return decoded
    }

    /// io.chevron.BackButton.Render: a PNG of the button and its layout.
    public func render(_ request: SizeParameters) async throws(ChevronClientError) -> RenderReply {
        let method = "io.chevron.BackButton.Render"
        guard let reply = try await call(method, request.json).first else {
            throw ChevronClientError(.protocolViolation, message: "\(method) sent no reply")
        }
        let reader = ReplyReader(value: reply, method: method)
        guard let png = Base64.decode(try reader.string("png")) else { throw reader.failure("png") }
        return RenderReply(
            png: png, pixelWidth: try Int(exactly: reader.number("pixelWidth")).orThrow(reader.failure("pixelWidth")),
            pixelHeight: try Int(exactly: reader.number("pixelHeight")).orThrow(reader.failure("pixelHeight")),
            layout: try LayoutReply(try reader.object("layout")))
    }

    /// io.chevron.BackButton.Transition: an animated look's keyframes.
    public func transition(_ request: SizeParameters, kind: String, wasCoveredByPush: Bool = false)
        async throws(ChevronClientError) -> TransitionReply
    {
        try await call(
            "io.chevron.BackButton.Transition",
            ["request": request.json, "kind": .string(kind), "wasCoveredByPush": .bool(wasCoveredByPush)],
            as: TransitionReply.self)
    }

    /// io.chevron.BackButton.ListLooks.
    public func listLooks() async throws(ChevronClientError) -> [LookSummaryReply] {
        struct Looks: Decodable { let looks: [LookSummaryReply] }
        return try await call("io.chevron.BackButton.ListLooks", .object([]), as: Looks.self).looks
    }

    /// io.chevron.BackButton.DescribeLook: a look's numbers and their sources.
    public func describeLook(_ name: String) async throws(ChevronClientError) -> LookDescriptionReply {
        struct Described: Decodable { let look: LookDescriptionReply }
        return try await call("io.chevron.BackButton.DescribeLook", ["look": .string(name)], as: Described.self).look
    }

    /// io.chevron.Service.GetStatistics.
    public func statistics() async throws(ChevronClientError) -> StatisticsReply {
        try await call("io.chevron.Service.GetStatistics", .object([]), as: StatisticsReply.self)
    }

    /// io.chevron.Service.Reload: re-read looks and fonts (root or the daemon's user only).
    public func reload() async throws(ChevronClientError) -> ReloadReply {
        try await call("io.chevron.Service.Reload", .object([]), as: ReloadReply.self)
    }
}
