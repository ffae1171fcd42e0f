/// Writes JSON laid out as Foundation lays it out with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` (two-space indents, `"key" : value`, an empty array or object as
/// an opening and a closing line around an empty one), its strings and numbers by `JSONText`
/// as the wire's, straight to standard output in pieces:
/// a check's report of 600,000 rows took JSONEncoder 7 s and JSONSerialization 26 s (SARIF),
/// and the whole document in memory.
///
/// The caller writes each object's keys in sorted order (byte order, as Foundation sorts these
/// ASCII names); `CheckReportsTests` has Foundation read each report and write it again, the
/// same bytes.
public struct PrettyJSON {
    private var bytes: [UInt8] = []
    /// Per open object or array, whether it has a member yet.
    private var hasMember: [Bool] = []
    /// Where the bytes go when a piece is full, and at the end.
    private let sink: ([UInt8]) -> Void

    /// A writer handing its bytes to `sink` in pieces of about 64 KiB.
    public init(sink: @escaping ([UInt8]) -> Void) {
        self.sink = sink
        bytes.reserveCapacity(Self.pieceBytes + 4096)
    }

    /// A writer to standard output, through `print` (so in order with what else it prints). A
    /// piece ends after a whole value, never inside a character.
    public static func toStandardOutput() -> PrettyJSON {
        PrettyJSON { bytes in print(String(decoding: bytes, as: UTF8.self), terminator: "") }
    }

    public static let pieceBytes = 1 << 16

    /// Hands over what is left, then a newline (as `print` ends a document).
    public mutating func finish() {
        bytes.append(UInt8(ascii: "\n"))
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// An object: `body` writes its members with `key`, in sorted order.
    public mutating func object(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// An array: `body` writes its elements, each after `element()`.
    public mutating func array(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// Starts a member of the open object: the value is written next.
    public mutating func key(_ name: String) {
        member()
        string(name)
        bytes.append(contentsOf: " : ".utf8)
    }

    /// Starts an element of the open array: the value is written next.
    public mutating func element() {
        member()
    }

    /// A string, quoted and escaped by `JSONText` as the wire writes strings (the same escapes
    /// as Foundation's, but for U+0008 and U+000C, written `\u0008` and `\u000c`, not `\b`, `\f`).
    public mutating func string(_ text: String) {
        JSONText.withQuoted(text) { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    /// A number as `JSONText` writes it, as Foundation does a Double: an integer without a
    /// fraction (55), others in their shortest form (55.5, 1e-07); null for infinities and NaN,
    /// which JSON has not (Foundation refused them; no report's numbers come near).
    public mutating func double(_ value: Double) {
        JSONText.withNumber(value) { bytes.append(contentsOf: $0) }
    }

    public mutating func int(_ value: Int) {
        double(Double(value))
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// A string, or null.
    public mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// A number, or null.
    public mutating func double(_ value: Double?) {
        if let value { double(value) } else { null() }
    }

    /// A member whose value is a string (null when nil).
    public mutating func member(_ name: String, _ value: String?) {
        key(name)
        string(value)
    }

    /// A member whose value is a number (null when nil).
    public mutating func member(_ name: String, _ value: Double?) {
        key(name)
        double(value)
    }

    public mutating func member(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// A member `name` whose value is an array `body` writes.
    public mutating func array(_ name: String, _ body: (inout PrettyJSON) -> Void) {
        key(name)
        array(body)
    }

    /// A member `name` whose value is an object `body` writes.
    public mutating func object(_ name: String, _ body: (inout PrettyJSON) -> Void) {
        key(name)
        object(body)
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        hasMember.append(false)
    }

    /// Closes the innermost object or array: its members end on a line of their own; an empty
    /// one gets an empty line, as Foundation writes it.
    private mutating func close(_ bracket: UInt8) {
        let hadMember = hasMember.removeLast()
        if !hadMember { bytes.append(UInt8(ascii: "\n")) }
        newLine()
        bytes.append(bracket)
    }

    private mutating func member() {
        if hasMember[hasMember.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
        newLine()
    }

    /// A newline and the indent of the current depth.
    private mutating func newLine() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<hasMember.count { bytes.append(contentsOf: "  ".utf8) }
    }

    private mutating func flushIfFull() {
        guard bytes.count >= Self.pieceBytes else { return }
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
