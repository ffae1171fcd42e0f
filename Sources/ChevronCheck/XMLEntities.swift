import Foundation

/// An Android or XLIFF document as chevron hands it to Foundation's XML parser: UTF-8, with its
/// document type declaration taken out and every entity it declares written out where it is used.
///
/// Foundation's parser on Linux drops the text of an entity reference, and libxml2's own
/// expansion has bounds that vary with its version; so chevron reads the internal DTD subset and
/// expands entities itself, in one pass, within bounds it documents:
///
/// - Internal general entities (`<!ENTITY app "Chevron">`) are expanded in text and in attribute
///   values, nested ones too, as XML defines it: character references in a value are read when it
///   is declared, entity references when it is used.
/// - The five predefined entities (`&amp;` …) and character references (`&#233;`) are left to the
///   parser.
/// - An entity's value is text. Whatever the parser would refuse in it, it would refuse at every
///   use, each refusal a report Foundation's parser never frees: so markup (`<`), an `&` that
///   starts no reference and a character reference to a character XML does not allow are refused
///   here, once, and a `>` is written `&gt;`. A character XML does not allow anywhere in the file
///   (a control character, U+FFFE, U+FFFF) is refused before anything else.
/// - Refused, each an error naming the entity: an external entity (`SYSTEM`, `PUBLIC`), a
///   parameter entity reference in the DTD (`%name;`), an entity used but not declared in the
///   internal subset (an external DTD subset is never read), an entity that refers to itself, and
///   one nested more than `depthLimit` deep.
/// - The work is bounded: each reference costs the bytes of its entity's value, at least
///   `referenceCost` (16), nested references included, and a file whose references cost more than
///   `expansionLimit` in all is refused (`entity expansion over 262144 bytes`): at most 256 KiB
///   written out and 16,384 references. The pass is linear in the file and that cost. What is
///   written out goes on through the XML parser and the reader byte by byte: the bound keeps each
///   input of the fuzz targets (`scripts/fuzz.sh android xliff`) within their one-second timeout.
///   (A value being text, what an entity writes out costs the parser no more than its bytes.)
///
/// Lines are kept: the declaration is replaced by its line breaks, and a line break in an
/// entity's value is written as a character reference (`&#10;`) in text, as a space elsewhere,
/// so the parser's line numbers are those of the file. An XML declaration's `encoding` is
/// rewritten as `UTF-8` (the text was decoded from UTF-8 or UTF-16 already).
struct XMLEntities {
    /// The most bytes entity references may write out in one file: each reference's value,
    /// nested ones included, counting at least `referenceCost` bytes each.
    static let expansionLimit = 1 << 18
    /// The least a reference costs, whatever its value: the work of one reference is bounded
    /// by the bytes it writes out or by this.
    static let referenceCost = 16
    /// The deepest entities may nest (an entity whose value uses one whose value uses one …).
    static let depthLimit = 32

