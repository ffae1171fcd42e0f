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
        bytes = []
        bytes.reserveCapacity(512)
        bytes.append(UInt8(ascii: "{"))
    }

    /// A writer over `bytes`, which already hold the opening brace (nested objects).
    private init(continuing bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Member names are literals (ASCII identifiers): copied as they are, never escaped.
    private mutating func key(_ key: StaticString) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds a number member.
    public mutating func add(_ name: StaticString, _ number: Double) {
        key(name)
        JSONValue.encode(number: number, into: &bytes)
    }

    /// Adds a string member.
    public mutating func add(_ name: StaticString, string: String) {
        key(name)
        JSONValue.encode(string: string, into: &bytes)
    }

    /// Adds a boolean member.
    public mutating func add(_ name: StaticString, bool: Bool) {
        key(name)
        bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    }

    /// Adds any value.
    public mutating func add(_ name: StaticString, value: JSONValue) {
        key(name)
        value.encode(into: &bytes)
    }

    /// Adds a nested object, written by `body`.
    public mutating func add(_ name: StaticString, object body: (inout JSONObjectWriter) -> Void) {
        key(name)
        bytes.append(UInt8(ascii: "{"))
        // The nested writer takes our bytes and gives them back: written in place, no copy.
        var nested = JSONObjectWriter(continuing: [])
        swap(&nested.bytes, &bytes)
        body(&nested)
        nested.bytes.append(UInt8(ascii: "}"))
        swap(&nested.bytes, &bytes)
    }

    /// The object written so far, closed, as a value.
    public var value: JSONValue {
        var closed = bytes
        closed.append(UInt8(ascii: "}"))
        return .encoded(closed)
    }

    /// The object, closed, as a value: the writer's bytes themselves, without a copy.
    public consuming func finish() -> JSONValue {
        bytes.append(UInt8(ascii: "}"))
        return .encoded(bytes)
    }
}
