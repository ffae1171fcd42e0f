/// A JSON value: a Varlink message, a manifest, a catalogue, a report.
///
/// Objects keep their members in order (replies print in the order they were built) and are
/// looked up linearly: Varlink objects have a handful of members.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON does not tell integers from fractions, and neither does this.
    case number(Double)
    /// A string (never holding an unpaired surrogate: the parser refuses them).
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order, keys unique.
    case object([(key: String, value: JSONValue)])

    /// The member `key` of an object, or nil (also for values that are not objects).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        // By index: a closure over the members would copy (and retain) each one it looks at.
        for index in members.indices where members[index].key == key { return members[index].value }
        return nil
    }

    /// The value with every string longer than `limit` UTF-8 bytes cut at a character boundary
    /// at or before the limit and marked `… [cut: N bytes]`, N the bytes left out (the original
    /// length less the bytes kept).
    public func cappingStrings(at limit: Int) -> JSONValue {
        switch self {
        case .string(let text) where text.utf8.count > limit: .string(Self.cut(text, at: limit))
        case .array(let elements): .array(elements.map { $0.cappingStrings(at: limit) })
        case .object(let members): .object(members.map { ($0.key, $0.value.cappingStrings(at: limit)) })
        default: self
        }
    }

    /// `text` cut to at most `limit` UTF-8 bytes, at a character boundary, and marked as cut.
    package static func cut(_ text: String, at limit: Int) -> String {
        var end = text.startIndex
        var bytes = 0
        for index in text.indices {
            let next = text.index(after: index)
            let width = text.utf8.distance(from: index, to: next)
            guard bytes + width <= limit else { break }
            bytes += width
            end = next
        }
        return "\(text[..<end])… [cut: \(text.utf8.count - bytes) bytes]"
    }

    /// The JSON type's name, for error messages (`object`, `string`, …).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JSONValue {
    /// A number from an integer.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// An object from ordered members, leaving out members whose value is nil (Varlink's
    /// optional fields are absent rather than null).
    public static func members(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key: key, value: $0) } })
    }
}
