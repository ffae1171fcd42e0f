#if canImport(Glibc)
    import Glibc
#endif

/// Why a one-pass read stopped: anything it does not read exactly as the parser and the tree
/// readers would (a syntax error, a missing or mistyped field, an unknown field when strict, a
/// duplicate key, too deep). It carries no detail on purpose: the caller reads the same bytes
/// again the slow way (`JSONParser`, then `init(wire:)`), which names the error exactly.
public struct JSONReadFailure: Error, Sendable {
    /// The failure.
    public init() {}
}

/// Reads a JSON text in one pass, straight into generated wire types, with no `JSONValue` tree:
/// what a client does with a large reply (a SizeMany of a thousand layouts).
///
/// It reads only what the slow path would read successfully, with the same numbers and strings
/// (it uses `JSONParser`'s own scanners); whatever else it meets is a `JSONReadFailure`.
public struct JSONReader {
    private var parser: JSONParser
    private var depth = 0
    /// The last key `nextField` did not find among its names.
    public private(set) var unknownKey = ""

    /// Reads `bytes`, which must hold exactly one JSON value, with `body`; nil when it fails.
    public static func read<T>(
        _ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.defaultMaximumDepth,
        _ body: (inout JSONReader) throws(JSONReadFailure) -> T
    ) -> T? {
        var reader = JSONReader(parser: JSONParser(bytes: bytes, maximumDepth: maximumDepth))
        do {
            let value = try body(&reader)
            reader.parser.skipWhiteSpace()
            return reader.parser.position == bytes.count ? value : nil
        } catch {
            return nil
        }
    }

    private init(parser: JSONParser) {
        self.parser = parser
    }

    /// The next byte that is not white space (inlined: a layout's reading asks about 170 times).
    @inline(__always)
    private mutating func peek() -> UInt8? {
        parser.skipWhiteSpace()
        return parser.current
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws(JSONReadFailure) {
        guard peek() == byte else { throw JSONReadFailure() }
        parser.position += 1
    }

    private mutating func enter() throws(JSONReadFailure) {
        depth += 1
        guard depth <= parser.maximumDepth else { throw JSONReadFailure() }
    }

    /// Starts reading an object: `{`.
    public mutating func beginObject() throws(JSONReadFailure) {
        try expect(UInt8(ascii: "{"))
        try enter()
    }

    /// The next member's key (its `:` read), or nil at the object's end. `first` is true before
    /// the first member and is kept up to date.
    public mutating func nextKey(_ first: inout Bool) throws(JSONReadFailure) -> String? {
        guard try atKey(&first) else { return nil }
        guard let key = try? parser.parseString() else { throw JSONReadFailure() }
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Reads up to the next member's key (a comma after the first member), leaving the key's
    /// opening quote next; false, with the object closed, at its end.
    @inline(__always)
    private mutating func atKey(_ first: inout Bool) throws(JSONReadFailure) -> Bool {
        if peek() == UInt8(ascii: "}") {
            parser.position += 1
            depth -= 1
            return false
        }
        if !first { try expect(UInt8(ascii: ",")) }
        first = false
        guard peek() == UInt8(ascii: "\"") else { throw JSONReadFailure() }
        return true
    }

    /// The next member's key as an index into `names` (its `:` read), -1 for a key that is not
    /// among them (then kept as `unknownKey`), or nil at the object's end. `expected` is the
    /// name tried first, and becomes the one after the key found: writers (ours included) put
    /// fields in the order they are declared. A key of plain ASCII is matched by its bytes, with
    /// no String made; any other is read as a String and compared as Swift compares Strings, as
    /// the tree path does (a key with an escape, or U+212A KELVIN SIGN, which equals "K").
    public mutating func nextField(_ first: inout Bool, among names: [StaticString], expected: inout Int)
        throws(JSONReadFailure) -> Int?
    {
        guard try atKey(&first) else { return nil }
        let bytes = parser.bytes
        let start = parser.position + 1
        // The usual case: the key is the name expected next (writers keep the declared order),
        // its bytes followed by the closing quote. A name is plain ASCII, so those bytes are the
        // whole key, with no escape.
        if expected < names.count {
            let name = names[expected]
            let count = name.utf8CodeUnitCount
            if start + count < bytes.count, bytes[start + count] == UInt8(ascii: "\""), let base = bytes.baseAddress,
                Self.sameBytes(name.utf8Start, base + start, count)
            {
                parser.position = start + count + 1
                let index = expected
                expected += 1
                try expect(UInt8(ascii: ":"))
                return index
            }
        }
        var end = start
        while end < bytes.count, (0x20..<0x80).contains(bytes[end]), bytes[end] != UInt8(ascii: "\""),
            bytes[end] != UInt8(ascii: "\\")
        {
            end += 1
        }
        var index = -1
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            parser.position = end + 1
            let key = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            func matches(_ name: StaticString) -> Bool {
                name.utf8CodeUnitCount == key.count
                    && (key.baseAddress.map { Self.sameBytes(name.utf8Start, $0, key.count) } ?? key.isEmpty)
            }
            if expected < names.count, matches(names[expected]) {
                index = expected
            } else if let found = names.firstIndex(where: matches) {
                index = found
            } else {
                unknownKey = String(decoding: key, as: UTF8.self)
            }
        } else {
            guard let key = try? parser.parseString() else { throw JSONReadFailure() }
            index = names.firstIndex { key == "\($0)" } ?? -1
            if index < 0 { unknownKey = key }
        }
        if index >= 0 { expected = index + 1 }
        try expect(UInt8(ascii: ":"))
        return index
    }

    /// Whether `count` bytes at `name` and at `key` are the same: compared here, eight at a time,
    /// rather than by a call to `memcmp`, which cost more than the compare for a field name's few
    /// bytes (a quarter of reading a layout went to matching its keys).
    @inline(__always)
    private static func sameBytes(_ name: UnsafePointer<UInt8>, _ key: UnsafeRawPointer, _ count: Int) -> Bool {
        let name = UnsafeRawPointer(name)
        var offset = 0
        while offset + 8 <= count {
            guard
                name.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard name.load(fromByteOffset: offset, as: UInt8.self) == key.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset += 1
        }
        return true
    }

    /// Skips the value of the member `nextField` did not find (`unknownKey`): a failure when
    /// `strict`, or when that key came before.
    public mutating func skipUnknown(strict: Bool, members: inout Members) throws(JSONReadFailure) {
        try skip(unknown: unknownKey, strict: strict, members: &members)
    }

    /// Consumes `null` when it comes next; false otherwise.
    public mutating func null() throws(JSONReadFailure) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        guard (try? parser.expectLiteral("null")) != nil else { throw JSONReadFailure() }
        return true
    }

