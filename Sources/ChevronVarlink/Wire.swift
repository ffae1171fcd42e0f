/// What generated wire types (`Sources/ChevronWire`) read values with: each function checks one
/// JSON value against an IDL type and throws `InvalidParameter` naming `path` when it does not fit.
public enum Wire {
    /// `value`, or `InvalidParameter` for a required field that is absent (or null).
    public static func required(_ value: JSONValue?, _ path: String) throws(VarlinkError) -> JSONValue {
        guard let value else { throw .invalidParameter(path) }
        return value
    }

    /// A string, never holding NUL (the message terminator).
    public static func string(_ value: JSONValue, _ path: String) throws(VarlinkError) -> String {
        guard case .string(let text) = value, !text.utf8.contains(0) else { throw .invalidParameter(path) }
        return text
    }

    /// A finite number.
    public static func double(_ value: JSONValue, _ path: String) throws(VarlinkError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw .invalidParameter(path) }
        return number
    }

    /// A number without a fraction, within ±2⁵³.
    public static func int(_ value: JSONValue, _ path: String) throws(VarlinkError) -> Int {
        let number = try double(value, path)
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else { throw .invalidParameter(path) }
        return Int(number)
    }

    /// `true` or `false`.
    public static func bool(_ value: JSONValue, _ path: String) throws(VarlinkError) -> Bool {
        guard case .bool(let flag) = value else { throw .invalidParameter(path) }
        return flag
    }

    /// Any JSON object (the IDL's `object`).
    public static func object(_ value: JSONValue, _ path: String) throws(VarlinkError) -> JSONValue {
        guard case .object = value else { throw .invalidParameter(path) }
        return value
    }

    /// One of an enum's names.
    public static func enumeration<T: RawRepresentable>(_ value: JSONValue, _ path: String, as type: T.Type)
        throws(VarlinkError) -> T where T.RawValue == String
    {
        guard let known = T(rawValue: try string(value, path)) else { throw .invalidParameter(path) }
        return known
    }

    /// An array, each element read by `element` with its path (`path[2]`).
    public static func array<T>(
        _ value: JSONValue, _ path: String, _ element: (JSONValue, String) throws(VarlinkError) -> T
    ) throws(VarlinkError) -> [T] {
        guard case .array(let elements) = value else { throw .invalidParameter(path) }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for index in elements.indices { result.append(try element(elements[index], "\(path)[\(index)]")) }
        return result
    }

    /// A map from strings (`[string]T`), each value read by `element` with its path (`path.key`).
    public static func dictionary<T>(
        _ value: JSONValue, _ path: String, _ element: (JSONValue, String) throws(VarlinkError) -> T
    ) throws(VarlinkError) -> [String: T] {
        guard case .object(let members) = value else { throw .invalidParameter(path) }
        var result: [String: T] = [:]
        for member in members { result[member.key] = try element(member.value, "\(path).\(member.key)") }
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
