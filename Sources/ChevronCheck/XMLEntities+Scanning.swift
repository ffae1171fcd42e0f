import Foundation

/// The byte scanners of the entity pass, and where its errors point.
extension XMLEntities {
    // MARK: Scanning

    /// Whether `name` is one of XML's predefined entities: `lt`, `gt`, `amp`, `apos`, `quot`.
    static func isPredefined(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch name.count {
        case 2: return (name[0] == UInt8(ascii: "l") || name[0] == UInt8(ascii: "g")) && name[1] == UInt8(ascii: "t")
        case 3: return name.elementsEqual("amp".utf8)
        case 4: return name.elementsEqual("apos".utf8) || name.elementsEqual("quot".utf8)
        default: return false
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A byte of an XML name, as far as finding where one ends needs: letters, digits, `.`, `-`,
    /// `_`, `:` and every byte of a non-ASCII character.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    func skipSpace(_ index: inout Int) {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    func startsText(_ text: StaticString, at index: Int) -> Bool {
        Self.has(text, in: bytes, at: index)
    }

    /// Whether `prefix` is in `source` at `index`.
    static func has(_ prefix: StaticString, in source: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        prefix.withUTF8Buffer { prefix in
            index + prefix.count <= source.count
                && UnsafeBufferPointer(rebasing: source[index..<(index + prefix.count)]).elementsEqual(prefix)
        }
    }

    /// Appends `text` to the output.
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Whether `word` is at `index`, followed by white space or a quote.
    func startsWord(_ word: StaticString, at index: Int) -> Bool {
        let after = index + word.utf8CodeUnitCount
        return startsText(word, at: index) && after < bytes.count
            && (Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "\"") || bytes[after] == UInt8(ascii: "'"))
    }

    /// The offset past a quoted literal at `index`, or nil when there is none or it is not closed.
    func quoted(at index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
            let close = bytes[(index + 1)...].firstIndex(of: bytes[index])
        else { return nil }
        return close + 1
    }

    /// The offset of the first `pattern` in `source` at or after `start`.
    func find(_ text: StaticString, in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        text.withUTF8Buffer { Self.find($0, in: source, from: start) }
    }

    static func find(
        _ pattern: UnsafeBufferPointer<UInt8>, in source: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
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
    func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[0..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    /// An error at the document offset `offset`, else at the reference being expanded.
    func failure(_ reason: String, at offset: Int? = nil) -> TitleFileError {
        TitleFileError(file: file, line: line(at: offset ?? referenceOffset), reason: reason)
    }
}
