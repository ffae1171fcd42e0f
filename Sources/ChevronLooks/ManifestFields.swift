import ChevronJSON

/// A member of a manifest that is missing or not of its type: its dotted path and why.
struct ManifestFieldError: Error {
    let field: String
    let reason: String
}

/// The members of one object of a manifest, read by type as JSON has them. A wrong one is a
/// `ManifestFieldError` naming its dotted path (`art.leftCap`); an absent or null optional one
/// is nil.
struct ManifestFields {
    private let members: [(key: String, value: JSONValue)]
    private let path: String

    /// The members of `value`, the object at `path` (empty for the manifest itself).
    init(_ value: JSONValue, path: String = "") throws(ManifestFieldError) {
        guard case .object(let members) = value else {
            throw ManifestFieldError(field: path, reason: "must be an object, not \(Self.article(value))")
        }
        self.members = members
        self.path = path
    }

    /// The member names, in the order the text gives them.
    var names: [String] { members.map(\.key) }

    /// The dotted path of member `name`.
    func field(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// Member `name` read by `read`; nil when it is absent or null.
    func optional<T>(_ name: String, _ read: (JSONValue, String) throws(ManifestFieldError) -> T?)
        throws(ManifestFieldError) -> T?
    {
        guard let value = members.first(where: { $0.key == name })?.value else { return nil }
        if case .null = value { return nil }
        return try read(value, field(name))
    }

    /// Member `name` read by `read`; "is required" when it is absent.
    func required<T>(_ name: String, _ read: (JSONValue, String) throws(ManifestFieldError) -> T?)
        throws(ManifestFieldError) -> T
    {
        guard let value = members.first(where: { $0.key == name })?.value else {
            throw ManifestFieldError(field: field(name), reason: "is required")
        }
        guard let read = try read(value, field(name)) else {
            throw ManifestFieldError(field: field(name), reason: "is required and must not be null")
        }
        return read
    }

    // The readers `optional` and `required` take: nil for null, the value, or the error.

    static func number(_ value: JSONValue, _ field: String) throws(ManifestFieldError) -> Double? {
        switch value {
        case .null: return nil
        case .number(let number): return number
        default: throw ManifestFieldError(field: field, reason: "must be a number, not \(article(value))")
        }
    }

    static func wholeNumber(_ value: JSONValue, _ field: String) throws(ManifestFieldError) -> Int? {
        guard let number = try Self.number(value, field) else { return nil }
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else {
            throw ManifestFieldError(field: field, reason: "must be a whole number, not \(number)")
        }
        return Int(number)
    }

    static func string(_ value: JSONValue, _ field: String) throws(ManifestFieldError) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: throw ManifestFieldError(field: field, reason: "must be a string, not \(article(value))")
        }
    }

    static func bool(_ value: JSONValue, _ field: String) throws(ManifestFieldError) -> Bool? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        default: throw ManifestFieldError(field: field, reason: "must be true or false, not \(article(value))")
        }
    }

    static func strings(_ value: JSONValue, _ field: String) throws(ManifestFieldError) -> [String]? {
        switch value {
        case .null: return nil
        case .array(let elements):
            var texts: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element else {
                    throw ManifestFieldError(
                        field: "\(field)[\(index)]", reason: "must be a string, not \(article(element))")
                }
                texts.append(text)
            }
            return texts
        default: throw ManifestFieldError(field: field, reason: "must be an array of strings, not \(article(value))")
        }
    }

    static func object(_ value: JSONValue, _ field: String) throws(ManifestFieldError) -> ManifestFields? {
        if case .null = value { return nil }
        return try ManifestFields(value, path: field)
    }

    /// A string naming a case of `T`.
    static func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, _ field: String)
        throws(ManifestFieldError) -> T? where T.RawValue == String
    {
        guard let text = try string(value, field) else { return nil }
        guard let known = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw ManifestFieldError(field: field, reason: "\"\(text)\" is not one of \(names)")
        }
        return known
    }

    /// A value's JSON type with its article, for reasons (`a string`, `an array`).
    private static func article(_ value: JSONValue) -> String {
        switch value {
        case .array, .object: "an \(value.typeName)"
        case .null: "null"
        default: "a \(value.typeName)"
        }
    }
}
