import ChevronVarlink
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#endif

extension TitleFile {
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
