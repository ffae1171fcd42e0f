import ChevronBuiltInLooks
import ChevronLooks
import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// What a layout says about how far its numbers can be trusted: characters no installed font
/// covers, and a font fontconfig replaced with another family; and the modern look measured with
/// the font it asks for once a user provides it.
struct TrustLayoutTests {
    /// The scalars of `text` no installed font covers (fc-list lists none), not counting the
    /// default-ignorable ones (DerivedCoreProperties.txt), which need no glyph.
    static func uncovered(_ text: String) throws -> Int {
        var count = 0
        for scalar in text.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            if try ExternalTools.filesCovering(scalar).isEmpty { count += 1 }
        }
        return count
    }

    @Test(
        "missingGlyphs counts the scalars fc-list finds no font for",
        arguments: [
            ("A\u{0378}B\u{0378}", 2), ("Zurück\u{0378}", 1), ("设置\u{0378}", 1), ("Settings", 0),
            ("👨‍👩‍👧", 0), ("A\u{E0100}", 0),
        ])
    func missingGlyphsCountsUncoveredScalars(title: String, byHand: Int) throws {
        let expected = try Self.uncovered(title)
        #expect(expected == byHand, "the witness agrees with a count by hand")
        for look in ["classic", "modern"] {
            let layout = try sizing.size(SizeRequest(look: look, title: title))
            #expect(layout.missingGlyphs == expected, "\(look) \(title)")
            #expect(layout.titleSource == .title)
        }
    }

    /// U+E0100 (VARIATION SELECTOR-17) is default-ignorable and no installed font maps it: it is
    /// not counted, where an unassigned scalar is.
    @Test func anUncoveredIgnorableScalarIsNotCounted() throws {
        try #require(try ExternalTools.filesCovering(Unicode.Scalar(0xE0100)!).isEmpty)
        try #require(try ExternalTools.filesCovering(Unicode.Scalar(0x0378)!).isEmpty)
        #expect(try sizing.size(SizeRequest(look: "classic", title: "A\u{E0100}")).missingGlyphs == 0)
        #expect(try sizing.size(SizeRequest(look: "classic", title: "A\u{0378}")).missingGlyphs == 1)
    }

    /// The count is over every title measured to choose the one shown: modern measures the long
    /// title (one uncovered scalar), finds it too wide and shows "Back" (none).
    @Test func missingGlyphsCountsTheTitlesMeasuredNotOnlyTheOneShown() throws {
        let title = "Notification Settings and Privacy \u{0378}"
        let layout = try sizing.size(SizeRequest(look: "modern", title: title))
        #expect(layout.titleSource == .generic && layout.displayedTitle == "Back")
        #expect(layout.missingGlyphs == (try Self.uncovered(title)) + (try Self.uncovered("Back")))
        #expect(layout.missingGlyphs == 1)
        // Classic truncates the same title; the cut-off scalar was still measured.
        let classic = try sizing.size(SizeRequest(look: "classic", title: title))
        #expect(classic.truncated && !classic.displayedTitle.contains("\u{0378}"))
        #expect(classic.missingGlyphs == 1)
    }

    @Test func eachLookSaysWhatItAskedForAndWhetherItWasSubstituted() throws {
        let classic = try sizing.size(SizeRequest(look: "classic", title: "Settings"))
        #expect(classic.requestedFont == "Helvetica:bold")
        #expect(classic.font.file == (try ExternalTools.fcMatch("Helvetica:bold").file))
        // 30-metric-aliases.conf: Nimbus Sans is Helvetica's metric-compatible alias.
        #expect(!classic.substituted)
        let modern = try sizing.size(SizeRequest(look: "modern", title: "Settings"))
        #expect(modern.requestedFont == "SF Pro Text")
        let match = try ExternalTools.fcMatch("SF Pro Text")
        #expect(modern.font.file == match.file)
        #expect(match.family != "SF Pro Text")
        #expect(modern.substituted)
    }

    /// The key case: the user's own "SF Pro Text" (Liberation Sans renamed with fontTools) in a
    /// fonts folder. Modern then measures with it: 17 pt, kerning on, −0.41 per grapheme cluster,
    /// width = 8 + 13 + 6 + textWidth, snapped up, at least 50 (docs/looks.md, "modern").
    @Test func modernMeasuresWithTheUsersOwnFont() throws {
        let folder = try FontFixtures.folder("chevron-sf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try FontFixtures.sfProTextCopy(in: folder)
        var configuration = TextEngine.Configuration()
        configuration.fontDirectories = [folder.path]
        let engine = SizingEngine(registry: .builtIn, text: try TextEngine(configuration: configuration))
        for title in ["Settings", "Zurück", "Hi"] {
            let layout = try engine.size(SizeRequest(look: "modern", title: title))
            #expect(!layout.substituted)
            #expect(layout.font.file == copy && layout.font.family == "SF Pro Text")
            let textWidth =
                try ExternalTools.hbShapeWidth(file: copy, text: title, size: 17) - 0.41 * Double(title.count)
            #expect(abs(layout.textWidth - textWidth) < 1e-9, "\(title)")
            #expect(layout.width == snappedUp(max(8 + 13 + 6 + textWidth + 0.41, 50)))  // + the last tracking
            // The substitute gives another width: the copy is really what was measured.
            let substitute = try sizing.size(SizeRequest(look: "modern", title: title))
            #expect(substitute.substituted && abs(substitute.textWidth - textWidth) > 0.1)
        }
    }
}
