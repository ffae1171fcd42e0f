import NIOCore

/// What generated wire types (`Sources/ChevronWire`) read values with: each function checks one
/// JSON value against an IDL type and throws `InvalidParameter` naming `path` when it does not fit.
/// A nil path names nothing: a first read builds no path strings, and only a read that failed
/// is done again with paths, to say where.
public enum Wire {
    /// `value`, or `InvalidParameter` for a required field that is absent (or null).
    public static func required(_ value: JSONValue?, _ path: String?) throws(VarlinkError) -> JSONValue {
        guard let value else { throw .invalidParameter(path ?? "") }
        return value
    }

    /// A string, never holding NUL (the message terminator).
    public static func string(_ value: JSONValue, _ path: String?) throws(VarlinkError) -> String {
        guard case .string(let text) = value, !text.utf8.contains(0) else { throw .invalidParameter(path ?? "") }
        return text
    }

    /// A finite number.
    public static func double(_ value: JSONValue, _ path: String?) throws(VarlinkError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw .invalidParameter(path ?? "") }
        return number
    }

    /// A number without a fraction, within ±2⁵³.
    public static func int(_ value: JSONValue, _ path: String?) throws(VarlinkError) -> Int {
        let number = try double(value, path)
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else {
            throw .invalidParameter(path ?? "")
        }
        return Int(number)
    }

    /// `true` or `false`.
    public static func bool(_ value: JSONValue, _ path: String?) throws(VarlinkError) -> Bool {
        guard case .bool(let flag) = value else { throw .invalidParameter(path ?? "") }
        return flag
    }

    /// Any JSON object (the IDL's `object`).
    public static func object(_ value: JSONValue, _ path: String?) throws(VarlinkError) -> JSONValue {
        guard case .object = value else { throw .invalidParameter(path ?? "") }
        return value
    }

    /// One of an enum's names.
    public static func enumeration<T: RawRepresentable>(_ value: JSONValue, _ path: String?, as type: T.Type)
        throws(VarlinkError) -> T where T.RawValue == String
    {
        guard let known = T(rawValue: try string(value, path)) else { throw .invalidParameter(path ?? "") }
        return known
    }

    /// An array, each element read by `element` with its path (`path[2]`).
    public static func array<T>(
        _ value: JSONValue, _ path: String?, _ element: (JSONValue, String?) throws(VarlinkError) -> T
    ) throws(VarlinkError) -> [T] {
        guard case .array(let elements) = value else { throw .invalidParameter(path ?? "") }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for index in elements.indices { result.append(try element(elements[index], path.map { "\($0)[\(index)]" })) }
        return result
    }

    /// A map from strings (`[string]T`), each value read by `element` with its path (`path.key`).
    public static func dictionary<T>(
        _ value: JSONValue, _ path: String?, _ element: (JSONValue, String?) throws(VarlinkError) -> T
    ) throws(VarlinkError) -> [String: T] {
        guard case .object(let members) = value else { throw .invalidParameter(path ?? "") }
        var result: [String: T] = [:]
        for member in members { result[member.key] = try element(member.value, path.map { "\($0).\(member.key)" }) }
        return result
    }

    /// A value that may be null (a `?` type inside an array or map).
    public static func optional<T>(_ value: JSONValue, _ read: (JSONValue) throws(VarlinkError) -> T)
        throws(VarlinkError) -> T?
    {
        if case .null = value { return nil }
        return try read(value)
    }
}

extension Wire {
    // The writers generated types call, generic over where the text goes and inlinable, so that
    // each generated `encode(into:)` is specialised for an array and for a ByteBuffer.

    /// Writes `"name":`, after a comma unless it is the object's first member.
    @inlinable
    public static func key<Output: JSONOutput>(
        _ name: StaticString, after separated: inout Bool, into bytes: inout Output
    ) {
        if separated { bytes.writeJSON(byte: UInt8(ascii: ",")) }
        separated = true
        bytes.writeJSON(byte: UInt8(ascii: "\""))
        literal(name, into: &bytes)
        bytes.writeJSON(byte: UInt8(ascii: "\""))
        bytes.writeJSON(byte: UInt8(ascii: ":"))
    }

