import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Android `res/values*/strings.xml`: `<string name="key">value</string>`.
enum AndroidFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        let document = try XMLEntities.prepared(text, file: file)
        if let line = emptyProcessingInstruction(in: document) {
            throw TitleFileError(
                file: file, line: line,
                reason: "has a processing instruction with no data (<?name?>), which is not read")
        }
        let reader = AndroidReader(file: file)
        let parser = XMLParser(data: document)
        parser.delegate = reader
        if !parser.parse() || reader.failure != nil {
            throw reader.failure
                ?? TitleFileError(file: file, line: parser.lineNumber, reason: "is not well-formed XML")
        }
        return try resolvingReferences(reader.entries, file: file)
    }

    /// Entries whose whole value is a reference to another string (`@string/name`) take that
    /// string's value, from the same file; a name the file does not define is an error. Each
    /// name's value is found once: a chain of references costs its length, not its length per
    /// string in it.
    static func resolvingReferences(_ entries: [TitleEntry], file: String) throws(TitleFileError) -> [TitleEntry] {
        var byKey: [String: TitleEntry] = [:]
        for entry in entries where byKey[entry.key] == nil { byKey[entry.key] = entry }
        // The value `@string/NAME` stands for, by NAME, once found.
        var resolved: [String: String] = [:]
        var followed = 0
        defer { ReadingWork.add(.referenceFollowed, followed) }
        return try entries.map { (entry) throws(TitleFileError) -> TitleEntry in
            guard entry.title.hasPrefix("@string/") else { return entry }
            var title = entry.title
            var names: [String] = []
            var seen: Set<String> = [entry.key]
            while title.hasPrefix("@string/") {
                let name = String(title.dropFirst("@string/".count))
                followed += 1
                if let known = resolved[name] {
                    title = known
                    break
                }
                guard let next = byKey[name], seen.insert(name).inserted else {
                    throw TitleFileError(
                        file: file, line: entry.line,
                        reason: byKey[name] == nil
                            ? "\(entry.key) refers to @string/\(name), which this file does not define"
                            : "\(entry.key) refers to @string/\(name) in a loop")
                }
                names.append(name)
                title = next.title
            }
            for name in names { resolved[name] = title }
            return TitleEntry(
                file: entry.file, line: entry.line, key: entry.key, title: title, language: entry.language)
        }
    }
}

extension AndroidFormat {
    /// The line of the first processing instruction with a target and no data (`<?b?>`), or nil.
    /// Foundation's XMLParser on Linux reads such an instruction's missing data as a C string
    /// and crashes (found by the check-formats fuzz target), so these files never reach it. It
    /// looks at the document with its entities written out (`XMLEntities`): an entity may hold one.
    static func emptyProcessingInstruction(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        var line = 1
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
                var end = index + 2
                while end < bytes.count, !Self.isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
                while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
                if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                    return line
                }
            }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

/// Reads `<string>`, every `<item quantity>` of a `<plurals>` (`key (one)`) and every `<item>`
/// of a `<string-array>` (`key[0]`); anything marked `translatable="false"` is left out.
private final class AndroidReader: NSObject, XMLParserDelegate {
    let file: String
    var entries: [TitleEntry] = []
    var failure: TitleFileError?
    private var current: (key: String, line: Int, text: String)?
    /// The plural category of the `<plurals>` item being read (its `quantity`), nil otherwise.
    private var quantity: String?
    /// The `<plurals>` or `<string-array>` being read: its name, whether to keep it, items so far.
    private var group: (name: String, keep: Bool, isArray: Bool, items: Int)?
    /// The last XML comment met outside a string, and the one standing before the string, plurals
    /// or array being read: its comment for translators (`TitleEntry.comment`).
    private var lastComment: String?
    private var comment: String?

