#if canImport(Glibc)
    import Glibc
#endif

/// Reads a JSON text in one pass, straight into generated wire types, with no `JSONValue` tree:
/// a call's parameters, a reply's. It reads numbers and strings with `JSONParser`'s own scanners;
/// a value that is not of its type is `WireReadError.invalid`, text that is not JSON `.syntax`.
public struct JSONReader {
    @usableFromInline var parser: JSONParser
    @usableFromInline var depth = 0
    /// The last key `nextField` did not find among its names.
    public private(set) var unknownKey = ""

    /// Reads `bytes`, which must hold exactly one JSON value, with `body`; nil when it fails.
    public static func read<T>(
        _ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.defaultMaximumDepth,
        _ body: (inout JSONReader) throws(WireReadError) -> T
    ) -> T? {
        try? reading(bytes, maximumDepth: maximumDepth, body)
    }

    /// Reads `bytes`, which must hold exactly one JSON value, with `body`; text after the value
    /// is a syntax error.
    public static func reading<T>(
        _ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.defaultMaximumDepth,
        _ body: (inout JSONReader) throws(WireReadError) -> T
    ) throws(WireReadError) -> T {
        var reader = JSONReader(parser: JSONParser(bytes: bytes, maximumDepth: maximumDepth))
        let value = try body(&reader)
        reader.parser.skipWhiteSpace()
        guard reader.parser.position == bytes.count else { throw .syntax }
        return value
    }

    /// Where the reader is: a value's start, to skip it from (`skipValue(from:)`).
    @usableFromInline
    package struct Mark {
        @usableFromInline let position: Int
        @usableFromInline let depth: Int

        @inlinable init(position: Int, depth: Int) {
            self.position = position
            self.depth = depth
        }
    }

    @inlinable
    package var mark: Mark { Mark(position: parser.position, depth: depth) }

