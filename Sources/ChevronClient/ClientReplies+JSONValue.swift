import ChevronVarlink

/// Reading the hot replies (SizeMany's layouts) straight from the parsed message, without a
/// round trip through Foundation's JSONDecoder, which costs more than the daemon's answer.
struct ReplyReader {
    let value: JSONValue
    let method: String

    func failure(_ field: String) -> ChevronClientError {
        ChevronClientError(.protocolViolation, message: "\(method)'s reply has no valid \"\(field)\"")
    }

    func number(_ key: String) throws(ChevronClientError) -> Double {
        guard case .number(let number)? = value[key] else { throw failure(key) }
        return number
    }

    func string(_ key: String) throws(ChevronClientError) -> String {
        guard case .string(let string)? = value[key] else { throw failure(key) }
        return string
    }

    func optionalString(_ key: String) -> String? {
        guard case .string(let string)? = value[key] else { return nil }
        return string
    }

    func bool(_ key: String) throws(ChevronClientError) -> Bool {
        guard case .bool(let flag)? = value[key] else { throw failure(key) }
        return flag
    }

    func object(_ key: String) throws(ChevronClientError) -> ReplyReader {
        guard let nested = value[key], case .object = nested else { throw failure(key) }
        return ReplyReader(value: nested, method: method)
    }

    func rect(_ key: String) throws(ChevronClientError) -> RectReply {
        let rect = try object(key)
        return RectReply(
            x: try rect.number("x"), y: try rect.number("y"), width: try rect.number("width"),
            height: try rect.number("height"))
    }

    func insets(_ key: String) throws(ChevronClientError) -> InsetsReply {
        let insets = try object(key)
        return InsetsReply(left: try insets.number("left"), right: try insets.number("right"))
    }
}

extension LayoutReply {
    init(_ reader: ReplyReader) throws(ChevronClientError) {
        let font = try reader.object("font")
        self.init(
            look: try reader.string("look"), width: try reader.number("width"), height: try reader.number("height"),
            titleFrame: try reader.rect("titleFrame"), displayedTitle: try reader.string("displayedTitle"),
            titleSource: try reader.string("titleSource"), truncated: try reader.bool("truncated"),
            capInsets: try reader.insets("capInsets"), titleInsets: try reader.insets("titleInsets"),
            hitRect: try reader.rect("hitRect"), direction: try reader.string("direction"),
            font: Font(
                family: try font.string("family"), style: try font.string("style"), file: try font.string("file"),
                size: try font.number("size"), requested: try font.string("requested"),
                substituted: try font.bool("substituted")),
            textWidth: try reader.number("textWidth"),
            missingGlyphs: try Int(exactly: reader.number("missingGlyphs")).orThrow(reader.failure("missingGlyphs")))
    }
}

extension SizeResultReply {
    init(_ reader: ReplyReader) throws(ChevronClientError) {
        var failure: Failure?
        // Checked without `try?`: a thrown error builds its message, and most results have no failure.
        if let failed = reader.value["failure"], case .object = failed {
            let failed = ReplyReader(value: failed, method: reader.method)
            let parameters =
                (try? failed.object("parameters")) ?? ReplyReader(value: .object([]), method: reader.method)
            failure = Failure(
                error: try failed.string("error"),
                parameters: Failure.Parameters(
                    parameter: parameters.optionalString("parameter"), message: parameters.optionalString("message"),
                    look: parameters.optionalString("look")))
        }
        self.init(
            index: try Int(exactly: reader.number("index")).orThrow(reader.failure("index")),
            layout: reader.value["layout"] == nil ? nil : try LayoutReply(try reader.object("layout")),
            failure: failure)
    }
}

extension Optional {
    /// The value, or `error` when there is none.
    func orThrow(_ error: ChevronClientError) throws(ChevronClientError) -> Wrapped {
        guard let self else { throw error }
        return self
    }
}