    init(file: String) {
        self.file = file
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "string", "plurals", "string-array":
            comment = lastComment
            lastComment = nil
            guard let name = attributes["name"] else {
                failure = TitleFileError(
                    file: file, line: parser.lineNumber, reason: "a <\(element)> has no name attribute")
                parser.abortParsing()
                return
            }
            let keep = attributes["translatable"] != "false"
            if element == "string" {
                if keep { current = (name, parser.lineNumber, "") }
            } else {
                group = (name, keep, element == "string-array", 0)
            }
        case "item":
            guard let group, group.keep else { return }
            if group.isArray {
                current = ("\(group.name)[\(group.items)]", parser.lineNumber, "")
            } else {
                guard let quantity = attributes["quantity"] else {
                    failure = TitleFileError(
                        file: file, line: parser.lineNumber,
                        reason: "an <item> of <plurals name=\"\(group.name)\"> has no quantity")
                    parser.abortParsing()
                    return
                }
                current = ("\(group.name) (\(quantity))", parser.lineNumber, "")
                self.quantity = quantity
            }
            self.group?.items += 1
        default:
            // A tag inside a string (`<b>`) is kept as written, for `TitleMarkup.html` to take
            // out (or `--markup none` to measure); its attributes in name order, single-quoted
            // (a double quote is Android's quoting).
            guard current != nil else { break }
            let written = attributes.sorted { $0.key < $1.key }.map { " \($0.key)='\($0.value)'" }.joined()
            current?.text += "<\(element)\(written)>"
        }
    }

    /// The line where libxml2 saw the error (by the end of the parse it has moved on). The parse
    /// is not stopped here: Foundation's parser on Linux crashes in libxml2 when it is stopped from
    /// its own error report (found by the android fuzz target).
    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        guard failure == nil else { return }
        let code = (error as NSError).code
        failure = TitleFileError(
            file: file, line: parser.lineNumber, reason: "is not well-formed XML (libxml2 error \(code))")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current?.text += string
        // Text between a comment and the next element (other than white space) parts them.
        if current == nil, string.contains(where: { !$0.isWhitespace }) { lastComment = nil }
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        if current == nil { lastComment = comment.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        current?.text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "plurals" || element == "string-array" {
            group = nil
            comment = nil
        }
        guard element == "string" || element == "item", let entry = current else {
            if current != nil { current?.text += "</\(element)>" }
            return
        }
        // A plural item's count is a number of its quantity's category (`PluralVariations.pluralForm`).
        let text = Self.unescape(entry.text)
        let title = quantity.map { PluralVariations.pluralForm(text, category: $0) } ?? text
        var read = TitleEntry(file: file, line: entry.line, key: entry.key, title: title)
        read.comment = comment
        entries.append(read)
        current = nil
        quantity = nil
        if element == "string" { comment = nil }
    }

    /// Android's rules: runs of white space become one space (outside double quotes), surrounding
    /// double quotes are dropped, and `\'`, `\"`, `\n`, `\t`, `\@`, `\?`, `\uXXXX` are escapes.
    /// White space is ASCII's (space, tab, LF, VT, FF, CR), as aapt2 reads it: a no-break space
    /// (U+00A0, U+202F) or a line separator (U+2028) is text, kept as written. Read over the
    /// text's UTF-8 bytes: an entity can make a value hundreds of kilobytes long.
    static func unescape(_ text: String) -> String {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(unescape)
            ?? Array(text.utf8).withUnsafeBufferPointer(unescape)
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var quoted = false
        var pendingSpace = false
        /// The length in bytes of the scalar at `index` (the text is valid UTF-8).
        func length(at index: Int) -> Int {
            let lead = bytes[index]
            return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let count = length(at: index)
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D), !quoted {
                pendingSpace = !result.isEmpty
                index += count
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            switch byte {
            case UInt8(ascii: "\""):
                quoted.toggle()
                index += 1
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                let escapedCount = length(at: index)
                index += escapedCount
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    // The next four characters, in hexadecimal.
                    var end = index
                    var scalars = 0
                    while scalars < 4, end < bytes.count {
                        end += length(at: end)
                        scalars += 1
                    }
                    let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                    if digits.count == 4, let code = UInt32(digits, radix: 16), let unicode = Unicode.Scalar(code) {
                        result += Array(String(unicode).utf8)
                        index = end
                    } else {
                        result.append(UInt8(ascii: "u"))
                    }
                default: result += bytes[(index - escapedCount)..<index]
                }
            default:
                // Byte by byte: a slice's generic append costs more than the byte in a debug build.
                for offset in 0..<count { result.append(bytes[index + offset]) }
                index += count
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension AndroidFormat: CatalogueReader {
    /// The HTML tags Android draws from a string resource.
    static let markup: TitleMarkup? = .html
    static let name = "android"
    static let described = "Android strings.xml"
    /// `strings.xml` shares its extension with every XML file: the content says.
    static let extensions: [String] = []

    /// An XML document whose root is `resources`.
    static func shows(_ text: String) -> Bool {
        let start = CatalogueReaders.start(of: text)
        return start.hasPrefix("<") && XMLScanning.rootElement(of: start) == "resources"
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file)
    }
}
