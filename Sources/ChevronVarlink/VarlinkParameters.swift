import ChevronJSON

/// Reads a call's parameters field by field, as a method's signature declares them.
///
/// Every problem becomes `org.varlink.service.InvalidParameter` naming the field by its path
/// (`stack[2].title`): a missing required field, a wrong type, a string holding NUL. Call
/// `finish()` last: a field the method does not know is an error too, never silently ignored.
public struct VarlinkParameters {
    private let members: [(key: String, value: JSONValue)]
    /// Which members a field was asked for: bit i for member i (the first 64), then a list.
    private var readMask: UInt64 = 0
    private var readBeyond: [Int] = []
    /// The member the next field is looked for first: the one after the last found.
    private var expected = 0
    /// The path of this object inside the parameters (empty at the top).
    public let path: String

    /// Wraps a parameters object; `path` prefixes the field names in errors.
    /// - Throws: `InvalidParameter` when `value` is not an object.
    public init(_ value: JSONValue, path: String = "") throws(VarlinkError) {
        switch value {
        case .object(let members): self.members = members
        case .null where path.isEmpty: self.members = []
        default: throw .invalidParameter(path.isEmpty ? "parameters" : path)
        }
        self.path = path
    }

    /// The path of field `name` in this object.
    public func pathOf(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// The raw value of `name`; absent and `null` both count as absent, as Varlink's `?` types allow.
    public mutating func value(_ name: String) -> JSONValue? {
        // Writers (ours included) put fields in the order readers ask for them: try the member
        // after the last one found before searching them all.
        if expected < members.count, members[expected].key == name { return take(expected) }
        for index in members.indices where members[index].key == name { return take(index) }
        return nil
    }

    /// Member `index`'s value, marked read; nil for `null`.
    private mutating func take(_ index: Int) -> JSONValue? {
        // By index, marking the member read: no closure copying members, no list of names.
        if index < 64 { readMask |= 1 << UInt64(index) } else { readBeyond.append(index) }
        expected = index + 1
        if case .null = members[index].value { return nil }
        return members[index].value
    }

    // The few typed accessors hand-written methods use (SizeMany's lenient read); generated wire
    // types read their text with their own reader.

    /// An optional string field; strings never contain NUL (the message terminator).
    public mutating func optionalString(_ name: String) throws(VarlinkError) -> String? {
        guard let value = value(name) else { return nil }
        return try Self.string(value, pathOf(name))
    }

    /// A required string field.
    public mutating func string(_ name: String) throws(VarlinkError) -> String {
        guard let value = value(name) else { throw .invalidParameter(pathOf(name)) }
        return try Self.string(value, pathOf(name))
    }

    /// An optional integer (a number without a fraction, within ±2⁵³).
    public mutating func optionalInt(_ name: String) throws(VarlinkError) -> Int? {
        guard let value = value(name) else { return nil }
        guard case .number(let number) = value, number.isFinite, number == number.rounded(),
            abs(number) < 9_007_199_254_740_992
        else { throw .invalidParameter(pathOf(name)) }
        return Int(number)
    }

    /// An optional array, elements unchecked.
    public mutating func optionalArray(_ name: String) throws(VarlinkError) -> [JSONValue]? {
        guard let value = value(name) else { return nil }
        guard case .array(let elements) = value else { throw .invalidParameter(pathOf(name)) }
        return elements
    }

    /// A string without NUL (the message terminator).
    private static func string(_ value: JSONValue, _ path: String) throws(VarlinkError) -> String {
        guard case .string(let text) = value, !text.utf8.contains(0) else { throw .invalidParameter(path) }
        return text
    }

    /// Throws `InvalidParameter` for the first field that no accessor asked for.
    public func finish() throws(VarlinkError) {
        for index in members.indices {
            let read = index < 64 ? readMask & (1 << UInt64(index)) != 0 : readBeyond.contains(index)
            if !read { throw .invalidParameter(pathOf(members[index].key)) }
        }
    }
}
