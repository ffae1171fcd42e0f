import Foundation

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

extension CSVFormat: CatalogueReader {
    static let name = "csv"
    static let described = ".csv"
    static let extensions = ["csv"]

    /// CSV belongs to no platform: ICU's `{name}` and numbered `$1` placeholders are read too.
    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file).map { entry in
            var entry = entry
            entry.readsGenericPlaceholders = true
            return entry
        }
    }
}
