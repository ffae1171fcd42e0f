import Foundation

/// Plain lines (`.txt`): a title per line, blank lines skipped, the line number as key.
enum LinesFormat {
    static func parse(_ text: String, file: String) -> [TitleEntry] {
        var entries: [TitleEntry] = []
        var number = 0
        // Lines are cut by scalars (no grapheme breaking, which costs a large file dearly) at
        // every line end Swift's isNewline knows; "\r\n" is one.
        var scalars = text.unicodeScalars[...]
        while !scalars.isEmpty {
            number += 1
            let end = scalars.firstIndex(where: isLineEnd) ?? scalars.endIndex
            var line = scalars[..<end]
            while let first = line.first, first.properties.isWhitespace { line = line.dropFirst() }
            while let last = line.last, last.properties.isWhitespace { line = line.dropLast() }
            if !line.isEmpty {
                entries.append(TitleEntry(file: file, line: number, key: "\(number)", title: String(Substring(line))))
            }
            guard end < scalars.endIndex else { break }
            let next = scalars.index(after: end)
            scalars =
                scalars[end] == "\r" && next < scalars.endIndex && scalars[next] == "\n"
                ? scalars[scalars.index(after: next)...] : scalars[next...]
        }
        return entries
    }

    private static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension LinesFormat: CatalogueReader {
    static let name = "lines"
    static let described = ".txt (or --input-format lines)"
    static let extensions = ["txt"]

    /// Lines belong to no platform: ICU's `{name}` and numbered `$1` placeholders are read too.
    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        parse(text, file: file).map { entry in
            var entry = entry
            entry.readsGenericPlaceholders = true
            return entry
        }
    }
}
