import Foundation

/// Apple `.strings`: `"key" = "value";` entries, `/* */` and `//` comments, C-style escapes.
enum StringsFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        var text = text
        text.makeContiguousUTF8()
        // The scanner reads the string's own UTF-8 bytes: no copy of a file that may be large.
        let result: Result<[TitleEntry], TitleFileError> =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var scanner = StringsScanner(bytes: bytes, file: file)
                return Result { () throws(TitleFileError) in try scanner.entries() }
            } ?? .success([])
        return try result.get()
    }
}

/// The scanner behind `StringsFormat`, over UTF-8 bytes, counting lines as it goes.
private struct StringsScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var position = 0
    var line = 1
    /// The comments skipped since the last entry: the one above a key is its comment for
    /// translators (`TitleEntry.comment`).
    var comments: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    var atEnd: Bool { position >= bytes.count }

    func failure(_ reason: String) -> TitleFileError { TitleFileError(file: file, line: line, reason: reason) }

    mutating func entries() throws(TitleFileError) -> [TitleEntry] {
        var entries: [TitleEntry] = []
        while true {
            comments.removeAll()
            try skipSpaceAndComments()
            guard !atEnd else { return entries }
            let line = line
            let comment = comments.last
            let key = try token(what: "a key")
            try skipSpaceAndComments()
            try expect("=", after: "the key \"\(key)\"")
            try skipSpaceAndComments()
            let value = try token(what: "a value")
            try skipSpaceAndComments()
            try expect(";", after: "the value of \"\(key)\"")
            var entry = TitleEntry(file: file, line: line, key: key, title: value)
            entry.comment = comment
            entries.append(entry)
        }
    }

    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The scalar at the position and its length in bytes (the text is valid UTF-8).
    func scalar() -> (Unicode.Scalar, Int) {
        let lead = bytes[position]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes[position..<min(bytes.count, position + length)].makeIterator()
        if case .valid(let encoded) = decoder.parseScalar(from: &iterator) {
            return (Unicode.UTF8.decode(encoded), encoded.count)
        }
        return ("\u{FFFD}", 1)
    }

    mutating func advance(by count: Int = 1) {
        for _ in 0..<count where position < bytes.count {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
    }

    mutating func skipSpaceAndComments() throws(TitleFileError) {
        while !atEnd {
            let (scalar, length) = scalar()
            if scalar.properties.isWhitespace {
                advance(by: length)
            } else if scalar == "/", byte(at: position + 1) == UInt8(ascii: "*") {
                let start = line
                advance(by: 2)
                let from = position
                while !atEnd, !(bytes[position] == UInt8(ascii: "*") && byte(at: position + 1) == UInt8(ascii: "/")) {
                    advance()
                }
                guard !atEnd else { throw TitleFileError(file: file, line: start, reason: "a comment is not closed") }
                comments.append(commentText(from, position))
                advance(by: 2)
            } else if scalar == "/", byte(at: position + 1) == UInt8(ascii: "/") {
                let from = position + 2
                while !atEnd, bytes[position] != 0x0A { advance() }
                comments.append(commentText(from, position))
            } else {
                return
            }
        }
    }

    /// A comment's text between two byte offsets, trimmed.
    func commentText(_ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<max(from, to)]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    mutating func expect(_ character: Unicode.Scalar, after what: String) throws(TitleFileError) {
        guard !atEnd, bytes[position] == UInt8(ascii: character) else {
            throw failure("expected \"\(character)\" after \(what)")
        }
        advance()
    }

    /// The four hex digits after `\U` (the scanner stands on the first digit).
    mutating func hexEscape(_ letter: Unicode.Scalar) throws(TitleFileError) -> UInt32 {
        var digits = ""
        while digits.count < 4, !atEnd, Unicode.Scalar(bytes[position]).properties.isASCIIHexDigit {
            digits.unicodeScalars.append(Unicode.Scalar(bytes[position]))
            advance()
        }
        guard digits.count == 4, let code = UInt32(digits, radix: 16) else {
            throw failure("\\\(letter)\(digits) is not a character escape")
        }
        return code
    }

    /// A quoted string with escapes, or a bare word of letters, digits, `_`, `.`, `-`.
    mutating func token(what: String) throws(TitleFileError) -> String {
        guard !atEnd else { throw failure("expected \(what), found the end of the file") }
        if bytes[position] != UInt8(ascii: "\"") {
            let start = position
            while !atEnd {
                let (scalar, length) = scalar()
                guard
                    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_.-".unicodeScalars.contains(scalar)
                else { break }
                advance(by: length)
            }
            guard position > start else { throw failure("expected \(what), found \"\(scalar().0)\"") }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }
        let start = line
        advance()
        // Runs of plain bytes are copied whole; only escapes are written one by one.
        var value: [UInt8] = []
        while true {
            let run = position
            while !atEnd, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") { advance() }
            value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
            guard !atEnd else { throw TitleFileError(file: file, line: start, reason: "a string is not closed") }
            let quoteOrBackslash = bytes[position]
            advance()
            if quoteOrBackslash == UInt8(ascii: "\"") { return String(decoding: value, as: UTF8.self) }
            guard !atEnd else { throw failure("a string ends in a backslash") }
            let (escaped, length) = scalar()
            advance(by: length)
            switch escaped {
            case "n": value.append(0x0A)
            case "t": value.append(0x09)
            case "r": value.append(0x0D)
            case "0": value.append(0x00)
            case "U", "u":
                var code = try hexEscape(escaped)
                // Characters beyond the BMP are written as a surrogate pair: \UD83D\UDE00.
                if (0xD800..<0xDC00).contains(code), byte(at: position) == UInt8(ascii: "\\"),
                    byte(at: position + 1) == UInt8(ascii: "U") || byte(at: position + 1) == UInt8(ascii: "u")
                {
                    advance(by: 2)  // the backslash and the U
                    let low = try hexEscape("U")
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(code) else { throw failure("an unpaired surrogate escape") }
                value.append(contentsOf: String(unicode).utf8)
            default: value.append(contentsOf: String(escaped).utf8)
            }
        }
    }
}

extension StringsFormat: CatalogueReader {
    /// SwiftUI's Markdown, which `Text` draws from a localized key.
    static let markup: TitleMarkup? = .markdown
    static let name = "strings"
    static let described = ".strings"
    static let extensions = ["strings"]

    /// A `.strings` file starts with a key's quote or a comment, and holds `=` and `;`.
    static func shows(_ text: String) -> Bool {
        let start = CatalogueReaders.start(of: text)
        return (start.hasPrefix("\"") || start.hasPrefix("/*") || start.hasPrefix("//")) && text.contains("=")
            && text.contains(";")
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file)
    }
}
