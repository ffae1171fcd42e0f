import ChevronTestSupport
import ChevronText
import Testing

/// Titles in Korean, Japanese and Chinese are shaped with the bold CJK face fontconfig picks for
/// their language; emoji clusters with the colour emoji face, one glyph each. Faces come from
/// fc-match and fc-list, widths from hb-shape on the same face of the same file.
struct EmojiAndCJKTests {
    /// The classic look's font (Helvetica Bold 12, unkerned) in `language`.
    static func classic(_ language: String?) -> FontRequest {
        var font = classicFont
        font.language = language
        return font
    }

    /// fc-match's face for the classic pattern with `fcLanguage` and a character the face must
    /// cover: file, index, family, style.
    static func expectedFace(fcLanguage: String, charset: String) throws -> (
        file: String, index: Int, family: String, style: String
    ) {
        let fields = try ExternalTools.fcMatchFields(
            "Helvetica:bold:lang=\(fcLanguage):charset=\(charset)", format: "%{file}|%{index}|%{family[0]}|%{style[0]}")
        return (fields[0], Int(fields[1]) ?? -1, fields[2], fields[3])
    }

    /// fontconfig names Chinese orthographies by region (zh-cn, zh-tw, zh-hk), not by script: the
    /// BCP 47 script subtags map to them by hand here (Simplified: mainland China; Traditional:
    /// Taiwan, or Hong Kong when the tag says so).
    @Test(
        "a CJK title is shaped whole by the bold CJK face fc-match picks for its language",
        arguments: [
            ("설정", "ko", "ko", "c124"), ("設定", "ja", "ja", "8a2d"), ("设置", "zh-cn", "zh-cn", "8bbe"),
            ("设置", "zh-Hans", "zh-cn", "8bbe"), ("設定", "zh-Hant", "zh-tw", "8a2d"),
            ("設定", "zh-Hant-HK", "zh-hk", "8a2d"), ("设置·", "zh-Hans", "zh-cn", "8bbe"),
            ("设置·", "ja", "ja", "8bbe"),
        ])
    func cjkTitlesUseTheBoldFaceOfTheirLanguage(
        title: String, language: String, fcLanguage: String, charset: String
    ) throws {
        let expected = try Self.expectedFace(fcLanguage: fcLanguage, charset: charset)
        #expect(expected.style == "Bold", "fontconfig has a bold CJK face")
        let measurement = try sharedEngine.measure(title, font: Self.classic(language))
        #expect(measurement.missing == 0)
        #expect(measurement.runs.count == 1, "\(measurement.runs)")
        let run = try #require(measurement.runs.first)
        #expect(run.face.file == expected.file)
        #expect(run.face.index == expected.index, "\(language): \(run.face.family), fc-match: \(expected.family)")
        #expect(run.face.family == expected.family && run.face.style == expected.style)
        let width = try ExternalTools.hbShapeWidth(
            file: expected.file, text: title, size: 12, features: ["-kern"], index: expected.index, language: language)
        #expect(abs(measurement.width - width) < 1e-9, "\(measurement.width) vs hb-shape \(width)")
        // The title's own width, not the primary face's boxes: Nimbus Sans has no CJK glyphs.
        #expect(try !ExternalTools.filesCovering(title.unicodeScalars.first!).contains(measurement.primary.file))
    }

    /// What the test above can tell apart: the four languages pick four faces of the collection,
    /// and the middle dot after Chinese is narrower in the Japanese face than in the Chinese one.
    @Test func theLanguagesPickDifferentFacesAndWidths() throws {
        let indices = try ["ko", "ja", "zh-cn", "zh-tw"].map {
            try Self.expectedFace(fcLanguage: $0, charset: "8a2d").index
        }
        #expect(Set(indices).count == 4, "\(indices)")
        let file = try Self.expectedFace(fcLanguage: "ja", charset: "8a2d").file
        let japanese = try ExternalTools.hbShapeAdvance(
            file: file, text: "设置·", features: ["-kern"], index: indices[1], language: "ja")
        let chinese = try ExternalTools.hbShapeAdvance(
            file: file, text: "设置·", features: ["-kern"], index: indices[2], language: "zh-Hans")
        #expect(japanese != chinese)
        let ja = try sharedEngine.measure("设置·", font: Self.classic("ja"))
        let zh = try sharedEngine.measure("设置·", font: Self.classic("zh-Hans"))
        #expect(ja.width != zh.width)
        // Each is the width hb-shape gives in its language's face, at 12 points.
        for (measured, index, language) in [(ja.width, indices[1], "ja"), (zh.width, indices[2], "zh-Hans")] {
            let expected = try ExternalTools.hbShapeWidth(
                file: file, text: "设置·", size: 12, features: ["-kern"], index: index, language: language)
            #expect(abs(measured - expected) < 1e-9, "\(language): \(measured) vs hb-shape \(expected)")
        }
    }

