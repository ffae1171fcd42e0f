/// Writes JSON as Foundation writes it with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` (two-space indents, `"key" : value`, an empty array or object as
/// an opening and a closing line around an empty one), straight to standard output in pieces:
/// a check's report of 600,000 rows took JSONEncoder 7 s and JSONSerialization 26 s (SARIF),
/// and the whole document in memory.
///
/// The caller writes each object's keys in sorted order (byte order, as Foundation sorts these
/// ASCII names); `PrettyJSONTests` compare the output with Foundation's for the same values.
struct PrettyJSON {
    private var bytes: [UInt8] = []
    /// Per open object or array, whether it has a member yet.
    private var hasMember: [Bool] = []
    /// Where the bytes go when a piece is full, and at the end.
    private let sink: ([UInt8]) -> Void

    /// A writer handing its bytes to `sink` in pieces of about 1 MiB.
    init(sink: @escaping ([UInt8]) -> Void) {
        self.sink = sink
        bytes.reserveCapacity(Self.pieceBytes + 4096)
    }

    /// A writer to standard output, through `print` (so in order with what else it prints). A
    /// piece ends after a whole value, never inside a character.
    static func toStandardOutput() -> PrettyJSON {
        PrettyJSON { bytes in print(String(decoding: bytes, as: UTF8.self), terminator: "") }
    }

    static let pieceBytes = 1 << 20

    /// Hands over what is left, then a newline (as `print` ends a document).
    mutating func finish() {
        bytes.append(UInt8(ascii: "\n"))
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// An object: `body` writes its members with `key`, in sorted order.
    mutating func object(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// An array: `body` writes its elements, each after `element()`.
    mutating func array(_ body: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// Starts a member of the open object: the value is written next.
    mutating func key(_ name: String) {
        member()
        string(name)
        bytes.append(contentsOf: " : ".utf8)
    }

    /// Starts an element of the open array: the value is written next.
    mutating func element() {
        member()
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most strings need no escape: copied whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 15)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        flushIfFull()
    }

    mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A number as Foundation writes a Double: its shortest form, without a `.0` (55, 55.5,
    /// 1e-07). JSON has no infinity or NaN (Foundation refuses them): null, which no report's
    /// widths come near (they are finite, and so are the limits files may set).
    mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        let text = value.description
        bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// A string, or null.
    mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// A number, or null.
    mutating func double(_ value: Double?) {
        if let value { double(value) } else { null() }
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
