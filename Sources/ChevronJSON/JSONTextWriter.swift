/// Compact JSON text written in order, member by member, into a `String`: the writer puts the
/// commas, colons and brackets, so a caller names only keys and values. With `htmlSafe`, every
/// string (keys too) is quoted so that the text may stand inside an HTML `<script>` element
/// (`JSONText.withQuoted(_:htmlSafe:_:)`).
///
///     var writer = JSONTextWriter(htmlSafe: true)
///     writer.object {
///         $0.member("looks") { $0.array { $0.value("classic") } }
///         $0.member("n", 1)
///     }
///     writer.text  // {"looks":["classic"],"n":1}
public struct JSONTextWriter {
    /// The text so far.
    public private(set) var text = ""
    /// Whether strings are quoted for an HTML `<script>` element.
    public let htmlSafe: Bool
    /// Whether the next value or key in the open container follows another (and needs a comma).
    private var follows = false
    /// Whether a line break goes before the next value or key (`lineBreakBeforeNext`).
    private var breakPending = false

    public init(htmlSafe: Bool = false) {
        self.htmlSafe = htmlSafe
    }

    /// An object: `body` writes its members.
    public mutating func object(_ body: (inout JSONTextWriter) -> Void) {
        container("{", "}", body)
    }

    /// An array: `body` writes its elements.
    public mutating func array(_ body: (inout JSONTextWriter) -> Void) {
        container("[", "]", body)
    }

    /// An array of `elements`, each written by `body`.
    public mutating func array<Elements: Sequence>(
        _ elements: Elements, _ body: (inout JSONTextWriter, Elements.Element) -> Void
    ) {
        array { writer in
            for element in elements { body(&writer, element) }
        }
    }

    /// A member of the open object: its key, then the value `body` writes.
    public mutating func member(_ key: String, _ body: (inout JSONTextWriter) -> Void) {
        separate()
        appendQuoted(key)
        text += ":"
        follows = false
        body(&self)
        follows = true
    }

    /// A member whose value is a string.
    public mutating func member(_ key: String, _ value: String) {
        member(key) { $0.value(value) }
    }

    /// A member whose value is a number.
    public mutating func member(_ key: String, _ value: Double) {
        member(key) { $0.value(value) }
    }

    /// A member whose value is an integer.
    public mutating func member(_ key: String, _ value: Int) {
        member(key) { $0.value(value) }
    }

    /// A string.
    public mutating func value(_ string: String) {
        separate()
        appendQuoted(string)
        follows = true
    }

    /// A number, as `JSONText.withNumber` writes it.
    public mutating func value(_ number: Double) {
        separate()
        JSONText.withNumber(number) { text += String(decoding: $0, as: UTF8.self) }
        follows = true
    }

    /// An integer.
    public mutating func value(_ integer: Int) {
        separate()
        text += String(integer)
        follows = true
    }

    /// A line break before the next element or member: whitespace JSON allows, for text that a
    /// person reads line by line (one record to a line).
    public mutating func lineBreakBeforeNext() {
        if follows { breakPending = true }
    }

    private mutating func container(_ open: String, _ close: String, _ body: (inout JSONTextWriter) -> Void) {
        separate()
        text += open
        follows = false
        body(&self)
        breakPending = false
        text += close
        follows = true
    }

    private mutating func separate() {
        if follows { text += "," }
        if breakPending { text += "\n" }
        breakPending = false
    }

    private mutating func appendQuoted(_ string: String) {
        JSONText.withQuoted(string, htmlSafe: htmlSafe) { text += String(decoding: $0, as: UTF8.self) }
    }
}