    /// The bytes from `mark` to where the reader is.
    package func bytes(from mark: Mark) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: parser.bytes[mark.position..<parser.position])
    }

    /// Goes back to `mark`.
    package mutating func reset(to mark: Mark) {
        parser.position = mark.position
        depth = mark.depth
    }

    /// Skips the value that starts at `mark`, checking its syntax as the parser does.
    @usableFromInline
    mutating func skipValue(from mark: Mark) throws(WireReadError) {
        parser.position = mark.position
        depth = mark.depth
        try skipValue()
    }

    /// Skips the next value, checking its syntax as the parser does.
    mutating func skipValue() throws(WireReadError) {
        guard peek() != nil else { throw .syntax }
        do {
            try parser.skipValue(depth: depth)
        } catch {
            throw .syntax
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
    private mutating func expect(_ byte: UInt8) throws(WireReadError) {
        guard peek() == byte else { throw WireReadError.syntax }
        parser.position += 1
    }

    private mutating func enter() throws(WireReadError) {
        depth += 1
        guard depth <= parser.maximumDepth else { throw WireReadError.syntax }
    }

    /// Starts reading an object: `{`; `invalid` for a value of another type.
    public mutating func beginObject() throws(WireReadError) {
        guard peek() == UInt8(ascii: "{") else { throw WireReadError.invalid }
        parser.position += 1
        try enter()
    }

    /// The next member's key (its `:` read), or nil at the object's end. `first` is true before
    /// the first member and is kept up to date.
    public mutating func nextKey(_ first: inout Bool) throws(WireReadError) -> String? {
        guard try atKey(&first) else { return nil }
        guard let key = try? parser.parseString() else { throw WireReadError.syntax }
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Reads up to the next member's key (a comma after the first member), leaving the key's
    /// opening quote next; false, with the object closed, at its end.
    @inline(__always)
    private mutating func atKey(_ first: inout Bool) throws(WireReadError) -> Bool {
        if peek() == UInt8(ascii: "}") {
            parser.position += 1
            depth -= 1
            return false
        }
        if !first { try expect(UInt8(ascii: ",")) }
        first = false
        guard peek() == UInt8(ascii: "\"") else { throw WireReadError.syntax }
        return true
    }

    /// The next member's key as an index into `names` (its `:` read), -1 for a key that is not
    /// among them (then kept as `unknownKey`), or nil at the object's end. `expected` is the
    /// name tried first, and becomes the one after the key found: writers (ours included) put
    /// fields in the order they are declared. A key of plain ASCII is matched by its bytes, with
    /// no String made; any other is read as a String and compared as Swift compares Strings, as
    /// a parsed object's keys are (a key with an escape, or U+212A KELVIN SIGN, which equals "K").
    public mutating func nextField(_ first: inout Bool, among names: [StaticString], expected: inout Int)
        throws(WireReadError) -> Int?
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
            guard let key = try? parser.parseString() else { throw WireReadError.syntax }
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

    /// Consumes `null` when it comes next; false otherwise.
    public mutating func null() throws(WireReadError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        guard (try? parser.expectLiteral("null")) != nil else { throw WireReadError.syntax }
        return true
    }

    /// A string without NUL (`Wire.string`).
    public mutating func string() throws(WireReadError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw WireReadError.invalid }
        let start = parser.position
        guard let text = try? parser.parseString() else { throw WireReadError.syntax }
        // Only an escape (`\u0000`) puts a NUL in a string: the parser refuses raw control bytes.
        if Self.hasBackslash(parser.bytes, from: start, to: parser.position), text.utf8.contains(0) {
            throw WireReadError.invalid
        }
        return text
    }

    private static func hasBackslash(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Bool {
        guard start < end, let base = bytes.baseAddress else { return false }
        return memchr(base + start, Int32(UInt8(ascii: "\\")), end - start) != nil
    }

    /// A finite number (`Wire.double`).
    public mutating func double() throws(WireReadError) -> Double {
        guard let byte = peek(), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        else { throw WireReadError.invalid }
        guard let number = try? parser.parseNumber() else { throw WireReadError.syntax }
        guard number.isFinite else { throw WireReadError.invalid }
        return number
    }

    /// An integer: a number without a fraction within ±2⁵³ (`Wire.int`).
    public mutating func int() throws(WireReadError) -> Int {
        let number = try double()
        guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else { throw WireReadError.invalid }
        return Int(number)
    }

    /// `true` or `false`.
    public mutating func bool() throws(WireReadError) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            guard (try? parser.expectLiteral("true")) != nil else { throw WireReadError.syntax }
            return true
        case UInt8(ascii: "f"):
            guard (try? parser.expectLiteral("false")) != nil else { throw WireReadError.syntax }
            return false
        default: throw WireReadError.invalid
        }
    }

    /// A string naming a case of `type` (`Wire.enumeration`). Inlinable, so that the generated
    /// readers get it specialised for their enum instead of looking up `T`'s metadata per field.
    @inlinable
    public mutating func enumeration<T: RawRepresentable>(_ type: T.Type) throws(WireReadError) -> T
    where T.RawValue == String {
        guard let known = T(rawValue: try string()) else { throw WireReadError.invalid }
        return known
    }

    /// Any value, as a tree.
    public mutating func value() throws(WireReadError) -> JSONValue {
        guard peek() != nil, let value = try? parser.parseValue(depth: depth) else { throw WireReadError.syntax }
        return value
    }

    /// An object, as a tree (`Wire.object`).
    public mutating func object() throws(WireReadError) -> JSONValue {
        guard peek() == UInt8(ascii: "{") else { throw WireReadError.invalid }
        return try value()
    }

    /// An array, each element read by `element`; an element's error names its index.
    @inlinable
    public mutating func array<T>(_ element: (inout JSONReader) throws(WireReadError) -> T) throws(WireReadError)
        -> [T]
    {
        var result: [T] = []
        guard try beginArray() else { return result }
        while true {
            do {
                result.append(try element(&self))
            } catch {
                throw error.isSyntax ? error : error.at(result.count)
            }
            guard try nextElement() else { return result }
        }
    }

    /// Starts reading an array (`invalid` for a value of another type): false, with it closed,
    /// when it is empty.
    @usableFromInline
    mutating func beginArray() throws(WireReadError) -> Bool {
        guard peek() == UInt8(ascii: "[") else { throw WireReadError.invalid }
        parser.position += 1
        try enter()
        if peek() == UInt8(ascii: "]") {
            parser.position += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an array's element: true when another follows, false with the array closed.
    @usableFromInline
    mutating func nextElement() throws(WireReadError) -> Bool {
        while true {
            switch peek() {
            case UInt8(ascii: ","):
                parser.position += 1
                return true
            case UInt8(ascii: "]"):
                parser.position += 1
                depth -= 1
                return false
            default: throw WireReadError.syntax
            }
        }
    }

    /// An object of any keys, each value read by `element`.
    public mutating func dictionary<T>(_ element: (inout JSONReader) throws(WireReadError) -> T)
        throws(WireReadError) -> [String: T]
    {
        try beginObject()
        var result: [String: T] = [:]
        var first = true
        while let key = try nextKey(&first) {
            let value: T
            do {
                value = try element(&self)
            } catch {
                throw error.isSyntax ? error : error.under(key)
            }
            guard result.updateValue(value, forKey: key) == nil else { throw WireReadError.syntax }
        }
        return result
    }

    /// The members a generated reader has met: its own fields by number, and others by name.
    public struct Members {
        @usableFromInline var fields: UInt64 = 0
        private var others: [String] = []

        /// No member met yet.
        public init() {}

        /// Field `index` (under 64) is met; a second time is a duplicate key.
        @inlinable
        public mutating func meet(_ index: Int) throws(WireReadError) {
            let bit: UInt64 = 1 << UInt64(index)
            guard fields & bit == 0 else { throw WireReadError.syntax }
            fields |= bit
        }

        /// A member the type does not declare is met.
        mutating func meet(other key: String) throws(WireReadError) {
            guard !others.contains(key) else { throw WireReadError.syntax }
            others.append(key)
        }
    }
}

extension JSONReader {
    /// Skips one value without building it, and returns its bytes. It only finds where a valid
    /// value ends; the bytes are checked when they are read.
    package mutating func rawValue() throws(WireReadError) -> UnsafeRawBufferPointer {
        guard peek() != nil else { throw WireReadError.syntax }
        let bytes = parser.bytes
        let start = parser.position
        var position = start
        var nesting = 0
        repeat {
            guard position < bytes.count else { throw WireReadError.syntax }
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
        guard nesting == 0, position <= bytes.count else { throw WireReadError.syntax }
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
    package mutating func checkedRawValue() throws(WireReadError) -> UnsafeRawBufferPointer {
        guard peek() != nil else { throw WireReadError.syntax }
        let start = parser.position
        do {
            try parser.skipValue(depth: depth)
        } catch {
            throw WireReadError.syntax
        }
        return UnsafeRawBufferPointer(rebasing: parser.bytes[start..<parser.position])
    }

    /// Whether an object comes next.
    package mutating func peekObject() -> Bool { peek() == UInt8(ascii: "{") }
}
