import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One title found in a strings file, with where it was found.
struct TitleEntry: Sendable, Hashable {
    /// The file.
    let file: String
    /// The 1-based line of the entry.
    let line: Int
    /// The entry's key (for plain lines, the line number; for .xcstrings, `key (language)`).
    let key: String
    /// The title.
    let title: String
}

/// A file `chevron check` cannot read: which file, which line, and why.
struct TitleFileError: Error, CustomStringConvertible {
    let file: String
    let line: Int
    let reason: String

    var description: String { "\(file):\(line): \(reason)" }
}

/// Reads the titles of a localisation file: Apple `.strings` and `.xcstrings`, Android
/// `strings.xml`, CSV (`key,title`) and plain lines, chosen by the file's extension.
enum TitleFile {
    static func read(_ path: String) throws(TitleFileError) -> [TitleEntry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TitleFileError(file: path, line: 0, reason: "cannot be read")
        }
        let text = try decode(data, file: path)
        switch (path as NSString).pathExtension.lowercased() {
        case "strings": return try StringsFormat.parse(text, file: path)
        case "xcstrings": return try CatalogFormat.parse(text, file: path)
        case "xml": return try AndroidFormat.parse(data, file: path)
        case "csv": return try CSVFormat.parse(text, file: path)
        default:
            // "\r\n" is one Character in Swift: split on every kind of line end.
            return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap {
                index, line in
                let title = line.trimmingCharacters(in: .whitespacesAndNewlines)
                return title.isEmpty ? nil : TitleEntry(file: path, line: index + 1, key: "\(index + 1)", title: title)
            }
        }
    }

    /// UTF-8 (with or without a BOM) or UTF-16 with a BOM, as .strings files come; anything
    /// else is reported at the line of the first byte that is not UTF-8.
    static func decode(_ data: Data, file: String) throws(TitleFileError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) { return text }
            throw TitleFileError(file: file, line: 1, reason: "is not valid UTF-16")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let text = String(validating: body, as: UTF8.self) { return text }
        // Walk the scalars to the first invalid sequence, to say on which line it is.
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = body.makeIterator()
        var offset = 0
        var line = 1
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0x0A { line += 1 }
                offset += scalar.count
            case .error(let length):
                throw TitleFileError(
                    file: file, line: line, reason: "is not UTF-8 (an invalid byte at offset \(offset), \(length) long)"
                )
            case .emptyInput: break loop
            }
        }
        throw TitleFileError(file: file, line: line, reason: "is not UTF-8")
    }

    /// The 1-based line of `offset` (a UTF-8 offset) in `text`.
    static func line(of offset: Int, in text: String) -> Int {
        text.utf8.prefix(offset).filter { $0 == 0x0A }.count + 1
    }
}