    /// The document ready for the parser.
    static func prepared(_ text: String, file: String) throws(TitleFileError) -> Data {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        text.makeContiguousUTF8()
        let result: Result<[UInt8], TitleFileError>? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var pass = XMLEntities(bytes: bytes, file: file)
            defer {
                pass.values?.deallocate()
                ReadingWork.add(.entityExpanded, pass.expanded)
                ReadingWork.add(.entityValueByte, pass.valueBytes)
            }
            return Result { () throws(TitleFileError) in try pass.run() }
        }
        guard let result else { return Data(text.utf8) }
        return Data(try result.get())
    }

    /// An entity's name: bytes of the document, or of an entity's value, compared byte for byte
    /// (a reference is looked up without copying its name).
    struct Name: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>

        static func == (left: Name, right: Name) -> Bool {
            left.bytes.count == right.bytes.count && left.bytes.elementsEqual(right.bytes)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    /// Each declared entity's number, by name; its name and where its replacement text
    /// (character references read) is in `storage`, by number.
    var entities: [Name: Int] = [:]
    var names: [Name] = []
    var ranges: [Range<Int>] = []
    var storage: [UInt8] = []
    /// `storage` copied where expansions read it, made when the first reference is expanded (and
    /// made again if a later document type declares more).
    var values: UnsafeMutableBufferPointer<UInt8>?
    var output: [UInt8] = []
    var cost = 0
    /// References written out and the bytes of their values, for `ReadingWork`.
    var expanded = 0
    var valueBytes = 0
    /// The numbers of the entities being expanded, outermost first, and by number whether each
    /// is (looked up directly: a generic `contains` allocates on every call in a debug build).
    var stack: [Int] = []
    var expanding: [Bool] = []
    /// The offset of the reference in the document being expanded, for the line of an error.
    var referenceOffset = 0
    /// Whether the root element has started (a DOCTYPE after it is the parser's error).
    var sawElement = false

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        output.reserveCapacity(bytes.count)
    }

    // MARK: The document

    private mutating func run() throws(TitleFileError) -> [UInt8] {
        try checkCharacters()
        var start = 0
        if let declarationEnd = xmlDeclarationEnd() {
            copyDeclaration(upTo: declarationEnd)
            start = declarationEnd
        }
        try content(bytes, from: start)
        return output
    }

    /// The offset just past `?>` of an XML declaration at the start of the document, if any.
    private func xmlDeclarationEnd() -> Int? {
        guard Self.has("<?xml", in: bytes, at: 0), bytes.count > 5, Self.isSpace(bytes[5]) else { return nil }
        guard let end = find("?>", in: bytes, from: 5) else { return nil }
        return end + 2
    }

    /// The XML declaration with its `encoding` value replaced by `UTF-8`.
    private mutating func copyDeclaration(upTo end: Int) {
        let declaration = bytes[0..<end]
        if let name = find("encoding", in: UnsafeBufferPointer(rebasing: declaration), from: 0) {
            var index = name + "encoding".utf8.count
            while index < end, Self.isSpace(bytes[index]) { index += 1 }
            if index < end, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < end, Self.isSpace(bytes[index]) { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
                    let close = bytes[(index + 1)..<end].firstIndex(of: bytes[index])
                {
                    output += bytes[0...index]
                    write("UTF-8")
                    output += bytes[close..<end]
                    return
                }
            }
        }
        output += declaration
    }

    /// Refuses a character XML does not allow (a control character other than tab, line feed
    /// and carriage return; U+FFFE, U+FFFF), which libxml2 would report at every place an entity
    /// puts it.
    private func checkCharacters() throws(TitleFileError) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                throw failure("holds U+\(Self.hex(UInt32(byte))), a character XML does not allow", at: index)
            }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                let code: UInt32 = bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF
                throw failure("holds U+\(Self.hex(code)), a character XML does not allow", at: index)
            }
            index += 1
        }
    }

    /// `code` as four or more uppercase hexadecimal digits.
    private static func hex(_ code: UInt32) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Copies the document's content to the output, expanding references.
    private mutating func content(_ source: UnsafeBufferPointer<UInt8>, from start: Int) throws(TitleFileError) {
        var index = start
        while index < source.count {
            // A run of plain text, copied whole.
            var end = index
            while end < source.count, source[end] != UInt8(ascii: "<"), source[end] != UInt8(ascii: "&") { end += 1 }
            output += source[index..<end]
            index = end
            guard index < source.count else { return }
            if source[index] == UInt8(ascii: "&") {
                referenceOffset = index
                index = try reference(in: source, at: index, entity: nil, inAttribute: false)
            } else {
                index = try markup(at: index)
            }
        }
    }

    /// Copies an entity's value into text: references expanded, `>` as `&gt;` (so no `]]>` is
    /// made), line breaks as character references (so the lines stay the file's). A value holds
    /// text only: markup in it (`<`) is refused, as it would be parsed, and its errors reported,
    /// wherever the entity is used.
    mutating func text(_ value: UnsafeBufferPointer<UInt8>, entity: Int) throws(TitleFileError) {
        var index = 0
        while index < value.count {
            let byte = value[index]
            switch byte {
            case UInt8(ascii: "&"):
                index = try reference(in: value, at: index, entity: entity, inAttribute: false)
                continue
            case UInt8(ascii: "<"):
                throw failure(
                    "the entity &\(names[entity].text); holds markup (<), which is not read: an entity's value is text")
            case UInt8(ascii: ">"): write("&gt;")
            case 0x0A: write("&#10;")
            case 0x0D:
                write("&#10;")
                if index + 1 < value.count, value[index + 1] == 0x0A { index += 1 }
            default: output.append(byte)
            }
            index += 1
        }
    }

    /// Copies the markup at `index` (a `<`) and returns the offset past it.
    private mutating func markup(at index: Int) throws(TitleFileError) -> Int {
        // A construct copied as it is.
        func verbatim(opening: Int, _ closing: StaticString) -> Int {
            guard let close = find(closing, in: bytes, from: index + opening) else {
                output += bytes[index...]
                return bytes.count
            }
            let end = close + closing.utf8CodeUnitCount
            output += bytes[index..<end]
            return end
        }
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == UInt8(ascii: "?") { return verbatim(opening: 2, "?>") }
        if next == UInt8(ascii: "!") {
            if Self.has("<!--", in: bytes, at: index) { return verbatim(opening: 4, "-->") }
            if Self.has("<![CDATA[", in: bytes, at: index) { return verbatim(opening: 9, "]]>") }
            if Self.has("<!DOCTYPE", in: bytes, at: index), !sawElement { return try doctype(at: index) }
            output.append(UInt8(ascii: "<"))
            return index + 1
        }
        if next != UInt8(ascii: "/") { sawElement = true }
        return try tag(at: index)
    }

    /// Copies a start or end tag, expanding references in its attribute values.
    private mutating func tag(at start: Int) throws(TitleFileError) -> Int {
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open {
                    quote = nil
                } else if byte == UInt8(ascii: "&") {
                    referenceOffset = index
                    index = try reference(in: bytes, at: index, entity: nil, inAttribute: true)
                    continue
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                output.append(byte)
                return index + 1
            }
            output.append(byte)
            index += 1
        }
        return index
    }

    // MARK: The document type declaration

    /// Reads `<!DOCTYPE …>` at `start`: its internal subset's entity declarations are kept, and
    /// the declaration is replaced by its line breaks. Returns the offset past it.
    private mutating func doctype(at start: Int) throws(TitleFileError) -> Int {
        var index = start + "<!DOCTYPE".utf8.count
        let malformed = "the document type declaration (<!DOCTYPE) is not well-formed"
        skipSpace(&index)
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        skipSpace(&index)
        // An external subset (SYSTEM or PUBLIC), never read.
        if startsWord("SYSTEM", at: index) || startsWord("PUBLIC", at: index) {
            let literals = startsWord("SYSTEM", at: index) ? 1 : 2
            index += 6
            for _ in 0..<literals {
                skipSpace(&index)
                guard let end = quoted(at: index) else { throw failure(malformed, at: index) }
                index = end
            }
            skipSpace(&index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            index = try internalSubset(from: index + 1)
            skipSpace(&index)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure(malformed, at: index) }
        index += 1
        for byte in bytes[start..<index] where byte == 0x0A { output.append(byte) }
        return index
    }

    /// Reads the internal subset from `start` to its `]`; returns the offset past the `]`.
    private mutating func internalSubset(from start: Int) throws(TitleFileError) -> Int {
        var index = start
        let malformed = "the document type declaration (<!DOCTYPE) is not well-formed"
        while true {
            skipSpace(&index)
            guard index < bytes.count else { throw failure(malformed, at: start) }
            let here = index
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            if bytes[index] == UInt8(ascii: "%") {
                let name = bytes[(index + 1)...].prefix { Self.isNameByte($0) }
                throw failure(
                    "the DTD uses the parameter entity %\(String(decoding: name, as: UTF8.self)); which is not read",
                    at: here)
            }
            if startsText("<!--", at: index) {
                guard let end = find("-->", in: bytes, from: index + 4) else {
                    throw failure("a comment in the DTD is not closed", at: here)
                }
                index = end + 3
            } else if startsText("<?", at: index) {
                guard let end = find("?>", in: bytes, from: index + 2) else {
                    throw failure("a processing instruction in the DTD is not closed", at: here)
                }
                index = end + 2
            } else if startsText("<!ENTITY", at: index) {
                index = try entityDeclaration(at: index)
            } else if startsText("<!ELEMENT", at: index) || startsText("<!ATTLIST", at: index)
                || startsText("<!NOTATION", at: index)
            {
                // Not read: skipped to its `>`, past quoted literals (an ATTLIST default may hold one).
                index += 2
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                    if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        guard let end = quoted(at: index) else { throw failure(malformed, at: here) }
                        index = end
                    } else {
                        index += 1
                    }
                }
                guard index < bytes.count else { throw failure(malformed, at: here) }
                index += 1
            } else {
                throw failure(malformed, at: here)
            }
        }
    }

    /// Reads `<!ENTITY …>` at `start`; returns the offset past its `>`.
    private mutating func entityDeclaration(at start: Int) throws(TitleFileError) -> Int {
        var index = start + "<!ENTITY".utf8.count
        let malformed = "an entity declaration (<!ENTITY) is not well-formed"
        skipSpace(&index)
        var isParameter = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
            isParameter = true
            index += 1
            skipSpace(&index)
        }
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { throw failure(malformed, at: start) }
        let name = Name(bytes: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]))
        let shown = (isParameter ? "%" : "") + name.text
        skipSpace(&index)
        if startsWord("SYSTEM", at: index) || startsWord("PUBLIC", at: index) {
            throw failure("the entity \(shown) is external (SYSTEM or PUBLIC), which is refused", at: start)
        }
        guard let end = quoted(at: index) else { throw failure(malformed, at: start) }
        let literal = bytes[(index + 1)..<(end - 1)]
        index = end
        skipSpace(&index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure(malformed, at: start) }
        // A parameter entity serves the DTD only, and the DTD's references to one are refused.
        if !isParameter, entities[name] == nil {
            let value = try replacementText(literal, name: shown, at: start)
            entities[name] = names.count
            names.append(name)
            expanding.append(false)
            ranges.append(storage.count..<(storage.count + value.count))
            storage += value
        }
        return index + 1
    }

    /// An entity's literal value with its character references read, as XML reads it where it is
    /// declared; a parameter entity reference in it is refused.
    private func replacementText(
        _ literal: Slice<UnsafeBufferPointer<UInt8>>, name: String, at declaration: Int
    ) throws(TitleFileError) -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(literal.count)
        var index = literal.startIndex
        while index < literal.endIndex {
            let byte = literal[index]
            if byte == UInt8(ascii: "%") {
                throw failure(
                    "the entity \(name) uses a parameter entity in its value, which is not read", at: declaration)
            }
            guard byte == UInt8(ascii: "&"), index + 1 < literal.endIndex, literal[index + 1] == UInt8(ascii: "#")
            else {
                value.append(byte)
                index += 1
                continue
            }
            // A character reference ends at the first byte that is not a name's, a `;`.
            var semicolon = index + 2
            while semicolon < literal.endIndex, Self.isNameByte(literal[semicolon]) { semicolon += 1 }
            guard semicolon < literal.endIndex, literal[semicolon] == UInt8(ascii: ";") else {
                value.append(byte)
                index += 1
                continue
            }
            let digits = String(decoding: literal[(index + 2)..<semicolon], as: UTF8.self)
            guard let scalar = Self.character(digits) else {
                throw failure(
                    "the entity \(name)'s value has &#\(digits);, which is not a character XML allows",
                    at: declaration)
            }
            value += Array(String(scalar).utf8)
            index = semicolon + 1
        }
        return value
    }
}
