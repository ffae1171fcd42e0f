import ChevronTestSupport
import ChevronText
import Testing

/// Truncation: the longest prefix that fits with the ellipsis, cut only between grapheme clusters.
struct TruncationTests {
    @Test func theLongestFittingPrefixAsHbShapeMeasuresIt() throws {
        let title = "Settings and Privacy"
        let file = try ExternalTools.fcMatch("Helvetica:bold").file
        // The expected answer, found with hb-shape alone: the longest prefix (trailing spaces
        // dropped) whose width with "…" is at most 60 points.
        var expected = ""
        for length in 0..<title.count {
            var prefix = String(title.prefix(length))
            while prefix.last == " " { prefix.removeLast() }
            let width = try ExternalTools.hbShapeWidth(file: file, text: prefix + "…", size: 12, features: ["-kern"])
            if width <= 60 { expected = prefix + "…" }
        }
        let truncation = try sharedEngine.truncate(title, font: classicFont, maxWidth: 60)
        #expect(truncation.truncated)
        #expect(truncation.displayed == expected)
        let expectedWidth = try ExternalTools.hbShapeWidth(file: file, text: expected, size: 12, features: ["-kern"])
        #expect(abs(truncation.width - expectedWidth) < 1e-9)
        #expect(truncation.width <= 60)
    }

    @Test func aTitleThatFitsIsShownWhole() throws {
        let truncation = try sharedEngine.truncate("Back", font: classicFont, maxWidth: 100)
        #expect(!truncation.truncated)
        #expect(truncation.displayed == "Back")
        #expect(truncation.width == truncation.fullWidth)
    }

    @Test func whenNotEvenTheEllipsisFitsNothingIsShown() throws {
        let truncation = try sharedEngine.truncate("Settings", font: classicFont, maxWidth: 1)
        #expect(truncation.truncated)
        #expect(truncation.displayed == "")
        #expect(truncation.width == 0)
    }

    @Test func aCustomEllipsisIsUsed() throws {
        let truncation = try sharedEngine.truncate(
            "Settings and Privacy", font: classicFont, maxWidth: 70, ellipsis: "...")
        #expect(truncation.displayed.hasSuffix("..."))
        #expect(truncation.truncated)
    }

    @Test(
        "grapheme clusters are never split, at any width",
        arguments: [
            "🇫🇷🇩🇪🇯🇵🇺🇸🇧🇷",  // flags: pairs of regional indicators
            "👨‍👩‍👧‍👦👩‍❤️‍👨👨‍👩‍👧‍👦",  // ZWJ sequences
            "e\u{301}e\u{301}a\u{308}\u{331}o\u{302}\u{323}u\u{308}",  // letters with combining marks
            "การตั้งค่าบัญชีผู้ใช้",  // Thai: consonants with vowel and tone marks
            "स्विच नहीं क्षत्रिय",  // Devanagari conjuncts
            "הַגְדָּרוֹת חֶשְׁבּוֹן",  // Hebrew with points
        ])
    func clustersAreNeverSplit(title: String) throws {
        let full = try sharedEngine.measure(title, font: classicFont).width
        let clusters = Array(title)
        for step in 0...20 {
            let maxWidth = full * Double(step) / 20
            let truncation = try sharedEngine.truncate(title, font: classicFont, maxWidth: maxWidth)
            #expect(truncation.width <= maxWidth + 1e-9)
            guard truncation.truncated, !truncation.displayed.isEmpty else { continue }
            let shown = String(truncation.displayed.dropLast())  // the ellipsis is one cluster
            // The shown text is exactly the first k clusters of the title (less trailing spaces).
            let k = Array(shown).count
            #expect(Array(shown) == Array(clusters.prefix(k)), "cut inside a cluster at \(maxWidth) pt")
            #expect(shown.unicodeScalars.elementsEqual(String(clusters.prefix(k)).unicodeScalars))
        }
    }

    @Test func rightToLeftTextIsCutAtItsLogicalEnd() throws {
        let title = "הגדרות חשבון משתמש"
        let full = try sharedEngine.measure(title, font: classicFont).width
        let truncation = try sharedEngine.truncate(title, font: classicFont, maxWidth: full / 2)
        #expect(truncation.truncated)
        #expect(truncation.displayed.hasPrefix("הגד"))
        #expect(title.hasPrefix(truncation.displayed.dropLast()))
    }
}
