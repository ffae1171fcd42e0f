import ChevronJSON
import ChevronVarlink
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Xcode string catalogs (`.xcstrings`): every localization's value of every key, plural and
/// device variations included (`key (de, plural one)`).
enum CatalogFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        var text = text
        do {
            return try text.withUTF8 { utf8 throws(TitleFileError) in
                try parse(UnsafeRawBufferPointer(utf8), file: file)
            }
        } catch let error as TitleFileError {
            throw error
        } catch {
            preconditionFailure("only TitleFileError is thrown")
        }
    }

    /// The entries of the catalogue `bytes`. The whole text is checked first, then its keys are
    /// read one at a time, each key's tree and lines made and dropped before the next: the
    /// catalogue's whole tree, several times the size of its text, is never held at once.
    private static func parse(_ bytes: UnsafeRawBufferPointer, file: String) throws(TitleFileError) -> [TitleEntry] {
        // Our strict parser says where the JSON breaks (Foundation's does not, here).
        var lines = TextLines(bytes)
        do {
            try JSONParser.validate(bytes, maximumDepth: 64)
        } catch {
            throw TitleFileError(
                file: file, line: lines.line(at: error.offset), reason: "is not valid JSON (\(error.reason))")
        }
        /// The value at `range`, which `validate` accepted as part of the whole, with the offset
        /// of each value in it (from the range's start).
        func value(_ range: Range<Int>) throws(TitleFileError) -> LocatedJSON {
            do {
                return try JSONParser.parseLocated(UnsafeRawBufferPointer(rebasing: bytes[range]), maximumDepth: 64)
            } catch {
                throw TitleFileError(
                    file: file, line: lines.line(at: range.lowerBound + error.offset),
                    reason: "is not valid JSON (\(error.reason))")
            }
        }
        var strings: Range<Int>?
        var source = "en"
        try JSONParser.forEachMember(ofObjectAt: 0, in: bytes) { (key, _, range) throws(TitleFileError) in
            if key == "strings", strings == nil {
                strings = range
            } else if key == "sourceLanguage", case .string(let language) = try value(range).value {
                source = language
            }
        }
        guard let strings, bytes[strings.lowerBound] == UInt8(ascii: "{") else {
            throw TitleFileError(file: file, line: 1, reason: "is not a string catalog: no \"strings\" object")
        }
        var entries: [TitleEntry] = []
        // A catalogue has a few languages and a localization of each per key: each tag is read once.
        var tags: [String: String?] = [:]
        func languageTag(_ tag: String) -> String? {
            if let known = tags[tag] { return known }
            let read = TitleFile.languageTag(tag)
            tags[tag] = .some(read)
            return read
        }
        try JSONParser.forEachMember(ofObjectAt: strings.lowerBound, in: bytes) {
            (key, keyOffset, range) throws(TitleFileError) in
            // The key's line, where the lines of its values are counted from.
            lines.mark(at: keyOffset)
            let line = lines.line(at: keyOffset)
            let located = try value(range)
            let member = (key: key, value: located.value)
            guard case .object(let localizations)? = member.value["localizations"] ?? .object([]) else {
                throw TitleFileError(file: file, line: line, reason: "\"\(key)\" has no localizations object")
            }
            // The key's comment for translators, which `--titles-comment` selects by.
            var comment: String?
            if case .string(let text)? = member.value["comment"] { comment = text }
            if !localizations.contains(where: { $0.key == source }) {
                // The key is the source-language text when the catalog has no unit for it.
                var entry = TitleEntry(
                    file: file, line: line, key: "\(key) (\(source))", title: key, language: languageTag(source))
                entry.comment = comment
                entries.append(entry)
            }
            for localization in localizations.sorted(by: { $0.key < $1.key }) {
                var untranslated: Set<String> = []
                // Each label's value, as a path in the localization: its row is at that line.
                var paths: [String: [String]] = [:]
                let values = substituting(
                    unitValues(localization.value, label: localization.key, untranslated: &untranslated, paths: &paths),
                    localization.value["substitutions"], paths: &paths)
                guard !values.isEmpty else {
                    throw TitleFileError(
                        file: file, line: line,
                        reason: "\"\(key)\" (\(localization.key)) has no stringUnit value and no variations")
                }
                for (label, value, combinations) in values {
                    let valueLine = paths[label].flatMap { path in
                        located[path: ["localizations", localization.key] + path].map {
                            lines.line(at: range.lowerBound + $0.offset)
                        }
                    }
                    var entry = TitleEntry(
                        file: file, line: valueLine ?? line, key: "\(key) (\(label))", title: value,
                        language: languageTag(localization.key))
                    entry.isUntranslated = value.isEmpty && untranslated.contains(label)
                    entry.comment = comment
                    if let combinations {
                        entry.alternativesOf = "\(key) (\(localization.key))"
                        entry.combinations = combinations
                    }
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    /// `values` with their `%#@name@` substitutions written out (`PluralVariations`): a value
    /// using one substitution becomes one value per plural form it has (`one`, `other`, …),
    /// labelled `…, name one`; a value using several, one per combination of their forms, all
    /// alternatives of the key (the widest is reported). A form's `%arg` is the substitution's
    /// number, marked for the sample pass as a printf placeholder of its `formatSpecifier`.
    /// Each new label's path in `paths` is that of its first substitution's form's value.
    private static func substituting(
        _ values: [(String, String)], _ substitutions: JSONValue?, paths: inout [String: [String]]
    ) -> [(label: String, text: String, combinations: Int?)] {
        guard case .object(let members)? = substitutions, !members.isEmpty else {
            return values.map { ($0.0, $0.1, nil) }
        }
        let plural = members.map { member -> PluralVariations.Substitution in
            var specifier = "lld"
            if case .string(let given)? = member.value["formatSpecifier"] { specifier = given }
            let spelling = "%" + specifier
            let forms = PluralRules.categories.compactMap { category -> (category: String, text: String)? in
                guard
                    case .string(let text)? = member.value["variations"]?["plural"]?[category]?["stringUnit"]?["value"]
                else { return nil }
                let number = PluralVariations.marker(category: category, spelling: spelling)
                return (category, text.replacingOccurrences(of: "%arg", with: number))
            }
            return PluralVariations.Substitution(name: member.key, forms: forms)
        }
        var result: [(label: String, text: String, combinations: Int?)] = []
        for (label, value) in values {
            let (variations, total) = PluralVariations.variations(of: value, substitutions: plural)
            for variation in variations {
                guard !variation.forms.isEmpty else {
                    result.append((label, variation.text, nil))
                    continue
                }
                let forms = variation.forms.map { "\($0.name) \($0.category)" }.joined(separator: ", ")
                let first = variation.forms[0]
                paths["\(label), \(forms)"] = [
                    "substitutions", first.name, "variations", "plural", first.category, "stringUnit", "value",
                ]
                result.append(("\(label), \(forms)", variation.text, variation.forms.count > 1 ? total : nil))
            }
        }
        return result
    }

    /// The `stringUnit` values of a localization, and those of its plural and device variations;
    /// the labels of units whose state is not `translated` go into `untranslated`, and each
    /// label's path from the localization (`path` is the node's) into `paths`.
    private static func unitValues(
        _ node: JSONValue, label: String, untranslated: inout Set<String>, path: [String] = [],
        paths: inout [String: [String]]
    ) -> [(String, String)] {
        var values: [(String, String)] = []
        if case .string(let value)? = node["stringUnit"]?["value"] {
            values.append((label, value))
            paths[label] = path + ["stringUnit", "value"]
            if case .string(let state)? = node["stringUnit"]?["state"], state != "translated" {
                untranslated.insert(label)
            }
        }
        if case .object(let kinds)? = node["variations"] {
            for kind in kinds {
                guard case .object(let forms) = kind.value else { continue }
                for form in forms {
                    let found = unitValues(
                        form.value, label: "\(label), \(kind.key) \(form.key)", untranslated: &untranslated,
                        path: path + ["variations", kind.key, form.key], paths: &paths)
                    // A plural form's count is a number of its category (`PluralVariations.pluralForm`).
                    values += kind.key == "plural"
                        ? found.map { ($0.0, PluralVariations.pluralForm($0.1, category: form.key)) } : found
                }
            }
        }
        return values
    }
}

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
        return try entries.map { (entry) throws(TitleFileError) -> TitleEntry in
            guard entry.title.hasPrefix("@string/") else { return entry }
            var title = entry.title
            var names: [String] = []
            var seen: Set<String> = [entry.key]
            while title.hasPrefix("@string/") {
                let name = String(title.dropFirst("@string/".count))
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
            break
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
        guard element == "string" || element == "item", let entry = current else { return }
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

/// CSV with two columns, `key,title` (RFC 4180 quoting; a `key,title` header line is skipped).
enum CSVFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        var entries: [TitleEntry] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = Array(text.unicodeScalars)[...]
        func endRecord() throws(TitleFileError) {
            fields.append(field)
            field = ""
            defer {
                fields = []
                recordLine = line
            }
            if fields == [""] { return }  // a blank line
            guard fields.count == 2 else {
                throw TitleFileError(
                    file: file, line: recordLine, reason: "has \(fields.count) columns; expected 2 (key,title)")
            }
            if entries.isEmpty, recordLine == 1, fields[0].lowercased() == "key", fields[1].lowercased() == "title" {
                return
            }
            entries.append(TitleEntry(file: file, line: recordLine, key: fields[0], title: fields[1]))
        }
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                    }
                } else if scalar == "\r", characters.first == "\n" {
                    continue  // CRLF inside a quoted field is a line end like LF
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\r": continue
            case "\n":
                line += 1
                try endRecord()
            default: field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted else {
            throw TitleFileError(file: file, line: recordLine, reason: "a quoted field is not closed")
        }
        if !field.isEmpty || !fields.isEmpty { try endRecord() }
        return entries
    }
}
