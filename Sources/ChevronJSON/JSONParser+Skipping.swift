/// Checking a value without building it: what `validate` and the one-pass reader skip with.
extension JSONParser {
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
}
