import ChevronVarlink
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#endif

extension TitleFile {
    /// The format a file's extension names, or (for `.xml` and unknown extensions) the one its
    /// content shows; nil when neither says.
    static func format(named path: String, text: String) -> TitleFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "strings": return .strings
        case "stringsdict": return .stringsdict
        case "xcstrings": return .xcstrings
        case "xliff", "xlf": return .xliff
        case "csv": return .csv
        case "txt": return .lines
        default: return format(showing: text)
        }
    }

    /// The format the content shows: an XML root element (`resources`, `xliff`, a `plist` with
    /// plural rules), a JSON string catalog, or `.strings` entries.
    static func format(showing text: String) -> TitleFormat? {
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("<") {
            switch rootElement(of: start) {
            case "resources": return .android
            case "xliff": return .xliff
            case "plist" where text.contains("NSStringLocalizedFormatKey"): return .stringsdict
            default: return nil
            }
        }
        if start.hasPrefix("{") { return text.contains("\"strings\"") ? .xcstrings : nil }
        if start.hasPrefix("\"") || start.hasPrefix("/*") || start.hasPrefix("//") {
            return text.contains("=") && text.contains(";") ? .strings : nil
        }
        return nil
    }

    /// The name of the first element of an XML text, past its declaration, comments and
    /// document type.
    private static func rootElement(of text: Substring) -> String? {
        var rest = text
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            if rest.hasPrefix("<!DOCTYPE") {
                guard let end = doctypeEnd(rest) else { return nil }
                rest = rest[end...]
                continue
            }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                let close = rest.hasPrefix("<!--") ? rest.range(of: "-->")?.upperBound : rest.firstIndex(of: ">")
                guard let close else { return nil }
                rest = rest[close...]
                continue
            }
            let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" || $0 == "_" }
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }

    /// The index past the `>` that ends the document type declaration at the start of `text`:
    /// its internal subset (`[…]`) may hold `>` and `<` in declarations, quoted values and comments.
    private static func doctypeEnd(_ text: Substring) -> Substring.Index? {
        var index = text.startIndex
        var quote: Character?
        var inSubset = false
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if inSubset, text[index...].hasPrefix("<!--") {
                guard let end = text[index...].range(of: "-->") else { return nil }
                index = end.upperBound
                continue
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                inSubset = true
            } else if character == "]" {
                inSubset = false
            } else if character == ">", !inSubset {
                return text.index(after: index)
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// UTF-8 (with or without a BOM) or UTF-16 (with a BOM, or without one where its zero bytes
    /// show it: `utf16WithoutByteOrderMark`), as .strings files come; anything else is reported
    /// at the line of the first byte that is not UTF-8.
    static func decode(_ data: Data, file: String) throws(TitleFileError) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) { return text }
            throw TitleFileError(file: file, line: 1, reason: "is not valid UTF-16")
        }
        if let encoding = utf16WithoutByteOrderMark(data) {
            if let text = String(data: data, encoding: encoding) { return text }
            let order = encoding == .utf16LittleEndian ? "little-endian" : "big-endian"
            throw TitleFileError(
                file: file, line: 1,
                reason:
                    "looks like UTF-16 (\(order), without a byte-order mark) by its zero bytes, but is not valid UTF-16"
            )
        }
        let skip = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Validated in place: a large file is not copied on the way to its text.
        let decoded = data.withUnsafeBytes { raw in
            String(validating: raw.bindMemory(to: UInt8.self).dropFirst(skip), as: UTF8.self)
        }
        if let decoded { return decoded }
        let body = data.dropFirst(skip)
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

    /// The byte order of UTF-16 without a byte-order mark, told as Xcode tells it: by where the
    /// zero bytes are. Every format starts with an ASCII character (`"`, `/`, `<`, `{`, a
    /// letter), whose high byte is zero: the first two bytes are a zero and a non-zero one, and in
    /// the first 1,024 bytes at least a quarter of the pairs have their zero on that side, more
    /// than on the other (a letter U+xx00 has its zero on the other). UTF-8 text holds no zero
    /// bytes unless it holds a NUL, so it is never read this way when it starts with two
    /// characters that are not NUL. Nil for anything else.
    static func utf16WithoutByteOrderMark(_ data: Data) -> String.Encoding? {
        guard data.count >= 2, data.count % 2 == 0 else { return nil }
        let first = data[data.startIndex]
        let second = data[data.startIndex + 1]
        let littleEndian: Bool
        if first != 0, second == 0 {
            littleEndian = true
        } else if first == 0, second != 0 {
            littleEndian = false
        } else {
            return nil
        }
        var zeroHigh = 0
        var zeroLow = 0
        let sample = data.prefix(1024)
        var index = sample.startIndex
        while index + 1 < sample.endIndex {
            let (low, high) = littleEndian ? (sample[index], sample[index + 1]) : (sample[index + 1], sample[index])
            if high == 0 { zeroHigh += 1 }
            if low == 0 { zeroLow += 1 }
            index += 2
        }
        guard zeroHigh * 4 >= sample.count / 2, zeroHigh > zeroLow else { return nil }
        return littleEndian ? .utf16LittleEndian : .utf16BigEndian
    }
}
