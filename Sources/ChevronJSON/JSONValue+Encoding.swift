extension JSONValue {
    /// Appends the value's compact JSON text, as UTF-8, to `bytes`.
    public func encode(into bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): Self.encode(number: value, into: &bytes)
        case .string(let value): Self.encode(string: value, into: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (position, value) in values.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                value.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.encode(string: member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The value's compact JSON text.
    public var jsonText: String {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Integers up to 2⁵³ print without a fraction; other numbers in Swift's shortest form that
    /// reads back to the same `Double`. JSON has no NaN or infinity: those print as `null`.
    static func encode(number: Double, into bytes: inout [UInt8]) {
        JSONText.withNumber(number) { bytes.append(contentsOf: $0) }
    }

    /// Appends a quoted string: runs that need no escaping are copied in one piece.
    static func encode(string: String, into bytes: inout [UInt8]) {
        JSONText.withQuoted(string) { bytes.append(contentsOf: $0) }
    }
}
