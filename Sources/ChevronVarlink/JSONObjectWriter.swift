/// Writes one JSON object straight to text, member by member, without building a `JSONValue`
/// tree: for the replies that are sent most (a back button's layout), where building, encoding
/// and freeing the tree cost more than computing the answer.
///
/// ```swift
/// var writer = JSONObjectWriter()
/// writer.add("width", 68)
/// writer.add("titleFrame") { frame in frame.add("x", 12) }
/// let value = writer.value  // .encoded(…), usable wherever a JSONValue goes
/// ```
public struct JSONObjectWriter {
    private var bytes: [UInt8]
    private var empty = true

    /// Starts an empty object.
    public init() {
        bytes = [UInt8(ascii: "{")]
        bytes.reserveCapacity(512)
    }

    private mutating func key(_ key: String) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        JSONValue.encode(string: key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds a number member.
    public mutating func add(_ name: String, _ number: Double) {
        key(name)
        JSONValue.encode(number: number, into: &bytes)
    }

    /// Adds a string member.
    public mutating func add(_ name: String, string: String) {
        key(name)
        JSONValue.encode(string: string, into: &bytes)
    }

    /// Adds a boolean member.
    public mutating func add(_ name: String, bool: Bool) {
        key(name)
        bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    }

    /// Adds any value.
    public mutating func add(_ name: String, value: JSONValue) {
        key(name)
        value.encode(into: &bytes)
    }

    /// Adds a nested object, written by `body`.
    public mutating func add(_ name: String, object body: (inout JSONObjectWriter) -> Void) {
        key(name)
        var nested = JSONObjectWriter()
        swap(&nested.bytes, &bytes)  // write the nested object in place, onto our bytes
        nested.bytes.append(UInt8(ascii: "{"))
        body(&nested)
        nested.bytes.append(UInt8(ascii: "}"))
        swap(&nested.bytes, &bytes)
    }

    /// The object written so far, closed, as a value.
    public var value: JSONValue { .encoded(bytes + [UInt8(ascii: "}")]) }
}
