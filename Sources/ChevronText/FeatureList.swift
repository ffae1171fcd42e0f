import CHarfBuzz

/// OpenType feature settings parsed once into HarfBuzz's form, ready for `hb_shape`.
struct FeatureList: @unchecked Sendable {
    // hb_feature_t is a plain C struct of integers; @unchecked only because C structs are not
    // declared Sendable.
    let features: [hb_feature_t]

    /// Parses every setting; callers validate first, so an unparsable one is skipped here.
    init(_ settings: [String]) {
        features = settings.compactMap(Self.parse)
    }

    /// Parses one setting as `hb_feature_from_string` does, or returns nil when HarfBuzz cannot.
    ///
    /// The common spellings, a four-letter tag switched on or off for the whole text (`-kern`,
    /// `+liga`, `smcp`), are read here; anything else (ranges, values, quoted or short tags) is
    /// left to HarfBuzz, whose parser costs about a thousand instructions, and every uncached
    /// measurement parses its request's features.
    static func parse(_ setting: String) -> hb_feature_t? {
        if let simple = parseWholeTextSwitch(setting) { return simple }
        var feature = hb_feature_t()
        let parsed = setting.withCString { hb_feature_from_string($0, Int32(setting.utf8.count), &feature) }
        return parsed != 0 ? feature : nil
    }

    /// `[+-]?` then four tag characters (ASCII letters, digits, `_`), nothing else: the feature
    /// on (value 1, or 0 after `-`) from the text's start to its end. Nil for any other spelling.
    static func parseWholeTextSwitch(_ setting: String) -> hb_feature_t? {
        // A string without contiguous UTF-8 (none on Linux) goes to HarfBuzz.
        setting.utf8.withContiguousStorageIfAvailable { Self.parseWholeTextSwitch(bytes: $0) } ?? nil
    }

    private static func parseWholeTextSwitch(bytes: UnsafeBufferPointer<UInt8>) -> hb_feature_t? {
        var value: UInt32 = 1
        var start = 0
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            value = first == UInt8(ascii: "-") ? 0 : 1
            start = 1
        }
        guard bytes.count - start == 4 else { return nil }
        var tag: UInt32 = 0
        for byte in bytes[start...] {
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isTagCharacter =
                isLetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            guard isTagCharacter else { return nil }
            tag = tag << 8 | UInt32(byte)
        }
        // HB_FEATURE_GLOBAL_START and HB_FEATURE_GLOBAL_END: the whole text.
        return hb_feature_t(tag: tag, value: value, start: 0, end: UInt32.max)
    }
}
