/// Why a message is not acceptable JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the message where the problem was found.
    public let offset: Int
    /// What was wrong.
    public let reason: String

    /// A sentence naming the problem and its byte offset.
    public var description: String { "\(reason) at byte \(offset)" }
}

/// A strict RFC 8259 parser for one Varlink message.
///
/// Strict where Varlink peers need it to be: invalid UTF-8, unpaired surrogate escapes, raw
/// control characters in strings, duplicate keys, trailing bytes and nesting deeper than
/// `maximumDepth` are refused with the byte offset, never guessed at. Depth is checked before
/// recursing, so hostile nesting cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let defaultMaximumDepth = 32

    /// Parses `bytes` as exactly one JSON value (surrounding white space allowed).
    public static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth)
        throws(JSONParseError) -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipWhiteSpace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhiteSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected bytes after the JSON value") }
        return value
    }

    /// Parses the UTF-8 bytes of `text`.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError)
        -> JSONValue
    {
        var text = text
        do {
            return try text.withUTF8 { utf8 in try parse(UnsafeRawBufferPointer(utf8), maximumDepth: maximumDepth) }
        } catch let error as JSONParseError {
            throw error
        } catch {
            preconditionFailure("only JSONParseError is thrown")
        }
    }

    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    @usableFromInline var position = 0

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func error(_ reason: String) -> JSONParseError {
        JSONParseError(offset: position, reason: reason)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Skips spaces, tabs and line ends. Inlined, with the usual case (no white space: writers
    /// such as ours put none between tokens) decided by one comparison.
    @inline(__always)
    mutating func skipWhiteSpace() {
        guard let byte = current, byte <= 0x20 else { return }
        skipWhiteSpaceRun()
    }

    private mutating func skipWhiteSpaceRun() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("the message ends where a value should start") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(Self.describe(byte)) where a value should start")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("the message ends inside a literal") }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
            throw error("invalid literal (expected \(literal))")
        }
        position += count
    }

    private mutating func checkDepth(_ depth: Int) throws(JSONParseError) {
        guard depth <= maximumDepth else {
            throw error("arrays and objects nest deeper than \(maximumDepth) levels (the limit)")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1
        var values: [JSONValue] = []
        skipWhiteSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(values)
        }
        while true {
            skipWhiteSpace()
            values.append(try parseValue(depth: depth))
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(values)
            default: throw error("expected , or ] in an array")
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipWhiteSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let keyOffset = position
            let key = try parseString()
            // Small objects (every Varlink call) are checked by a scan; big ones by a set.
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            guard !duplicate else {
                throw JSONParseError(offset: keyOffset, reason: "duplicate key \"\(key)\"")
            }
            skipWhiteSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected : after an object key") }
            position += 1
            skipWhiteSpace()
            members.append((key: key, value: try parseValue(depth: depth)))
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw error("expected , or } in an object")
            }
        }
    }

    /// Checks one value as `parseValue` would, building no tree: it accepts exactly what
    /// `parseValue` accepts (the same scanners, the same depth rule, duplicate keys refused the
    /// same way), and leaves `position` after it.
    mutating func skipValue(depth: Int) throws(JSONParseError) {
        guard let byte = current else { throw error("the message ends where a value should start") }
        switch byte {
        case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
        case UInt8(ascii: "["): try skipArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try skipString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        default: throw error("unexpected character \(Self.describe(byte)) where a value should start")
        }
    }

    private mutating func skipArray(depth: Int) throws(JSONParseError) {
        try checkDepth(depth)
        position += 1
        skipWhiteSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhiteSpace()
            try skipValue(depth: depth)
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return
            default: throw error("expected , or ] in an array")
            }
        }
    }

    /// Skips an object, refusing duplicate keys as `parseObject` does. Keys of plain ASCII
    /// (no escape) are compared by their bytes, with no String made: two such keys are equal
    /// Strings exactly when their bytes are. Where they are, the first 16 are kept on the stack
    /// (an object of a call has a few keys; an array of them was an allocation per object). At
    /// the first key that is not plain, or past 16, the keys so far become Strings and the rest
    /// are compared as `parseObject` compares them.
    private mutating func skipObject(depth: Int) throws(JSONParseError) {
        try checkDepth(depth)
        position += 1
        skipWhiteSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return
        }
        try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 16) {
            (plainKeys) throws(JSONParseError) in
            try skipMembers(depth: depth, plainKeys: plainKeys)
        }
    }

    /// The members of an object after its `{`, up to and past its `}`.
    private mutating func skipMembers(depth: Int, plainKeys: UnsafeMutableBufferPointer<Range<Int>>)
        throws(JSONParseError)
    {
        var plainCount = 0
        var keys: [String] = []
        var keySet: Set<String> = []
        var plain = true
        while true {
            skipWhiteSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let keyOffset = position
            let key = try skipString()
            if plain, key.plainASCII, plainCount < plainKeys.count {
                for index in 0..<plainCount where sameBytes(plainKeys[index], key.bytes) {
                    let text = String(decoding: slice(key.bytes), as: UTF8.self)
                    throw JSONParseError(offset: keyOffset, reason: "duplicate key \"\(text)\"")
                }
                plainKeys[plainCount] = key.bytes
                plainCount += 1
            } else {
                if plain {
                    plain = false
                    keys = plainKeys[0..<plainCount].map { String(decoding: slice($0), as: UTF8.self) }
                }
                let end = position
                position = keyOffset
                let text = try parseString()
                position = end
                // As `parseObject` does (String ==, a scan, then a set), so the same keys are duplicates.
                let duplicate: Bool
                if keys.count < 16 {
                    duplicate = keys.contains(text)
                    keys.append(text)
                } else {
                    if keySet.isEmpty { keySet = Set(keys) }
                    duplicate = !keySet.insert(text).inserted
                }
                guard !duplicate else { throw JSONParseError(offset: keyOffset, reason: "duplicate key \"\(text)\"") }
            }
            skipWhiteSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected : after an object key") }
            position += 1
            skipWhiteSpace()
            try skipValue(depth: depth)
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return
            default: throw error("expected , or } in an object")
            }
        }
    }

    private func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    private func sameBytes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        left.count == right.count && slice(left).elementsEqual(slice(right))
    }

    /// Checks a string as `parseString` would, without making it: where its contents are, and
    /// whether they are plain ASCII with no escape (the bytes are then the string). A string
    /// with an escape is read by `parseString`'s own path and dropped.
    mutating func skipString() throws(JSONParseError) -> (bytes: Range<Int>, plainASCII: Bool) {
        let opening = position
        position += 1
        let start = position
        let run = try scanPlainRun()
        guard run.atQuote else {
            position = opening
            _ = try parseString()
            return (start..<(position - 1), false)
        }
        let contents = start..<position
        position += 1
        guard !run.hasNonASCII || UTF8Check.isWellFormed(slice(contents)) else {
            throw JSONParseError(offset: start, reason: "a string is not valid UTF-8")
        }
        return (contents, !run.hasNonASCII)
    }

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
    private mutating func scanPlainRun() throws(JSONParseError) -> (atQuote: Bool, hasNonASCII: Bool) {
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
    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
    }
}
