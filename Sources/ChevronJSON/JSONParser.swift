/// Why a message is not acceptable JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the message where the problem was found.
    public let offset: Int
    /// What was wrong.
    public let reason: String

    /// A sentence naming the problem and its byte offset.
    public var description: String { "\(reason) at byte \(offset)" }

    /// The same problem counted from `count` bytes earlier: for text parsed after a prefix
    /// the parser was not given (a byte order mark), so that the offset is the file's.
    public func offset(by count: Int) -> JSONParseError { JSONParseError(offset: offset + count, reason: reason) }
}

/// A strict RFC 8259 parser: of a Varlink message, a look manifest, a string catalogue, the
/// check's project file.
///
/// Strict where Varlink peers need it to be: invalid UTF-8, unpaired surrogate escapes, raw
/// control characters in strings, duplicate keys, trailing bytes and nesting deeper than
/// `maximumDepth` are refused with the byte offset, never guessed at. Depth is checked before
/// recursing, so hostile nesting cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let defaultMaximumDepth = 32

    /// Parses `bytes` as exactly one JSON value (surrounding white space allowed).
    public static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth)
        throws(JSONParseError) -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipWhiteSpace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhiteSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected bytes after the JSON value") }
        return value
    }

    /// Parses the UTF-8 bytes of `text`.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError)
        -> JSONValue
    {
        var text = text
        do {
            return try text.withUTF8 { utf8 in try parse(UnsafeRawBufferPointer(utf8), maximumDepth: maximumDepth) }
        } catch let error as JSONParseError {
            throw error
        } catch {
            preconditionFailure("only JSONParseError is thrown")
        }
    }

    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    @usableFromInline var position = 0
    /// Whether each value's offset is kept in `spans` (`parseLocated`).
    var keepsSpans = false
    /// Per value parsed, in the order they start: its offset and how many values it spans.
    var spans: [LocatedJSON.Span] = []

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func error(_ reason: String) -> JSONParseError {
        JSONParseError(offset: position, reason: reason)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Skips spaces, tabs and line ends. Inlined, with the usual case (no white space: writers
    /// such as ours put none between tokens) decided by one comparison.
    @inline(__always)
    mutating func skipWhiteSpace() {
        guard let byte = current, byte <= 0x20 else { return }
        skipWhiteSpaceRun()
    }

    private mutating func skipWhiteSpaceRun() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// One value, its offset kept when `keepsSpans`.
    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard keepsSpans else { return try parseBareValue(depth: depth) }
        let index = spans.count
        spans.append(LocatedJSON.Span(offset: position, count: 1))
        let value = try parseBareValue(depth: depth)
        spans[index].count = spans.count - index
        return value
    }

    private mutating func parseBareValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("the message ends where a value should start") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(Self.describe(byte)) where a value should start")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("the message ends inside a literal") }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
            throw error("invalid literal (expected \(literal))")
        }
        position += count
    }

    mutating func checkDepth(_ depth: Int) throws(JSONParseError) {
        guard depth <= maximumDepth else {
            throw error("arrays and objects nest deeper than \(maximumDepth) levels (the limit)")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1
        var values: [JSONValue] = []
        skipWhiteSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(values)
        }
        while true {
            skipWhiteSpace()
            values.append(try parseValue(depth: depth))
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(values)
            default: throw error("expected , or ] in an array")
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipWhiteSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let keyOffset = position
            let key = try parseString()
            // Small objects (every Varlink call) are checked by a scan; big ones by a set.
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            guard !duplicate else {
                throw JSONParseError(offset: keyOffset, reason: "duplicate key \"\(key)\"")
            }
            skipWhiteSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected : after an object key") }
            position += 1
            skipWhiteSpace()
            members.append((key: key, value: try parseValue(depth: depth)))
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw error("expected , or } in an object")
            }
        }
    }
}
