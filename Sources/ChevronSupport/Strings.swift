#if canImport(Glibc)
    import Glibc
#endif

// String helpers several modules need, with no C library below them: bytes compared as bytes,
// characters counted fast, text quoted for a message.

extension String {
    /// Whether the two strings have the same UTF-8 bytes (`memcmp` when both are contiguous):
    /// the equality cache keys need, where `==` would call canonically equivalent texts equal.
    @inlinable @inline(__always)
    public func hasSameBytes(as other: String) -> Bool {
        // The counts are compared with the bytes, in the buffers: a cache compares keys whose
        // hashes are equal already, so counts that differ are rare.
        let compared = utf8.withContiguousStorageIfAvailable { leftBytes in
            other.utf8.withContiguousStorageIfAvailable { rightBytes in leftBytes.hasSameBytes(as: rightBytes) }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the two buffers hold the same bytes. Up to sixteen bytes (a look's name, a
    /// language, most titles) are compared in two overlapping word loads a side, without a
    /// call to `memcmp`; one storage shared by both (a title asked again) is equal unread.
    @inlinable @inline(__always)
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = self.count
        guard count == other.count else { return false }
        guard let leftStart = baseAddress, let rightStart = other.baseAddress else { return count == 0 }
        if leftStart == rightStart { return true }
        let left = UnsafeRawPointer(leftStart)
        let right = UnsafeRawPointer(rightStart)
        switch count {
        case 8...16:
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for offset in 0..<count where leftStart[offset] != rightStart[offset] { return false }
            return true
        default:
            return memcmp(leftStart, rightStart, count) == 0
        }
    }
}

extension Optional where Wrapped == String {
    /// Whether both are absent, or both present with the same UTF-8 bytes (`String.hasSameBytes`).
    @inlinable @inline(__always)
    public func hasSameBytes(as other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let text?, let other?): text.hasSameBytes(as: other)
        default: false
        }
    }
}

extension String {
    /// How many `Character`s the text has (`count`), counted by scalar when every scalar stands
    /// alone (see `Unicode.Scalar.standsAlone`), which skips grapheme breaking: what a look's
    /// tracking (added after every character) multiplies, for every title it measures.
    public var characterCount: Int {
        if let ascii = utf8.withContiguousStorageIfAvailable(Self.asciiCharacterCount), let ascii { return ascii }
        var scalars = 0
        for scalar in unicodeScalars {
            guard scalar.standsAlone else { return count }
            scalars += 1
        }
        return scalars
    }

    /// The `Character`s of ASCII text (one per byte, but one for a CR LF pair), in one pass over
    /// its bytes; nil when a byte is not ASCII. Most titles are ASCII, and a look with tracking
    /// counts every one it lays out.
    private static func asciiCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = bytes.count
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte == 0x0A, previous == 0x0D { count -= 1 }
            previous = byte
        }
        return count
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is an extended grapheme cluster of its own beside any other scalar
    /// that is too: its Grapheme_Cluster_Break is Other (or a Hangul syllable, LV or LVT, which
    /// joins only conjoining jamo, none of which stands alone), never Extend, ZWJ, Prepend,
    /// SpacingMark, Regional_Indicator, a jamo, CR or LF (UAX #29, GraphemeBreakProperty.txt).
    /// Only blocks a title is often written in are listed, each without its combining marks:
    /// Latin, Greek, Cyrillic, Armenian, Hebrew and Arabic letters, Georgian, general
    /// punctuation, Chinese, Japanese and Korean; text with any other scalar is walked by
    /// `Character`, as the standard library breaks it.
    ///
    /// Read by the scalar's 256-value block first: the ranges were tried one after another, and
    /// every cut, tracked layout and fallback title asks this of each scalar.
    public var standsAlone: Bool {
        let value = self.value
        if value < 0x300 { return value != 0x0D && value != 0x0A }  // CR LF is one cluster
        switch value >> 8 {
        // Greek, Cyrillic, Armenian, without their combining marks; Hebrew letters (its points are marks)
        case 0x03: return value >= 0x370
        case 0x04: return value <= 0x482 || value >= 0x48A
        case 0x05: return value <= 0x52F || (0x531...0x58A).contains(value) || (0x5D0...0x5F4).contains(value)
        // Arabic punctuation and letters, without the marks between them
        case 0x06:
            return value == 0x60C || value == 0x61B || value == 0x61F || (0x620...0x64A).contains(value)
                || (0x660...0x66F).contains(value) || (0x671...0x6D5).contains(value) || value >= 0x6EE
        // Georgian, Latin and Greek extended
        case 0x10: return value >= 0x10A0
        case 0x1E, 0x1F: return true
        // spaces, punctuation, currency
        case 0x20:
            return value <= 0x200A || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
                || (0x2070...0x20C0).contains(value)
        // CJK punctuation, kana; Bopomofo, Hangul compatibility jamo (not conjoining)
        case 0x30:
            return value <= 0x3029 || (0x3030...0x303F).contains(value) || (0x3041...0x3096).contains(value)
                || value >= 0x309B
        case 0x31: return (0x3105...0x312F).contains(value) || (0x3131...0x318F).contains(value)
        // Han (U+3400–U+4DBF, U+4E00–U+9FFF, U+F900–U+FAFF), Hangul syllables (U+AC00–U+D7A3)
        case 0x34...0x4C, 0x4E...0x9F, 0xAC...0xD6, 0xF9, 0xFA: return true
        case 0x4D: return value <= 0x4DBF
        case 0xD7: return value <= 0xD7A3
        // full and half width forms
        case 0xFF: return (0xFF01...0xFF9D).contains(value)
        default: return false
        }
    }

    /// White_Space (PropList.txt) from a list of its 25 scalars rather than a property look-up:
    /// tab to carriage return, space, NEL, no-break space, ogham space, U+2000–U+200A, the line
    /// and paragraph separators, the narrow no-break space, the medium mathematical space and
    /// the ideographic space.
    public var isWhiteSpaceQuickly: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

extension String {
    /// The string as an error message quotes it: whole when short, else its first 100 UTF-8
    /// bytes (at a character boundary) marked as cut with the bytes left out, as every echo of the
    /// wire is marked, so an error never echoes a megabyte.
    public var echoed: String {
        guard utf8.count > 100 else { return "\"\(self)\"" }
        var end = startIndex
        var bytes = 0
        for index in indices {
            let next = self.index(after: index)
            let width = utf8.distance(from: index, to: next)
            guard bytes + width <= 100 else { break }
            bytes += width
            end = next
        }
        return "\"\(self[..<end])…\" [cut: \(utf8.count - bytes) bytes]"
    }
}

extension Int {
    /// The number with its noun, singular for one: `1 title`, `2 titles`; `plural` for a noun
    /// that does not take an s (`1 string is`, `2 strings are`).
    public func counted(_ noun: String, plural: String? = nil) -> String {
        "\(self) \(self == 1 ? noun : plural ?? noun + "s")"
    }
}
