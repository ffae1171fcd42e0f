import ChevronVarlink
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Apple `.strings`: `"key" = "value";` entries, `/* */` and `//` comments, C-style escapes.
enum StringsFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        var scanner = StringsScanner(scalars: Array(text.unicodeScalars), file: file)
        var entries: [TitleEntry] = []
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return entries }
            let line = scanner.line
            let key = try scanner.token(what: "a key")
            try scanner.skipSpaceAndComments()
            try scanner.expect("=", after: "the key \"\(key)\"")
            try scanner.skipSpaceAndComments()
            let value = try scanner.token(what: "a value")
            try scanner.skipSpaceAndComments()
            try scanner.expect(";", after: "the value of \"\(key)\"")
            entries.append(TitleEntry(file: file, line: line, key: key, title: value))
        }
    }
}

/// The scanner behind `StringsFormat`, counting lines as it goes.
private struct StringsScanner {
    let scalars: [Unicode.Scalar]
    let file: String
    var position = 0
    var line = 1

    var atEnd: Bool { position >= scalars.count }

    func failure(_ reason: String) -> TitleFileError { TitleFileError(file: file, line: line, reason: reason) }

    mutating func advance() {
        if scalars[position] == "\n" { line += 1 }
        position += 1
    }

    mutating func skipSpaceAndComments() throws(TitleFileError) {
        while !atEnd {
            let scalar = scalars[position]
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                let start = line
                position += 2
                while !atEnd,
                    !(scalars[position] == "*" && position + 1 < scalars.count && scalars[position + 1] == "/")
                {
                    advance()
                }
                guard !atEnd else { throw TitleFileError(file: file, line: start, reason: "a comment is not closed") }
                position += 2
            } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "/" {
                while !atEnd, scalars[position] != "\n" { advance() }
            } else {
                return
            }
        }
    }

    mutating func expect(_ character: Unicode.Scalar, after what: String) throws(TitleFileError) {
        guard !atEnd, scalars[position] == character else {
            throw failure("expected \"\(character)\" after \(what)")
        }
        advance()
    }

    /// A quoted string with escapes, or a bare word of letters, digits, `_`, `.`, `-`.
    mutating func token(what: String) throws(TitleFileError) -> String {
        guard !atEnd else { throw failure("expected \(what), found the end of the file") }
        if scalars[position] != "\"" {
            var word = ""
            while !atEnd,
                scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position])
                    || "_.-".unicodeScalars.contains(scalars[position])
            {
                word.unicodeScalars.append(scalars[position])
                advance()
            }
            guard !word.isEmpty else { throw failure("expected \(what), found \"\(scalars[position])\"") }
            return word
        }
        let start = line
        advance()
        var value = ""
        while true {
            guard !atEnd else { throw TitleFileError(file: file, line: start, reason: "a string is not closed") }
            let scalar = scalars[position]
            advance()
            if scalar == "\"" { return value }
            guard scalar == "\\" else {
                value.unicodeScalars.append(scalar)
                continue
            }
            guard !atEnd else { throw failure("a string ends in a backslash") }
            let escaped = scalars[position]
            advance()
            switch escaped {
            case "n": value += "\n"
            case "t": value += "\t"
            case "r": value += "\r"
            case "0": value += "\0"
            case "U", "u":
                var digits = ""
                while digits.count < 4, !atEnd, scalars[position].properties.isASCIIHexDigit {
                    digits.unicodeScalars.append(scalars[position])
                    advance()
                }
                guard let code = UInt32(digits, radix: 16), let unicode = Unicode.Scalar(code) else {
                    throw failure("\\\(escaped)\(digits) is not a character escape")
                }
                value.unicodeScalars.append(unicode)
            default: value.unicodeScalars.append(escaped)
            }
        }
    }
}

/// Xcode string catalogs (`.xcstrings`): every localization's value of every key.
enum CatalogFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        // Our strict parser first: it says where the JSON breaks (Foundation's does not, here).
        do {
            _ = try JSONParser.parse(text, maximumDepth: 64)
        } catch {
            throw TitleFileError(
                file: file, line: TitleFile.line(of: error.offset, in: text),
                reason: "is not valid JSON (\(error.reason))")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw TitleFileError(file: file, line: 1, reason: "is not valid JSON")
        }
        guard let catalog = object as? [String: Any], let strings = catalog["strings"] as? [String: Any] else {
            throw TitleFileError(file: file, line: 1, reason: "is not a string catalog: no \"strings\" object")
        }
        let source = catalog["sourceLanguage"] as? String ?? "en"
        var entries: [TitleEntry] = []
        for key in strings.keys.sorted() {
            let line = lineOfKey(key, in: text)
            let localizations = (strings[key] as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            if localizations[source] == nil {
                // The key is the source-language text when the catalog has no unit for it.
                entries.append(TitleEntry(file: file, line: line, key: "\(key) (\(source))", title: key))
            }
            for language in localizations.keys.sorted() {
                let unit = (localizations[language] as? [String: Any])?["stringUnit"] as? [String: Any]
                guard let value = unit?["value"] as? String else {
                    throw TitleFileError(
                        file: file, line: line, reason: "\"\(key)\" (\(language)) has no stringUnit value")
                }
                entries.append(TitleEntry(file: file, line: line, key: "\(key) (\(language))", title: value))
            }
        }
        return entries
    }

    /// The line where `"key":` first appears (JSON keeps no positions; the key is quoted there).
    private static func lineOfKey(_ key: String, in text: String) -> Int {
        guard let data = try? JSONSerialization.data(withJSONObject: [key], options: [.fragmentsAllowed]),
            let quoted = String(data: data, encoding: .utf8)?.dropFirst().dropLast(),
            let range = text.range(of: String(quoted) + ":") ?? text.range(of: String(quoted))
        else { return 1 }
        return TitleFile.line(of: text.utf8.distance(from: text.startIndex, to: range.lowerBound), in: text)
    }
}

/// Android `res/values*/strings.xml`: `<string name="key">value</string>`.
enum AndroidFormat {
    static func parse(_ data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        let reader = AndroidReader(file: file)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        if !parser.parse() || reader.failure != nil {
            throw reader.failure
                ?? TitleFileError(file: file, line: parser.lineNumber, reason: "is not well-formed XML")
        }
        return reader.entries
    }
}

private final class AndroidReader: NSObject, XMLParserDelegate {
    let file: String
    var entries: [TitleEntry] = []
    var failure: TitleFileError?
    private var current: (key: String, line: Int, text: String)?

    init(file: String) {
        self.file = file
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard element == "string" else { return }
        guard let name = attributes["name"] else {
            failure = TitleFileError(file: file, line: parser.lineNumber, reason: "a <string> has no name attribute")
            parser.abortParsing()
            return
        }
        current = (name, parser.lineNumber, "")
    }

    /// The line where libxml2 saw the error (by the end of the parse it has moved on).
    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        guard failure == nil else { return }
        let code = (error as NSError).code
        failure = TitleFileError(
            file: file, line: parser.lineNumber, reason: "is not well-formed XML (libxml2 error \(code))")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard element == "string", let entry = current else { return }
        entries.append(TitleEntry(file: file, line: entry.line, key: entry.key, title: Self.unescape(entry.text)))
        current = nil
    }

    /// Android's escapes: `\'`, `\"`, `\n`, `\t`, `\@`, `\?`; surrounding double quotes kept literal.
    static func unescape(_ text: String) -> String {
        var value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n": result += "\n"
                case "t": result += "\t"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
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
