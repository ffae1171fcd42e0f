/// A parsed value with the byte offset where each value in it starts, so that a reader can name
/// the line of a member it finds wrong or reads a title from (`JSONParser.parseLocated`).
///
/// The offsets are kept in one array, a value's own first and those of the values inside it
/// after, in the order they start: a member or element is found by stepping over the values
/// before it, with no second tree built.
public struct LocatedJSON: Sendable {
    /// Where one value starts and how many values (itself and all inside it) it spans.
    struct Span: Sendable {
        let offset: Int
        var count: Int
    }

    /// The value.
    public let value: JSONValue
    private let spans: [Span]
    private let index: Int

    init(value: JSONValue, spans: [Span], index: Int) {
        self.value = value
        self.spans = spans
        self.index = index
    }

    /// The byte offset of the value's first byte (`{`, `[`, `"`, a digit, `-`, or a literal's
    /// letter) in the text parsed.
    public var offset: Int { spans[index].offset }

    /// The member `key` of an object, or nil (also for values that are not objects).
    public subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        var child = index + 1
        for member in members {
            if member.key == key { return LocatedJSON(value: member.value, spans: spans, index: child) }
            child += spans[child].count
        }
        return nil
    }

    /// The element at `position` of an array, or nil (also for values that are not arrays).
    public subscript(position: Int) -> LocatedJSON? {
        guard case .array(let elements) = value, elements.indices.contains(position) else { return nil }
        var child = index + 1
        for _ in 0..<position { child += spans[child].count }
        return LocatedJSON(value: elements[position], spans: spans, index: child)
    }

    /// The value reached through the members named by `path`, in turn, or nil.
    public subscript(path path: [String]) -> LocatedJSON? {
        var located = self
        for key in path {
            guard let next = located[key] else { return nil }
            located = next
        }
        return located
    }
}

extension JSONParser {
    /// Parses `bytes` as `parse` does (the same values accepted, the same errors), keeping the
    /// offset of every value.
    public static func parseLocated(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth)
        throws(JSONParseError) -> LocatedJSON
    {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.keepsSpans = true
        parser.skipWhiteSpace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhiteSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected bytes after the JSON value") }
        return LocatedJSON(value: value, spans: parser.spans, index: 0)
    }

    /// Parses the UTF-8 bytes of `text`, keeping the offset of every value.
    public static func parseLocated(_ text: String, maximumDepth: Int = defaultMaximumDepth)
        throws(JSONParseError) -> LocatedJSON
    {
        var text = text
        let result: Result<LocatedJSON, JSONParseError> = text.withUTF8 { utf8 in
            do throws(JSONParseError) {
                return .success(try parseLocated(UnsafeRawBufferPointer(utf8), maximumDepth: maximumDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The lines of byte offsets in a text, counted forward: each count starts where the one before
/// ended, or at the mark (`mark(at:)`) when the offset is before that, so offsets asked about
/// in about the order of the text cost one pass over it.
public struct TextLines {
    private let bytes: UnsafeRawBufferPointer
    private var counted = (offset: 0, line: 1)
    private var marked = (offset: 0, line: 1)

    /// Lines of `bytes`, the first line 1.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The line `offset` is on (1 for the first).
    public mutating func line(at offset: Int) -> Int {
        let offset = min(max(offset, 0), bytes.count)
        if offset < counted.offset { counted = offset < marked.offset ? (0, 1) : marked }
        var line = counted.line
        for index in counted.offset..<offset where bytes[index] == 0x0A { line += 1 }
        counted = (offset, line)
        return line
    }

    /// Keeps `offset` (and its line) as where a count of a later offset before the last one
    /// asked about starts.
    public mutating func mark(at offset: Int) {
        marked = (offset, line(at: offset))
    }
}