    /// Writes literal text (a key with its quotes and colon, `null`).
    @inlinable
    public static func literal<Output: JSONOutput>(_ text: StaticString, into bytes: inout Output) {
        bytes.writeJSON(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable
    public static func write<Output: JSONOutput>(bool: Bool, into bytes: inout Output) {
        literal(bool ? "true" : "false", into: &bytes)
    }

    @inlinable
    public static func write<Output: JSONOutput>(number: Double, into bytes: inout Output) {
        JSONText.withNumber(number) { bytes.writeJSON(bytes: $0) }
    }

    @inlinable
    public static func write<Output: JSONOutput>(string: String, into bytes: inout Output) {
        JSONText.withQuoted(string) { bytes.writeJSON(bytes: $0) }
    }

    /// Any JSON value (the IDL's `object`): written as an array first, then copied (free-form
    /// objects are only error parameters, never a hot path).
    @inlinable
    public static func write<Output: JSONOutput>(json value: JSONValue, into bytes: inout Output) {
        var text: [UInt8] = []
        value.encode(into: &text)
        text.withUnsafeBytes { bytes.writeJSON(bytes: $0) }
    }

    @inlinable
    public static func write<T, Output: JSONOutput>(
        array: [T], into bytes: inout Output, _ element: (T, inout Output) -> Void
    ) {
        bytes.writeJSON(byte: UInt8(ascii: "["))
        for index in array.indices {
            if index > 0 { bytes.writeJSON(byte: UInt8(ascii: ",")) }
            element(array[index], &bytes)
        }
        bytes.writeJSON(byte: UInt8(ascii: "]"))
    }

    /// A map, keys sorted (the text is the same for the same map).
    @inlinable
    public static func write<T, Output: JSONOutput>(
        dictionary: [String: T], into bytes: inout Output, _ element: (T, inout Output) -> Void
    ) {
        bytes.writeJSON(byte: UInt8(ascii: "{"))
        for (position, member) in dictionary.sorted(by: { $0.key < $1.key }).enumerated() {
            if position > 0 { bytes.writeJSON(byte: UInt8(ascii: ",")) }
            write(string: member.key, into: &bytes)
            bytes.writeJSON(byte: UInt8(ascii: ":"))
            element(member.value, &bytes)
        }
        bytes.writeJSON(byte: UInt8(ascii: "}"))
    }
}

/// A struct generated from an interface description: read strictly from a parsed message, and
/// written to one. (Codable too, so tools can print it; the wire itself never goes through
/// Codable.)
public protocol WireStruct: Sendable, Hashable, Codable {
    /// Reads `value`; `InvalidParameter` names the path (under `path`) of a missing or mistyped
    /// field and, when `strict` (a call's parameters), of a field the interface does not declare.
    /// Replies are read with `strict` false, so a newer daemon's added fields do not break a client.
    init(wire value: JSONValue, path: String, strict: Bool) throws(VarlinkError)
    /// Reads the JSON text in one pass, without a tree; fails wherever `init(wire:)` would throw
    /// (and wherever else it is unsure), so a caller reads the slow way to name the error.
    init(reading reader: inout JSONReader, strict: Bool) throws(JSONReadFailure)
    /// The message's value, absent optionals left out.
    var wire: JSONValue { get }
    /// Writes the message's compact JSON text into a channel's buffer (a reply written where it
    /// will be sent), absent optionals left out.
    func encode(into buffer: inout ByteBuffer)
    /// Writes the message's compact JSON text into `bytes`, absent optionals left out.
    func encode(into bytes: inout [UInt8])
    /// The message as already-written JSON text (`JSONValue.encoded`).
    var encoded: JSONValue { get }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members):
            try container.encode(
                Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        case .encoded:
            // Bytes already written as JSON text: read back to encode them as a value.
            if let parsed = try? JSONParser.parse(jsonText) {
                try container.encode(parsed)
            } else {
                try container.encodeNil()
            }
        }
    }
}
