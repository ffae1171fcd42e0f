/// Numbers and strings: the scanners every reader of the module shares.
extension JSONParser {
    /// A number, read in one pass. One of at most 15 digits and no exponent (what replies hold:
    /// 156, 136.4794921875) is computed from its digits, without making a String: the digits as
    /// an integer, exact in a `Double`, divided by an exact power of ten, which IEEE division
    /// rounds correctly, so the value is the one `Double` parsing gives. Any other number is
    /// parsed the general way.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var mantissa: UInt64 = 0  // wraps past 19 digits, but is used only up to 15
        var digitCount = 0
        func digits() -> Int {
            let first = position
            while let byte = current, byte &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                position += 1
            }
            digitCount += position - first
            return position - first
        }
        let negative = current == UInt8(ascii: "-")
        if negative { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
            digitCount += 1
        } else if digits() == 0 {
            throw error("a number needs digits")
        }
        var fractionDigits = 0
        if current == UInt8(ascii: ".") {
            position += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { throw error("a number needs digits after the decimal point") }
        }
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        if !hasExponent, digitCount <= 15 {
            var value = Double(mantissa)
            if fractionDigits > 0 { value /= Self.exactPowersOfTen[fractionDigits] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(offset: start, reason: "the number \(text) is out of range")
        }
        return value
    }

    /// Powers of ten a `Double` holds exactly (a short number has at most 15 fraction digits).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    mutating func parseString() throws(JSONParseError) -> String {
        position += 1  // the opening quote
        let start = position
        // Fast path: no escapes. Non-ASCII bytes are validated as UTF-8 in one go at the end.
        let run = try scanPlainRun()
        guard run.atQuote else { return try parseEscapedString(from: start) }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        position += 1
        return try makeString(slice, hasNonASCII: run.hasNonASCII, offset: start)
    }

    /// Scans a string's contents from `position` (after its opening quote) up to its closing
    /// quote or its first backslash, where it stops: whether it stopped at the quote, and
    /// whether a byte on the way was not ASCII. Raw control characters and a string that is
    /// not closed are refused, as `parseString` refuses them. Inlined: called, it cost reading a
    /// call 130 instructions a request (`chevron-profile call-read`).
    @inline(__always)
    mutating func scanPlainRun() throws(JSONParseError) -> (atQuote: Bool, hasNonASCII: Bool) {
        let start = position
        var hasNonASCII = false
        skipPlainWords(&hasNonASCII)
        while let byte = current {
            if byte == UInt8(ascii: "\"") { return (true, hasNonASCII) }
            if byte == UInt8(ascii: "\\") { return (false, hasNonASCII) }
            if byte < 0x20 { throw error("a raw control character \(Self.describe(byte)) inside a string") }
            if byte >= 0x80 { hasNonASCII = true }
            position += 1
        }
        throw JSONParseError(offset: start - 1, reason: "a string is not closed")
    }

    /// Skips eight bytes at a time while none is a quote, a backslash or a control character:
    /// each test below sets the high bit of some byte exactly when one is (the word-at-a-time
    /// "has zero byte" and "has byte less than" tests); a byte loop then takes over at that
    /// word. A long title or font path is scanned in an eighth of the steps.
    @inline(__always)
    private mutating func skipPlainWords(_ hasNonASCII: inout Bool) {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position &+ 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { break }
            if word & highs != 0 { hasNonASCII = true }
            position &+= 8
        }
    }

    private func makeString(_ slice: UnsafeRawBufferPointer, hasNonASCII: Bool, offset: Int) throws(JSONParseError)
        -> String
    {
        guard hasNonASCII else { return String(decoding: slice, as: UTF8.self) }
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw JSONParseError(offset: offset, reason: "a string is not valid UTF-8")
        }
        return string
    }

    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var utf8: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw JSONParseError(offset: start, reason: "a string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw error("a raw control character \(Self.describe(byte)) inside a string")
            default:
                utf8.append(byte)
                position += 1
            }
        }
        throw JSONParseError(offset: start - 1, reason: "a string is not closed")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw error("the message ends inside an escape") }
        position += 1
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape \\\(Self.describe(byte))") }
        let escapeOffset = position - 2
        var scalar = try parseHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw JSONParseError(offset: escapeOffset, reason: "an unpaired surrogate escape")
            }
            position += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw JSONParseError(offset: escapeOffset, reason: "an unpaired surrogate escape")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw JSONParseError(offset: escapeOffset, reason: "an unpaired surrogate escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw JSONParseError(offset: escapeOffset, reason: "an invalid code point escape")
        }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("the message ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A byte as a readable character or its hex value.
    static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
    }
}
