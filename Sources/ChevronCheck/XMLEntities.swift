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
///   is declared, entity references when it is used, and an entity's value in text is read as
///   content (it may hold markup).
/// - The five predefined entities (`&amp;` …) and character references (`&#233;`) are left to the
///   parser.
/// - Refused, each an error naming the entity: an external entity (`SYSTEM`, `PUBLIC`), a
///   parameter entity reference in the DTD (`%name;`), an entity used but not declared in the
///   internal subset (an external DTD subset is never read), an entity that refers to itself, one
///   nested more than `depthLimit` deep, and one whose value is not well-formed where it is used.
/// - The work is bounded: each reference costs the bytes of its entity's value, at least
///   `referenceCost` (64), nested references included, and a file whose references cost more than
///   `expansionLimit` in all is refused (`entity expansion over 1048576 bytes`): at most 1 MiB
///   written out and 16,384 references. The pass is linear in the file and that cost.
///
/// Lines are kept: the declaration is replaced by its line breaks, and a line break in an
/// entity's value is written as a character reference (`&#10;`) in text, as a space elsewhere,
/// so the parser's line numbers are those of the file. An XML declaration's `encoding` is
/// rewritten as `UTF-8` (the text was decoded from UTF-8 or UTF-16 already).
struct XMLEntities {
    /// The most bytes entity references may write out in one file: each reference's value,
    /// nested ones included, counting at least `referenceCost` bytes each.
    static let expansionLimit = 1 << 20
    /// The least a reference costs, whatever its value: the work of one reference is bounded
    /// by the bytes it writes out or by this.
    static let referenceCost = 64
    /// The deepest entities may nest (an entity whose value uses one whose value uses one …).
    static let depthLimit = 32

