import ChevronTestSupport
import ChevronText
import Testing

/// `LanguageTag.likely` against PyPI langcodes' `maximize()` (CLDR's likely subtags), and the Han
/// face a bare `zh` is measured with against `fc-match :lang=zh-cn`.
struct LanguageTagTests {
    static let chineseTags = [
        "zh", "zh-Hans", "zh-Hant", "zh-CN", "zh-SG", "zh-MY", "zh-TW", "zh-HK", "zh-MO", "zh-US", "zh-GB", "zh-CA",
        "zh-JP", "zh-Hant-CN", "zh-Hans-HK", "zh_HK", "zh_TW", "zh-419", "zh-Hant-419",
    ]

    @Test func chineseTagsGetTheirLikelyScriptAsLangcodesMaximizeGivesIt() throws {
        let expected = try Langcodes.maximized(Self.chineseTags)
        for tag in Self.chineseTags {
            #expect(LanguageTag.likely(tag) == expected[tag], "\(tag)")
        }
    }

    @Test func theIssuesFourCasesByHand() {
        #expect(LanguageTag.likely("zh") == "zh-Hans-CN")
        #expect(LanguageTag.likely("zh-HK") == "zh-Hant-HK")
        #expect(LanguageTag.likely("zh-MO") == "zh-Hant-MO")
        #expect(LanguageTag.likely("zh-TW") == "zh-Hant-TW")
        #expect(LanguageTag.likely("zh-Hant") == "zh-Hant-TW")
    }

    @Test func otherTagsAreLeftAsTheyAre() {
        for tag in ["de", "ja", "ar-EG", "sr-Latn", "pt-PT", "en-US", "zu", "zza"] {
            #expect(LanguageTag.likely(tag) == tag)
        }
        #expect(LanguageTag.likely("pt_PT") == "pt-PT")
        // Chinese with an extended language subtag (Cantonese as `zh-yue`) or a variant is not
        // given a script or region of Mandarin's.
        #expect(LanguageTag.likely("zh-yue") == "zh-yue")
        #expect(LanguageTag.likely("zh-pinyin") == "zh-pinyin")
    }

    @Test func aBareZhIsMeasuredInTheSimplifiedHanFace() throws {
        let engine = try TextEngine()
        let simplified = try ExternalTools.fcMatch(":lang=zh-cn")
        let traditional = try ExternalTools.fcMatch(":lang=zh-tw")
        let hongKong = try ExternalTools.fcMatch(":lang=zh-hk")
        // "直" is drawn differently in Chinese and Japanese faces: which face shapes it matters.
        for (language, face) in [("zh", simplified), ("zh-TW", traditional), ("zh-HK", hongKong)] {
            let measurement = try engine.measure(
                "直", font: FontRequest(pattern: "sans-serif", size: 17, language: language))
            let han = try #require(measurement.runs.first { $0.script == "Hani" })
            #expect(han.face.family == face.family, "\(language)")
        }
    }
}