    /// A string without NUL (`Wire.string`).
    public mutating func string() throws(JSONReadFailure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw JSONReadFailure() }
        let start = parser.position
        guard let text = try? parser.parseString() else { throw JSONReadFailure() }
        // Only an escape (`\u0000`) puts a NUL in a string: the parser refuses raw control bytes.
        if Self.hasBackslash(parser.bytes, from: start, to: parser.position), text.utf8.contains(0) {
            throw JSONReadFailure()
        }
        return text
    }

    private static func hasBackslash(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Bool {
        guard start < end, let base = bytes.baseAddress else { return false }
        return memchr(base + start, Int32(UInt8(ascii: "\\")), end - start) != nil
    }

    /// A finite number (`Wire.double`).
    public mutating func double() throws(JSONReadFailure) -> Double {
        guard let byte = peek(), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
            let number = try? parser.parseNumber(), number.isFinite
        else { throw JSONReadFailure() }
        return number
    }

    /// An integer: a number without a fraction within ±2⁵³ (`Wire.int`).
    public mutating func int() throws(JSONReadFailure) -> Int {
        let number = try double()
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else { throw JSONReadFailure() }
        return Int(number)
    }

    /// `true` or `false`.
    public mutating func bool() throws(JSONReadFailure) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            guard (try? parser.expectLiteral("true")) != nil else { throw JSONReadFailure() }
            return true
        case UInt8(ascii: "f"):
            guard (try? parser.expectLiteral("false")) != nil else { throw JSONReadFailure() }
            return false
        default: throw JSONReadFailure()
        }
    }

    /// A string naming a case of `type` (`Wire.enumeration`). Inlinable, so that the generated
    /// readers get it specialised for their enum instead of looking up `T`'s metadata per field.
    @inlinable
    public mutating func enumeration<T: RawRepresentable>(_ type: T.Type) throws(JSONReadFailure) -> T
    where T.RawValue == String {
        guard let known = T(rawValue: try string()) else { throw JSONReadFailure() }
        return known
    }

    /// Any value, as a tree.
    public mutating func value() throws(JSONReadFailure) -> JSONValue {
        guard peek() != nil, let value = try? parser.parseValue(depth: depth) else { throw JSONReadFailure() }
        return value
    }

    /// An object, as a tree (`Wire.object`).
    public mutating func object() throws(JSONReadFailure) -> JSONValue {
        guard peek() == UInt8(ascii: "{") else { throw JSONReadFailure() }
        return try value()
    }

    /// An array, each element read by `element`.
    public mutating func array<T>(_ element: (inout JSONReader) throws(JSONReadFailure) -> T) throws(JSONReadFailure)
        -> [T]
    {
        try expect(UInt8(ascii: "["))
        try enter()
        var result: [T] = []
        if peek() == UInt8(ascii: "]") {
            parser.position += 1
            depth -= 1
            return result
        }
        while true {
            result.append(try element(&self))
            switch peek() {
            case UInt8(ascii: ","): parser.position += 1
            case UInt8(ascii: "]"):
                parser.position += 1
                depth -= 1
                return result
            default: throw JSONReadFailure()
            }
        }
    }

    /// An object of any keys, each value read by `element`.
    public mutating func dictionary<T>(_ element: (inout JSONReader) throws(JSONReadFailure) -> T)
        throws(JSONReadFailure) -> [String: T]
    {
        try beginObject()
        var result: [String: T] = [:]
        var first = true
        while let key = try nextKey(&first) {
            guard result.updateValue(try element(&self), forKey: key) == nil else { throw JSONReadFailure() }
        }
        return result
    }

    /// The members a generated reader has met: its own fields by number, and others by name.
    public struct Members {
        private var fields: UInt64 = 0
        private var others: [String] = []

        /// No member met yet.
        public init() {}

        /// Field `index` (under 64) is met; a second time is a duplicate key.
        public mutating func meet(_ index: Int) throws(JSONReadFailure) {
            let bit: UInt64 = 1 << UInt64(index)
            guard fields & bit == 0 else { throw JSONReadFailure() }
            fields |= bit
        }

        /// A member the type does not declare is met.
        mutating func meet(other key: String) throws(JSONReadFailure) {
            guard !others.contains(key) else { throw JSONReadFailure() }
            others.append(key)
        }
    }

    /// Skips the value of a member the type does not declare: a failure when `strict`.
    public mutating func skip(unknown key: String, strict: Bool, members: inout Members) throws(JSONReadFailure) {
        guard !strict else { throw JSONReadFailure() }
        try members.meet(other: key)
        _ = try value()
    }
}

