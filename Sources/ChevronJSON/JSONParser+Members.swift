/// Reading a large document a part at a time: `validate` checks all of it as `parse` would,
/// building no tree, and `forEachMember` then hands over an object's members one by one, each
/// value's bytes for the caller to parse alone. A string catalogue of 100,000 titles is read this
/// way without its whole tree in memory at once.
extension JSONParser {
    /// Checks that `bytes` are exactly one JSON value (surrounding white space allowed), as
    /// `parse` would: the same values accepted, the same error at the same offset otherwise.
    public static func validate(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth)
        throws(JSONParseError)
    {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipWhiteSpace()
        try parser.skipValue(depth: 0)
        parser.skipWhiteSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected bytes after the JSON value") }
    }

    /// Hands `body` each member of the object that starts at `offset` of `bytes` (its `{`,
    /// white space before it allowed), in order: its key, decoded, the offset of the key's
    /// opening quote, and the bytes of its value. The document must be one `validate` accepted:
    /// nothing is checked again, and a value is found by its brackets and quotes alone.
    public static func forEachMember<Failure: Error>(
        ofObjectAt offset: Int, in bytes: UnsafeRawBufferPointer,
        _ body: (_ key: String, _ keyOffset: Int, _ value: Range<Int>) throws(Failure) -> Void
    ) throws(Failure) {
        var parser = JSONParser(bytes: bytes, maximumDepth: Int.max)
        parser.position = offset
        parser.skipWhiteSpace()
        guard parser.current == UInt8(ascii: "{") else { return }
        parser.position += 1
        while true {
            parser.skipWhiteSpace()
            guard parser.current == UInt8(ascii: "\"") else { return }  // `}`: the object ends
            let keyOffset = parser.position
            let key: String
            do {
                key = try parser.parseString()
            } catch {
                preconditionFailure("forEachMember reads a document validate accepted: \(error)")
            }
            parser.skipWhiteSpace()
            parser.position += 1  // the colon
            parser.skipWhiteSpace()
            let start = parser.position
            parser.skipValidatedValue()
            try body(key, keyOffset, start..<parser.position)
            parser.skipWhiteSpace()
            if parser.current == UInt8(ascii: ",") { parser.position += 1 }
        }
    }

    /// Moves past one value of a validated document: a string to its closing quote, an array
    /// or object to its closing bracket (counting brackets outside strings), anything else to
    /// the next delimiter.
    private mutating func skipValidatedValue() {
        guard let first = current else { return }
        switch first {
        case UInt8(ascii: "\""):
            skipValidatedString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    skipValidatedString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return
                    }
                default:
                    break
                }
                position += 1
            }
        default:
            while let byte = current, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"),
                byte != UInt8(ascii: "]"), byte > 0x20
            {
                position += 1
            }
        }
    }

    /// Moves past a validated string, from its opening quote to after its closing one.
    private mutating func skipValidatedString() {
        position += 1
        while let byte = current {
            position += 1
            if byte == UInt8(ascii: "\\") {
                position += 1  // the escaped byte (a `\u` escape's digits hold no quote)
            } else if byte == UInt8(ascii: "\"") {
                return
            }
        }
    }
}
