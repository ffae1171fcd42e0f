/// UTF-8 well-formedness (The Unicode Standard, table 3-7), checked without making a String:
/// what `String(validating:as:)` accepts, for a parser that only skips the text.
enum UTF8Check {
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var index = 0
        /// Whether the byte at `offset` is in `range` (a continuation byte by default).
        func follows(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < count && range.contains(bytes[offset])
        }
        while index < count {
            let lead = bytes[index]
            switch lead {
            case 0x00...0x7F:
                index += 1
            case 0xC2...0xDF:
                guard follows(index + 1) else { return false }
                index += 2
            case 0xE0:
                guard follows(index + 1, 0xA0...0xBF), follows(index + 2) else { return false }
                index += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard follows(index + 1), follows(index + 2) else { return false }
                index += 3
            case 0xED:  // not the surrogates' U+D800…U+DFFF
                guard follows(index + 1, 0x80...0x9F), follows(index + 2) else { return false }
                index += 3
            case 0xF0:
                guard follows(index + 1, 0x90...0xBF), follows(index + 2), follows(index + 3) else { return false }
                index += 4
            case 0xF1...0xF3:
                guard follows(index + 1), follows(index + 2), follows(index + 3) else { return false }
                index += 4
            case 0xF4:  // up to U+10FFFF
                guard follows(index + 1, 0x80...0x8F), follows(index + 2), follows(index + 3) else { return false }
                index += 4
            default:  // continuation bytes as a lead, overlong C0/C1, F5 and above
                return false
            }
        }
        return true
    }
}