extension JSONReader {
    /// Skips one value without building it, and returns its bytes. It only finds where a valid
    /// value ends; the bytes are checked when they are read.
    mutating func rawValue() throws(JSONReadFailure) -> UnsafeRawBufferPointer {
        guard peek() != nil else { throw JSONReadFailure() }
        let bytes = parser.bytes
        let start = parser.position
        var position = start
        var nesting = 0
        repeat {
            guard position < bytes.count else { throw JSONReadFailure() }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): nesting -= 1
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
            default:
                // A scalar at the top: up to the next delimiter.
                if nesting == 0 {
                    while position + 1 < bytes.count, !Self.endsScalar(bytes[position + 1]) { position += 1 }
                }
            }
            position += 1
        } while nesting > 0
        guard nesting == 0, position <= bytes.count else { throw JSONReadFailure() }
        parser.position = position
        return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: true
        default: false
        }
    }
}

extension JSONReader {
    /// Checks one value as the parser would (syntax, depth, duplicate keys), building no tree,
    /// and returns its bytes: what a server keeps of a call's parameters, to read them in one
    /// pass into the method's type, knowing they parse.
    mutating func checkedRawValue() throws(JSONReadFailure) -> UnsafeRawBufferPointer {
        guard peek() != nil else { throw JSONReadFailure() }
        let start = parser.position
        do {
            try parser.skipValue(depth: depth)
        } catch {
            throw JSONReadFailure()
        }
        return UnsafeRawBufferPointer(rebasing: parser.bytes[start..<parser.position])
    }

    /// Whether an object comes next.
    mutating func peekObject() -> Bool { peek() == UInt8(ascii: "{") }
}

extension JSONValue {
    /// The value as a tree: `.encoded` text parsed, any other value as it is.
    /// - Throws: `JSONParseError` when encoded text is not JSON.
    public func parsed(maximumDepth: Int = JSONParser.defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        guard case .encoded(let bytes) = self else { return self }
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { raw in
            do throws(JSONParseError) {
                return .success(try JSONParser.parse(raw, maximumDepth: maximumDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads `.encoded` text as `T` in one pass; nil for any other value or when that fails.
    public func read<T: WireStruct>(as type: T.Type, strict: Bool) -> T? {
        guard case .encoded(let bytes) = self else { return nil }
        return bytes.withUnsafeBytes { raw in
            JSONReader.read(raw, maximumDepth: 64) { (reader) throws(JSONReadFailure) in
                try T(reading: &reader, strict: strict)
            }
        }
    }
}
