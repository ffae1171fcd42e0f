extension JSONValue {
    /// Appends the value's compact JSON text, as UTF-8, to `bytes`.
    public func encode(into bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): Self.encode(number: value, into: &bytes)
        case .string(let value): Self.encode(string: value, into: &bytes)
        case .encoded(let text): bytes.append(contentsOf: text)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (position, value) in values.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                value.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.encode(string: member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.encode(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The value's compact JSON text.
    public var jsonText: String {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Integers up to 2⁵³ print without a fraction; other numbers in Swift's shortest form that
    /// reads back to the same `Double`. JSON has no NaN or infinity: those print as `null`.
    static func encode(number: Double, into bytes: inout [UInt8]) {
        guard number.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            encode(integer: Int64(number), into: &bytes)
        } else {
            var text = number.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// Decimal digits without going through a String (replies are mostly small integers).
    private static func encode(integer: Int64, into bytes: inout [UInt8]) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        var digits: (UInt64, UInt64) = (0, 0)  // 16 bytes of scratch for up to 16 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[15 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: scratch[(16 - count)...])
        }
    }

    /// Appends a quoted string: runs that need no escaping are copied in one piece.
    static func encode(string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte, into: &bytes)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(for byte: UInt8, into bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            // Other control characters (and NUL, the frame terminator) as \u00XX.
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: "\\u00".utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}
