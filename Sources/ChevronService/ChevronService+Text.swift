import ChevronText
import ChevronVarlink

/// io.chevron.Text: MeasureText, ResolveFont, Truncate.
extension ChevronService {
    /// The font a Text method uses when the call names none: the classic back button's.
    static let defaultFont = FontRequest(pattern: "Helvetica:bold", size: 12)

    func measureText(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        let text = try parameters.string("text")
        let font = try Self.fontRequest(try parameters.optionalObject("font")) ?? Self.defaultFont
        try parameters.finish()
        let measurement = try mappingErrors(fontPrefix: "font") { () throws(TextError) in
            try self.text.measure(text, font: font)
        }
        return .reply(measurement.json)
    }

    func resolveFont(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        guard let font = try Self.fontRequest(try parameters.optionalObject("font")) else {
            throw .invalidParameter("font")
        }
        let text = try parameters.optionalString("text")
        try parameters.finish()
        let resolution = try mappingErrors(fontPrefix: "font") { () throws(TextError) in
            try self.text.resolve(font, text: text)
        }
        return .reply(
            .members([
                "primary": resolution.primary.json, "unitsPerEm": .int(resolution.metrics.unitsPerEm),
                "fallbacks": .array(resolution.fallbacks.map(\.json)),
                "missing": text == nil ? nil : .int(resolution.missing), "substituted": .bool(resolution.substituted),
            ]))
    }

    func truncate(_ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        let text = try parameters.string("text")
        let font = try Self.fontRequest(try parameters.optionalObject("font")) ?? Self.defaultFont
        let maxWidth = try parameters.double("maxWidth")
        let ellipsis = try parameters.optionalString("ellipsis") ?? "…"
        try parameters.finish()
        let truncation = try mappingErrors(fontPrefix: "font") { () throws(TextError) in
            try self.text.truncate(text, font: font, maxWidth: maxWidth, ellipsis: ellipsis)
        }
        return .reply([
            "displayed": .string(truncation.displayed), "width": .number(truncation.width),
            "truncated": .bool(truncation.truncated), "fullWidth": .number(truncation.fullWidth),
        ])
    }

    /// A `FontRequest` object: a pattern, or a family with weight and slant; nil when absent.
    static func fontRequest(_ object: VarlinkParameters?) throws(VarlinkError) -> FontRequest? {
        guard var object else { return nil }
        let pattern = try object.optionalString("pattern")
        let family = try object.optionalString("family")
        let weight = try object.optionalInt("weight")
        let slant = try object.optionalEnum("slant", as: FontSlant.self)
        let size = try object.optionalDouble("size") ?? defaultFont.size
        let language = try object.optionalString("language")
        let features = try object.optionalStrings("features") ?? []
        try object.finish()
        let face: FaceDescription
        switch (pattern, family) {
        case (let pattern?, nil):
            // A pattern carries its own weight and slant (Helvetica:bold:italic).
            if weight != nil { throw .invalidParameter(object.pathOf("weight")) }
            if slant != nil { throw .invalidParameter(object.pathOf("slant")) }
            face = .pattern(pattern)
        case (nil, let family?): face = .fields(family: family, weight: weight ?? 400, slant: slant ?? .roman)
        case (nil, nil): face = defaultFont.face
        case (_?, _?): throw .invalidParameter(object.pathOf("family"))
        }
        return FontRequest(face: face, size: size, language: language, features: features)
    }
}
