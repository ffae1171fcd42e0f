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
        // By index, marking the member read: no closure copying members, no list of names.
        for index in members.indices where members[index].key == name {
            if index < 64 { readMask |= 1 << UInt64(index) } else { readBeyond.append(index) }
            let value = members[index].value
            if case .null = value { return nil }
            return value
        }
        return nil
    }

    /// An optional string field; strings never contain NUL (the message terminator).
    public mutating func optionalString(_ name: String) throws(VarlinkError) -> String? {
        guard let value = value(name) else { return nil }
        guard case .string(let string) = value, !string.utf8.contains(0) else {
            throw .invalidParameter(pathOf(name))
        }
        return string
    }

    /// A required string field.
    public mutating func string(_ name: String) throws(VarlinkError) -> String {
        guard let string = try optionalString(name) else { throw .invalidParameter(pathOf(name)) }
        return string
    }

    /// An optional finite number.
    public mutating func optionalDouble(_ name: String) throws(VarlinkError) -> Double? {
        guard let value = value(name) else { return nil }
        guard case .number(let number) = value, number.isFinite else { throw .invalidParameter(pathOf(name)) }
        return number
    }

    /// A required finite number.
    public mutating func double(_ name: String) throws(VarlinkError) -> Double {
        guard let number = try optionalDouble(name) else { throw .invalidParameter(pathOf(name)) }
        return number
    }

    /// An optional integer (a number without a fraction, within ±2⁵³).
    public mutating func optionalInt(_ name: String) throws(VarlinkError) -> Int? {
        guard let number = try optionalDouble(name) else { return nil }
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else {
            throw .invalidParameter(pathOf(name))
        }
        return Int(number)
    }

    /// An optional boolean.
    public mutating func optionalBool(_ name: String) throws(VarlinkError) -> Bool? {
        guard let value = value(name) else { return nil }
        guard case .bool(let flag) = value else { throw .invalidParameter(pathOf(name)) }
        return flag
    }

    /// An optional enum field whose wire values are `T`'s raw values.
    public mutating func optionalEnum<T: RawRepresentable>(_ name: String, as type: T.Type) throws(VarlinkError) -> T?
    where T.RawValue == String {
        guard let raw = try optionalString(name) else { return nil }
        guard let value = T(rawValue: raw) else { throw .invalidParameter(pathOf(name)) }
        return value
    }

    /// An optional array of strings.
    public mutating func optionalStrings(_ name: String) throws(VarlinkError) -> [String]? {
        guard let elements = try optionalArray(name) else { return nil }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let string) = element, !string.utf8.contains(0) else {
                throw .invalidParameter("\(pathOf(name))[\(index)]")
            }
            strings.append(string)
        }
        return strings
    }

    /// An optional array, elements unchecked.
    public mutating func optionalArray(_ name: String) throws(VarlinkError) -> [JSONValue]? {
        guard let value = value(name) else { return nil }
        guard case .array(let elements) = value else { throw .invalidParameter(pathOf(name)) }
        return elements
    }

    /// An optional nested object, as a reader of its own.
    public mutating func optionalObject(_ name: String) throws(VarlinkError) -> VarlinkParameters? {
        guard let value = value(name) else { return nil }
        return try VarlinkParameters(value, path: pathOf(name))
    }

    /// Throws `InvalidParameter` for the first field that no accessor asked for.
    public func finish() throws(VarlinkError) {
        for index in members.indices {
            let read = index < 64 ? readMask & (1 << UInt64(index)) != 0 : readBeyond.contains(index)
            if !read { throw .invalidParameter(pathOf(members[index].key)) }
        }
    }
}
