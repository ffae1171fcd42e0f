import ChevronVarlink

/// Typed calls. Every method of the interfaces (see `Sources/ChevronService/Interfaces/`) is
/// called with `call(_:_:)`, typed by the declaration `make wire` generates for it; the functions
/// below name the common calls, and add only what the wire does not say (a default for an older
/// daemon, a PNG decoded). The parameters are written as JSON text straight from their
/// generated type, no tree.
extension ChevronClient {
    /// Calls the method `Method` with `parameters` and reads its one reply as its generated type.
    /// - Throws: `ChevronClientError`; a Varlink error reply has code `remote`, a reply that does
    ///   not read `protocolViolation` naming the field.
    public func call<Method: VarlinkMethodDeclaration>(_ method: Method.Type, _ parameters: Method.Parameters)
        async throws(ChevronClientError) -> Method.Reply
    {
        try await call(Method.name, parameters, as: Method.Reply.self)
    }

    /// io.chevron.Text.MeasureText: one line of text in a font.
    public func measureText(_ text: String, font: FontParameters? = nil) async throws(ChevronClientError)
        -> MeasurementReply
    {
        try await call(TextInterface.MeasureText.self, .init(text: text, font: font))
    }

    /// io.chevron.Text.ResolveFont: the primary face and fallbacks (those `text` needs, if given).
    public func resolveFont(_ font: FontParameters, text: String? = nil) async throws(ChevronClientError)
        -> FontResolutionReply
    {
        try await call(TextInterface.ResolveFont.self, .init(font: font, text: text))
    }

    /// io.chevron.Text.Truncate: the longest prefix that fits `maxWidth` with the ellipsis.
    public func truncate(_ text: String, font: FontParameters? = nil, maxWidth: Double, ellipsis: String? = nil)
        async throws(ChevronClientError) -> TruncationReply
    {
        try await call(
            TextInterface.Truncate.self, .init(text: text, font: font, maxWidth: maxWidth, ellipsis: ellipsis))
    }

    /// io.chevron.Service.GetFingerprint: the hash of everything that changes an answer. Throws
    /// the remote error `io.chevron.Service.Pending` while the daemon is still computing it.
    public func fingerprint() async throws(ChevronClientError) -> FingerprintReply {
        try await call(ServiceInterface.GetFingerprint.self, .init())
    }

    /// io.chevron.Service.GetLimits: the bounds calls must keep to. A daemon older than the
    /// method gets the defaults (1 MiB messages, 4,096-byte titles, 10,000 requests per SizeMany).
    public func limits() async throws(ChevronClientError) -> LimitsReply {
        do {
            return try await call(ServiceInterface.GetLimits.self, .init())
        } catch  where error.error?.name == "org.varlink.service.MethodNotFound" {
            // What such a daemon allowed: no message over the default, no title over 4,096 bytes.
            return LimitsReply(
                messageBytes: VarlinkDefaults.maximumMessageBytes, textBytes: 4096, sizeManyRequests: 10_000)
        }
    }

    /// io.chevron.BackButton.Size: one back button's layout.
    public func size(_ request: SizeParameters) async throws(ChevronClientError) -> LayoutReply {
        try await call(BackButtonInterface.Size.self, request)
    }

    /// io.chevron.BackButton.LayoutBar: a whole navigation bar, the back button in the room the
    /// bar leaves it, the screen title and the trailing items placed.
    public func layoutBar(_ request: BarParameters) async throws(ChevronClientError) -> BarLayoutReply {
        try await call(BackButtonInterface.LayoutBar.self, request)
    }

    /// io.chevron.BackButton.ListDevices: the devices a bar can be named by.
    public func devices() async throws(ChevronClientError) -> DevicesReply {
        try await call(BackButtonInterface.ListDevices.self, .init())
    }

    /// io.chevron.BackButton.SizeMany: many layouts in one call; a failed request is a result
    /// with a `failure`, not a thrown error. With `result: .fit` each result holds only its `fit`
    /// (what a check reads: widths, limit, shown title, face's family), not the whole layout.
    public func sizeMany(
        _ requests: [SizeParameters], result: BackButtonInterface.SizeMany.Parameters.Result? = nil
    ) async throws(ChevronClientError) -> [SizeResultReply] {
        try await call(BackButtonInterface.SizeMany.self, .init(requests: requests, result: result)).results
    }

    /// io.chevron.BackButton.Render: a PNG of the button and its layout. The PNG's base64 is
    /// decoded as the reply is read; from a service in this process its bytes come as they are.
    public func render(_ request: SizeParameters) async throws(ChevronClientError) -> RenderReply {
        let picture = try await call(
            BackButtonInterface.Render.name, request, as: BackButtonInterface.Render.Picture.self)
        return RenderReply(
            png: picture.png, pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight, layout: picture.layout)
    }

    /// io.chevron.BackButton.Transition: an animated look's keyframes.
    public func transition(
        _ request: SizeParameters, kind: BackButtonInterface.Transition.Parameters.Kind, wasCoveredByPush: Bool = false
    ) async throws(ChevronClientError) -> TransitionReply {
        try await call(
            BackButtonInterface.Transition.self, .init(request: request, kind: kind, wasCoveredByPush: wasCoveredByPush)
        )
    }

    /// io.chevron.BackButton.ListLooks.
    public func listLooks() async throws(ChevronClientError) -> [LookSummaryReply] {
        try await call(BackButtonInterface.ListLooks.self, .init()).looks
    }

    /// io.chevron.BackButton.DescribeLook: a look's numbers and their sources.
    public func describeLook(_ name: String) async throws(ChevronClientError) -> LookDescriptionReply {
        try await call(BackButtonInterface.DescribeLook.self, .init(look: name)).look
    }

    /// io.chevron.Service.GetStatistics.
    public func statistics() async throws(ChevronClientError) -> StatisticsReply {
        try await call(ServiceInterface.GetStatistics.self, .init())
    }

    /// io.chevron.Service.Reload: re-read looks and fonts (root or the daemon's user only).
    public func reload() async throws(ChevronClientError) -> ReloadReply {
        try await call(ServiceInterface.Reload.self, .init())
    }
}
