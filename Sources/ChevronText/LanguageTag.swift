import ChevronSupport

/// BCP 47 language tags as the engine reads them.
public enum LanguageTag {
    /// `tag` with "_" written "-" and, for Chinese, the script CLDR's likely subtags give it made
    /// explicit: `zh` is `zh-Hans-CN` (Simplified, as iOS reads a bare `zh`), `zh-Hant`
    /// `zh-Hant-TW`, `zh-TW`, `zh-HK` and `zh-MO` Traditional with their region, any other region
    /// Simplified unless CLDR says Traditional for it (`zh-US` is `zh-Hant-US`). Fonts and the
    /// generic title then see which Han forms are meant; other tags are returned as they are.
    public static func likely(_ tag: String) -> String {
        // Most tags are not Chinese and have no "_": returned at once, from their first bytes.
        let utf8 = tag.utf8
        if utf8.count < 2 || (utf8[utf8.startIndex] | 0x20) != UInt8(ascii: "z")
            || (utf8[utf8.index(after: utf8.startIndex)] | 0x20) != UInt8(ascii: "h")
        {
            return utf8.contains(UInt8(ascii: "_")) ? tag.replacingUnderscores : tag
        }
        let tag = tag.contains("_") ? tag.replacingUnderscores : tag
        var subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard subtags.first?.lowercased() == "zh" else { return tag }
        let rest = subtags.dropFirst()
        let hasScript = rest.first.map { $0.count == 4 && $0.allSatisfy(\.isLetter) } ?? false
        let regionIndex = hasScript ? 2 : 1
        // A region is two letters or three digits (UN M.49, `419`).
        let region = subtags.indices.contains(regionIndex) ? Self.region(subtags[regionIndex]) : nil
        // Something else after the language (an extended language `zh-yue`, a variant): left as
        // it is, to fontconfig.
        if !hasScript, region == nil, subtags.count > 1 { return tag }
        if hasScript {
            guard region == nil else { return tag }
            // zh-Hant → zh-Hant-TW, zh-Hans → zh-Hans-CN (CLDR).
            let script = subtags[1].lowercased()
            subtags.insert(script == "hant" ? "TW" : "CN", at: 2)
            return subtags.joined(separator: "-")
        }
        let script = region.map { ChineseScripts.traditionalRegions.contains($0) } == true ? "Hant" : "Hans"
        subtags.insert(script, at: 1)
        if region == nil { subtags.insert("CN", at: 2) }
        return subtags.joined(separator: "-")
    }

    /// `subtag` as a region (upper case), if it is one: two letters or three digits.
    private static func region(_ subtag: String) -> String? {
        if subtag.count == 2, subtag.allSatisfy(\.isLetter) { return subtag.uppercased() }
        if subtag.count == 3, subtag.allSatisfy(\.isASCII), subtag.allSatisfy(\.isNumber) { return subtag }
        return nil
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