    @Test(
        "an emoji cluster is one glyph of the colour emoji face, as hb-shape shapes it there",
        arguments: ["👨‍👩‍👧", "🇩🇪", "👍🏽", "1️⃣", "❤️", "🎉", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"])
    func emojiClustersAreOneColourGlyph(emoji: String) throws {
        #expect(emoji.count == 1, "one grapheme cluster")
        // The colour faces covering every scalar of the cluster that needs a glyph of its own.
        let scalars = emoji.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let query = ":color=true:charset=" + scalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        let colourFaces = try ExternalTools.fcListFiles(query)
        try #require(!colourFaces.isEmpty, "an installed colour font covers \(emoji)")

        let measurement = try sharedEngine.measure(emoji, font: classicFont)
        #expect(measurement.missing == 0)
        let run = try #require(measurement.runs.first)
        #expect(measurement.runs.count == 1)
        #expect(colourFaces.contains(run.face.file), "\(run.face)")
        #expect(run.glyphCount == 1)
        #expect(run.utf16Range == 0..<emoji.utf16.count)
        let advances = try ExternalTools.hbShapeAdvances(file: run.face.file, text: emoji, index: run.face.index)
        #expect(advances.count == 1, "hb-shape makes one glyph of \(emoji) too")
        let expected = try ExternalTools.hbShapeWidth(file: run.face.file, text: emoji, size: 12, index: run.face.index)
        #expect(abs(measurement.width - expected) < 1e-9)
    }

    @Test func aWordAfterAnEmojiStaysInThePrimaryFace() throws {
        let emojiFile = try #require(try ExternalTools.fcListFiles(":color=true:charset=1f389").sorted().first)
        let primary = try ExternalTools.fcMatch("Helvetica:bold").file
        let measurement = try sharedEngine.measure("🎉 Party", font: classicFont)
        #expect(measurement.missing == 0)
        #expect(measurement.runs.map(\.face.file) == [emojiFile, primary])
        #expect(measurement.runs.map(\.utf16Range) == [0..<2, 2..<8])
        #expect(measurement.runs.map(\.glyphCount) == [1, 6])
        let expected =
            try ExternalTools.hbShapeWidth(file: emojiFile, text: "🎉", size: 12)
            + ExternalTools.hbShapeWidth(file: primary, text: " Party", size: 12, features: ["-kern"])
        #expect(abs(measurement.width - expected) < 1e-9)
        // The space in the emoji face would be another width.
        let emojiSpace = try ExternalTools.hbShapeWidth(file: emojiFile, text: " ", size: 12)
        let textSpace = try ExternalTools.hbShapeWidth(file: primary, text: " ", size: 12, features: ["-kern"])
        #expect(emojiSpace != textSpace)
    }

    @Test func theTextPresentationSelectorKeepsASymbolOutOfTheEmojiFace() throws {
        let colourFaces = try ExternalTools.fcListFiles(":color=true")
        try #require(!colourFaces.isEmpty)
        let text = try sharedEngine.measure("❤\u{FE0E}", font: classicFont)
        #expect(text.missing == 0)
        for run in text.runs {
            #expect(!colourFaces.contains(run.face.file), "\(run.face)")
            #expect(try ExternalTools.filesCovering("❤").contains(run.face.file))
        }
        // The emoji selector on the same symbol does pick the colour face.
        let emoji = try sharedEngine.measure("❤\u{FE0F}", font: classicFont)
        #expect(emoji.runs.count == 1 && colourFaces.contains(emoji.runs[0].face.file))
    }
}