    /// The document ready for the parser.
    static func prepared(_ text: String, file: String) throws(TitleFileError) -> Data {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        text.makeContiguousUTF8()
        let result: Result<[UInt8], TitleFileError>? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var pass = XMLEntities(bytes: bytes, file: file)
            return Result { () throws(TitleFileError) in try pass.run() }
        }
        guard let result else { return Data(text.utf8) }
        return Data(try result.get())
    }

    /// An entity's replacement text (character references read).
    private struct Entity {
        let value: [UInt8]
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var entities: [[UInt8]: Entity] = [:]
    private var output: [UInt8] = []
    private var cost = 0
    /// The entities being expanded, outermost first.
    private var stack: [[UInt8]] = []
    /// The offset of the reference in the document being expanded, for the line of an error.
    private var referenceOffset = 0
    /// Whether the root element has started (a DOCTYPE after it is the parser's error).
    private var sawElement = false

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        output.reserveCapacity(bytes.count)
    }

    // MARK: The document

    private mutating func run() throws(TitleFileError) -> [UInt8] {
        var start = 0
        if let declarationEnd = xmlDeclarationEnd() {
            copyDeclaration(upTo: declarationEnd)
            start = declarationEnd
        }
        try content(bytes, from: start, entity: nil)
        return output
    }

    /// The offset just past `?>` of an XML declaration at the start of the document, if any.
    private func xmlDeclarationEnd() -> Int? {
        let opening = Array("<?xml".utf8)
        guard bytes.count > opening.count, Array(bytes[0..<opening.count]) == opening,
            Self.isSpace(bytes[opening.count])
        else { return nil }
        guard let end = find(Array("?>".utf8), in: bytes, from: opening.count) else { return nil }
        return end + 2
    }

    /// The XML declaration with its `encoding` value replaced by `UTF-8`.
    private mutating func copyDeclaration(upTo end: Int) {
        let declaration = bytes[0..<end]
        if let name = find(Array("encoding".utf8), in: UnsafeBufferPointer(rebasing: declaration), from: 0) {
            var index = name + "encoding".utf8.count
            while index < end, Self.isSpace(bytes[index]) { index += 1 }
            if index < end, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < end, Self.isSpace(bytes[index]) { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
                    let close = bytes[(index + 1)..<end].firstIndex(of: bytes[index])
                {
                    output += bytes[0...index]
                    output += Array("UTF-8".utf8)
                    output += bytes[close..<end]
                    return
                }
            }
        }
        output += declaration
    }

    /// Copies content (the document's, or an entity's value: `entity` names it) to the output,
    /// expanding references; an entity's value must hold whole constructs.
    private mutating func content(
        _ source: UnsafeBufferPointer<UInt8>, from start: Int, entity: [UInt8]?
    ) throws(TitleFileError) {
        let nested = entity != nil
        var index = start
        while index < source.count {
            // A run of plain text, copied whole.
            var end = index
            while end < source.count, source[end] != UInt8(ascii: "<"), source[end] != UInt8(ascii: "&") {
                if nested, source[end] == 0x0A || source[end] == 0x0D { break }
                end += 1
            }
            output += source[index..<end]
            index = end
            guard index < source.count else { return }
            switch source[index] {
            case 0x0A, 0x0D:
                // A line break in an entity's value: a character reference keeps the lines.
                output += Array("&#10;".utf8)
                index += source[index] == 0x0D && index + 1 < source.count && source[index + 1] == 0x0A ? 2 : 1
            case UInt8(ascii: "&"):
                if !nested { referenceOffset = index }
                index = try reference(in: source, at: index, inAttribute: false)
            default:
                index = try markup(in: source, at: index, entity: entity)
            }
        }
    }

    /// Copies the markup at `index` (a `<`) and returns the offset past it.
    private mutating func markup(
        in source: UnsafeBufferPointer<UInt8>, at index: Int, entity: [UInt8]?
    ) throws(TitleFileError) -> Int {
        func starts(_ prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            return index + prefix.count <= source.count && Array(source[index..<(index + prefix.count)]) == prefix
        }
        // A construct copied as it is (line breaks in an entity's value become spaces, or in
        // CDATA character references outside it).
        func verbatim(_ opening: String, _ closing: String) throws(TitleFileError) -> Int {
            guard let close = find(Array(closing.utf8), in: source, from: index + opening.utf8.count) else {
                if let entity { throw notContent(entity) }
                output += source[index...]
                return source.count
            }
            let end = close + closing.utf8.count
            guard entity != nil else {
                output += source[index..<end]
                return end
            }
            let cdata = opening == "<![CDATA["
            for byte in source[index..<end] {
                if byte == 0x0A || byte == 0x0D {
                    output += cdata ? Array("]]>&#10;<![CDATA[".utf8) : [0x20]
                } else {
                    output.append(byte)
                }
            }
            return end
        }
        if starts("<!--") { return try verbatim("<!--", "-->") }
        if starts("<![CDATA[") { return try verbatim("<![CDATA[", "]]>") }
        if starts("<?") { return try verbatim("<?", "?>") }
        if starts("<!DOCTYPE"), entity == nil, !sawElement { return try doctype(at: index) }
        if starts("<!") {
            if let entity { throw notContent(entity) }
            output.append(UInt8(ascii: "<"))
            return index + 1
        }
        if entity == nil, !starts("</") { sawElement = true }
        return try tag(in: source, at: index, entity: entity)
    }

    /// Copies a start or end tag, expanding references in its attribute values.
    private mutating func tag(
        in source: UnsafeBufferPointer<UInt8>, at start: Int, entity: [UInt8]?
    ) throws(TitleFileError) -> Int {
        var index = start
        var quote: UInt8?
        while index < source.count {
            let byte = source[index]
            if let open = quote {
                if byte == open {
                    quote = nil
                } else if byte == UInt8(ascii: "&") {
                    if entity == nil { referenceOffset = index }
                    index = try reference(in: source, at: index, inAttribute: true)
                    continue
                } else if byte == UInt8(ascii: "<") {
                    if let entity { throw notContent(entity) }
                    // Not well-formed: the parser says so.
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                output.append(byte)
                return index + 1
            }
            output.append(entity != nil && (byte == 0x0A || byte == 0x0D || byte == 0x09) ? 0x20 : byte)
            index += 1
        }
        if let entity { throw notContent(entity) }
        return index
    }

    // MARK: References

    /// Handles the `&` at `index`: a character reference or a predefined entity is copied, a
    /// declared entity expanded; returns the offset past the reference. An `&` that starts no
    /// reference is copied, for the parser to refuse.
    private mutating func reference(
        in source: UnsafeBufferPointer<UInt8>, at index: Int, inAttribute: Bool
    ) throws(TitleFileError) -> Int {
        var end = index + 1
        if end < source.count, source[end] == UInt8(ascii: "#") {
            end += 1
            while end < source.count, Self.isNameByte(source[end]) { end += 1 }
            guard end < source.count, source[end] == UInt8(ascii: ";") else {
                output.append(UInt8(ascii: "&"))
                return index + 1
            }
            output += source[index...end]
            return end + 1
        }
        while end < source.count, Self.isNameByte(source[end]) { end += 1 }
        guard end > index + 1, end < source.count, source[end] == UInt8(ascii: ";") else {
            output.append(UInt8(ascii: "&"))
            return index + 1
        }
        let name = Array(source[(index + 1)..<end])
        if Self.predefined.contains(name) {
            output += source[index...end]
            return end + 1
        }
        try expand(name, inAttribute: inAttribute)
        return end + 1
    }

    /// Writes out the entity `name`'s value, in text or in an attribute value.
    private mutating func expand(_ name: [UInt8], inAttribute: Bool) throws(TitleFileError) {
        func shown(_ name: [UInt8]) -> String { String(decoding: name, as: UTF8.self) }
        guard let entity = entities[name] else {
            throw failure(
                entities.isEmpty
                    ? "the entity &\(shown(name)); is not declared (the file has no internal DTD subset declaring it)"
                    : "the entity &\(shown(name)); is not declared in the file's DTD")
        }
        guard !stack.contains(name) else { throw failure("the entity &\(shown(name)); refers to itself") }
        guard stack.count < Self.depthLimit else {
            throw failure("entities nest more than \(Self.depthLimit) deep (at &\(shown(name));)")
        }
        cost += max(Self.referenceCost, entity.value.count)
        guard cost <= Self.expansionLimit else {
            // Named by the reference in the document, where the reader can find it.
            throw failure("entity expansion over \(Self.expansionLimit) bytes (at &\(shown(stack.first ?? name));)")
        }
        stack.append(name)
        defer { stack.removeLast() }
        try entity.value.withUnsafeBufferPointer { (value) throws(TitleFileError) in
            if inAttribute {
                try attributeValue(value, entity: name)
            } else {
                try content(value, from: 0, entity: name)
            }
        }
    }

    /// Copies an entity's value into an attribute value: references expanded, white space as
    /// spaces (XML's attribute-value normalisation), quotes as references; `<` is an error.
    private mutating func attributeValue(
        _ value: UnsafeBufferPointer<UInt8>, entity: [UInt8]
    ) throws(TitleFileError) {
        var index = 0
        while index < value.count {
            let byte = value[index]
            switch byte {
            case UInt8(ascii: "&"):
                index = try reference(in: value, at: index, inAttribute: true)
                continue
            case UInt8(ascii: "<"):
                throw failure("the entity &\(String(decoding: entity, as: UTF8.self)); puts a < in an attribute value")
            case UInt8(ascii: "\""): output += Array("&quot;".utf8)
            case UInt8(ascii: "'"): output += Array("&apos;".utf8)
            case 0x09, 0x0A, 0x0D: output.append(0x20)
            default: output.append(byte)
            }
            index += 1
        }
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
                guard let end = find(Array("-->".utf8), in: bytes, from: index + 4) else {
                    throw failure("a comment in the DTD is not closed", at: here)
                }
                index = end + 3
            } else if startsText("<?", at: index) {
                guard let end = find(Array("?>".utf8), in: bytes, from: index + 2) else {
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
        let name = Array(bytes[nameStart..<index])
        let shown = (isParameter ? "%" : "") + String(decoding: name, as: UTF8.self)
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
            entities[name] = Entity(value: try replacementText(literal, name: shown, at: start))
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
            let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let code, let scalar = Unicode.Scalar(code), Self.isXMLCharacter(scalar) else {
                throw failure(
                    "the entity \(name)'s value has &#\(digits);, which is not a character XML allows",
                    at: declaration)
            }
            value += Array(String(scalar).utf8)
            index = semicolon + 1
        }
        return value
    }

    // MARK: Scanning

    private static let predefined: Set<[UInt8]> = Set(["lt", "gt", "amp", "apos", "quot"].map { Array($0.utf8) })

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A byte of an XML name, as far as finding where one ends needs: letters, digits, `.`, `-`,
    /// `_`, `:` and every byte of a non-ASCII character.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private func skipSpace(_ index: inout Int) {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    private func startsText(_ text: String, at index: Int) -> Bool {
        let prefix = Array(text.utf8)
        return index + prefix.count <= bytes.count && Array(bytes[index..<(index + prefix.count)]) == prefix
    }

    /// Whether `word` is at `index`, followed by white space or a quote.
    private func startsWord(_ word: String, at index: Int) -> Bool {
        let after = index + word.utf8.count
        return startsText(word, at: index) && after < bytes.count
            && (Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "\"") || bytes[after] == UInt8(ascii: "'"))
    }

    /// The offset past a quoted literal at `index`, or nil when there is none or it is not closed.
    private func quoted(at index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
            let close = bytes[(index + 1)...].firstIndex(of: bytes[index])
        else { return nil }
        return close + 1
    }

    /// The offset of the first `pattern` in `source` at or after `start`.
    private func find(_ pattern: [UInt8], in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, source.count >= pattern.count else { return nil }
        var index = start
        let last = source.count - pattern.count
        while index <= last {
            guard let found = source[index...last].firstIndex(of: first) else { return nil }
            var matches = true
            for offset in 1..<pattern.count where source[found + offset] != pattern[offset] {
                matches = false
                break
            }
            if matches { return found }
            index = found + 1
        }
        return nil
    }

    // MARK: Errors

    /// The 1-based line of a document offset.
    private func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[0..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    /// An error at the document offset `offset`, else at the reference being expanded.
    private func failure(_ reason: String, at offset: Int? = nil) -> TitleFileError {
        TitleFileError(file: file, line: line(at: offset ?? referenceOffset), reason: reason)
    }

    private func notContent(_ entity: [UInt8]) -> TitleFileError {
        failure("the entity &\(String(decoding: entity, as: UTF8.self)); is not well-formed XML where it is used")
    }
}
