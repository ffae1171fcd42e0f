import ChevronTestSupport
import Testing

@testable import ChevronText

/// `measuresQuickly`: whether a measurement is short work that waits on nothing, which a
/// server's event loop may then do itself. Only a request resolved already, a text of at most
/// `quickTextBytes`, and every scalar that needs a glyph in the primary face.
struct QuickMeasurementTests {
    @Test func onlyAShortTextInAFaceResolvedAlreadyIsQuick() throws {
        let engine = try TextEngine()
        let font = FontRequest(pattern: "Liberation Sans:bold", size: 17)
        // fontconfig's charset: the face has these letters, and no 设 (U+8BBE).
        let file = try ExternalTools.fcMatch("Liberation Sans:bold").file
        #expect(try ExternalTools.filesCovering("Q").contains(file))
        #expect(try !ExternalTools.filesCovering("\u{8BBE}").contains(file))

        #expect(!engine.measuresQuickly("Quixotic", font: font), "never matched: fontconfig would be asked")
        _ = try engine.measure("Quixotic", font: font)
        #expect(engine.measuresQuickly("Quixotic Zebras", font: font))
        #expect(engine.measuresQuickly("", font: font))
        #expect(TextEngine.quickTextBytes == 256)
        #expect(engine.measuresQuickly(String(repeating: "Q", count: 256), font: font))
        #expect(!engine.measuresQuickly(String(repeating: "Q", count: 257), font: font), "over 256 bytes")
        #expect(!engine.measuresQuickly("设置 Quixotic", font: font), "a fallback face")
        #expect(!engine.measuresQuickly("Quixotic \u{1F600}", font: font), "an emoji face")
        #expect(engine.measuresQuickly("Quix\u{200B}otic", font: font), "a zero-width space needs no glyph")

        // Another size of the same face is resolved too; another language is another match.
        #expect(engine.measuresQuickly("Quixotic", font: FontRequest(pattern: "Liberation Sans:bold", size: 9)))
        var german = font
        german.language = "de"
        #expect(!engine.measuresQuickly("Quixotic", font: german))
        // An invalid request is never quick: it fails where it is measured.
        #expect(!engine.measuresQuickly("Quixotic", font: FontRequest(pattern: "Liberation Sans:bold", size: -1)))

        // A rescan starts a new session: nothing is resolved in it yet.
        try engine.rescanFonts()
        #expect(!engine.measuresQuickly("Quixotic Zebras", font: font))
    }
}
