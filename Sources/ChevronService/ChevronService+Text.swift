import ChevronText
import ChevronVarlink
import ChevronWire

/// io.chevron.Text: MeasureText, ResolveFont, Truncate.
extension ChevronService: TextInterfaceMethods {
    /// The font a Text method uses when the call names none: the classic back button's.
    static let defaultFont = FontRequest(pattern: "Helvetica:bold", size: 12)

    public func measureText(_ parameters: TextInterface.MeasureText.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let font = try Self.fontRequest(parameters.font, path: "font") ?? Self.defaultFont
        if let measurement = text.measurementInMemory(parameters.text, font: font) {
            return .value(measurement.interfaceValue)
        }
        let work: VarlinkWork = { [self] () throws(VarlinkError) in
            let measurement = try mappingErrors(fontPrefix: "font") { () throws(TextError) in
                try text.measure(parameters.text, font: font)
            }
            return .value(measurement.interfaceValue)
        }
        return text.measuresQuickly(parameters.text, font: font) ? .shortWork(work) : .work(work)
    }

    public func resolveFont(_ parameters: TextInterface.ResolveFont.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let font = try Self.fontRequest(parameters.font, path: "font") ?? Self.defaultFont
        // Fallback chains and coverage always ask fontconfig.
        return .work { [self] () throws(VarlinkError) in try resolveFont(font, text: parameters.text) }
    }

    private func resolveFont(_ font: FontRequest, text: String?) throws(VarlinkError) -> VarlinkResponse {
        let resolution = try mappingErrors(fontPrefix: "font") { () throws(TextError) in
            try self.text.resolve(font, text: text)
        }
        return .value(
            TextInterface.ResolveFont.Reply(
                primary: resolution.primary.interfaceValue, unitsPerEm: resolution.metrics.unitsPerEm,
                fallbacks: resolution.fallbacks.map(\.interfaceValue), missing: text == nil ? nil : resolution.missing,
                substituted: resolution.substituted))
    }

    public func truncate(_ parameters: TextInterface.Truncate.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let font = try Self.fontRequest(parameters.font, path: "font") ?? Self.defaultFont
        let (title, maxWidth, ellipsis) = (parameters.text, parameters.maxWidth, parameters.ellipsis ?? "…")
        if let truncation = text.truncationInMemory(title, font: font, maxWidth: maxWidth, ellipsis: ellipsis) {
            return .value(Self.reply(truncation))
        }
        let work: VarlinkWork = { [self] () throws(VarlinkError) in
            let truncation = try mappingErrors(fontPrefix: "font") { () throws(TextError) in
                try text.truncate(title, font: font, maxWidth: maxWidth, ellipsis: ellipsis)
            }
            return .value(Self.reply(truncation))
        }
        return text.measuresQuickly(title, ellipsis, font: font) ? .shortWork(work) : .work(work)
    }

    private static func reply(_ truncation: Truncation) -> TextInterface.Truncate.Reply {
        TextInterface.Truncate.Reply(
            displayed: truncation.displayed, width: truncation.width, truncated: truncation.truncated,
            fullWidth: truncation.fullWidth
        )
    }

    /// The engine's request for a `FontRequest` read from the wire (at `path`): a pattern, or a
    /// family with weight and slant; nil when absent.
    static func fontRequest(_ wire: TextInterface.FontRequest?, path: String) throws(VarlinkError) -> FontRequest? {
        guard let wire else { return nil }
        let face: FaceDescription
        switch (wire.pattern, wire.family) {
        case (let pattern?, nil):
            // A pattern carries its own weight and slant (Helvetica:bold:italic).
            if wire.weight != nil { throw .invalidParameter("\(path).weight") }
            if wire.slant != nil { throw .invalidParameter("\(path).slant") }
            face = .pattern(pattern)
        case (nil, let family?):
            face = .fields(
                family: family, weight: wire.weight ?? 400,
                slant: wire.slant.flatMap { FontSlant(rawValue: $0.rawValue) } ?? .roman)
        case (nil, nil): face = defaultFont.face
        case (_?, _?): throw .invalidParameter("\(path).family")
        }
        return FontRequest(
            face: face, size: wire.size ?? defaultFont.size, language: wire.language, features: wire.features ?? [])
    }
}
