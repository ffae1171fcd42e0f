/// JSON text of numbers and strings, handed out in pieces: one implementation for every output.
public enum JSONText {
    /// Calls `body` with the text of `number`: integers up to 2⁵³ without a fraction, other
    /// numbers in Swift's shortest form that reads back to the same `Double`, and `null` for NaN
    /// and infinities (JSON has neither).
    public static func withNumber(_ number: Double, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard number.isFinite else { return withStatic("null", body) }
        // An integer: its truncation is itself (compared so rather than with `rounded()`, a call
        // into libm for every number written).
        if abs(number) < 9_007_199_254_740_992, Double(Int64(number)) == number {
            // Decimal digits without going through a String (replies are mostly small integers).
            let integer = Int64(number)
            var magnitude = integer.magnitude
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a sign and 16 digits fit
            withUnsafeMutableBytes(of: &digits) { scratch in
                var start = scratch.count
                repeat {
                    start -= 1
                    scratch[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                if integer < 0 {
                    start -= 1
                    scratch[start] = UInt8(ascii: "-")
                }
                body(UnsafeRawBufferPointer(rebasing: scratch[start...]))
            }
        } else {
            var text = number.description
            text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Calls `body` with the pieces of `string` quoted: the quotes, runs that need no escaping
    /// (whole), and each escape (`\"`, `\\`, `\n`, `\r`, `\t`, other controls and NUL as `\u00XX`).
    /// With `htmlSafe`, the text may stand inside an HTML `<script>` element: `<`, `>` and `&`,
    /// the line and paragraph separators (which end a line in older JavaScript) and the
    /// bidirectional controls are written as `\uXXXX` too.
    public static func withQuoted(_ string: String, htmlSafe: Bool = false, _ body: (UnsafeRawBufferPointer) -> Void) {
        withStatic("\"", body)
        var string = string
        string.withUTF8 { typed in
            let utf8 = UnsafeRawBufferPointer(typed)
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    if runStart < index { body(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index])) }
                    withEscape(for: byte, body)
                    index += 1
                    runStart = index
                } else if htmlSafe, let (scalar, length) = htmlUnsafe(utf8, at: index) {
                    if runStart < index { body(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index])) }
                    withUnicodeEscape(scalar, body)
                    index += length
                    runStart = index
                } else {
                    index += 1
                }
            }
            if runStart < utf8.count { body(UnsafeRawBufferPointer(rebasing: utf8[runStart...])) }
        }
        withStatic("\"", body)
    }

    /// The scalar at `index` of `utf8` and its length when an HTML-safe string writes it escaped:
    /// `<`, `>`, `&`, U+2028, U+2029, and the bidirectional controls (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069).
    private static func htmlUnsafe(_ utf8: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int)? {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): return (UInt32(byte), 1)
        case 0xD8:
            // U+061C, ARABIC LETTER MARK: D8 9C.
            guard index + 1 < utf8.count, utf8[index + 1] == 0x9C else { return nil }
            return (0x061C, 2)
        case 0xE2:
            guard index + 2 < utf8.count else { return nil }
            let scalar = 0x2000 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
            guard utf8[index + 1] & 0xC0 == 0x80, utf8[index + 2] & 0xC0 == 0x80 else { return nil }
            switch scalar {
            case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return (scalar, 3)
            default: return nil
            }
        default: return nil
        }
    }

    /// `\uXXXX` of a scalar of the Basic Multilingual Plane, lowercase hex.
    private static func withUnicodeEscape(_ scalar: UInt32, _ body: (UnsafeRawBufferPointer) -> Void) {
        let hex: StaticString = "0123456789abcdef"
        var escape: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            UInt8(ascii: "\\"), UInt8(ascii: "u"), hex.utf8Start[Int(scalar >> 12 & 0xF)],
            hex.utf8Start[Int(scalar >> 8 & 0xF)], hex.utf8Start[Int(scalar >> 4 & 0xF)],
            hex.utf8Start[Int(scalar & 0xF)]
        )
        withUnsafeBytes(of: &escape) { body($0) }
    }

    /// `string` quoted as `withQuoted` writes it, as a String.
    public static func quoted(_ string: String, htmlSafe: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        withQuoted(string, htmlSafe: htmlSafe) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func withEscape(for byte: UInt8, _ body: (UnsafeRawBufferPointer) -> Void) {
        switch byte {
        case UInt8(ascii: "\""): withStatic("\\\"", body)
        case UInt8(ascii: "\\"): withStatic("\\\\", body)
        case 0x0A: withStatic("\\n", body)
        case 0x0D: withStatic("\\r", body)
        case 0x09: withStatic("\\t", body)
        default:
            let hex: StaticString = "0123456789abcdef"
            var escape: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0F)]
            )
            withUnsafeBytes(of: &escape) { body($0) }
        }
    }

    /// Calls `body` with literal text.
    public static func withStatic(_ text: StaticString, _ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
