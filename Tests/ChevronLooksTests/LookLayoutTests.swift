import ChevronBuiltInLooks
import ChevronLooks
import ChevronTestSupport
import ChevronText
import Foundation
import Testing

let sizing: SizingEngine = {
    do { return SizingEngine(registry: .builtIn, text: try TextEngine()) } catch { fatalError("\(error)") }
}()

/// The width hb-shape gives a title in the 2010–2013 looks' font: Helvetica Bold 12, unkerned.
func boldWidth(_ title: String) throws -> Double {
    try ExternalTools.hbShapeWidth(
        file: try ExternalTools.fcMatch("Helvetica:bold").file, text: title, size: 12, features: ["-kern"])
}

/// Snaps up to the grid as docs/looks.md says ("Rules for every look"), written out here rather than
/// borrowed from the code.
func snappedUp(_ length: Double, scale: Int = 1) -> Double {
    (length * Double(scale) - 1e-9).rounded(.up) / Double(scale)
}

/// Each look's layout against its formula in docs/looks.md, with text widths measured by hb-shape.
struct LookLayoutTests {
    @Test func classicIsTextPlusTwelveAndEightWithTheTitleAtTwelveSix() throws {
        let layout = try sizing.size(SizeRequest(look: "classic", title: "Settings"))
        let textWidth = try boldWidth("Settings")
        #expect(layout.width == snappedUp(max(textWidth + 12 + 8, 43)))
        #expect(layout.height == 30)
        #expect(layout.titleFrame.x == 12)
        #expect(layout.titleFrame.y == 6)
        #expect(abs(layout.textWidth - textWidth) < 1e-9)
        #expect(layout.capInsets == HorizontalInsets(left: 13, right: 43 - 13 - 1))
        #expect(layout.titleSource == .title && !layout.truncated)
        #expect(layout.font.family == "Nimbus Sans")
    }

    @Test func aShortTitleNeverMakesTheButtonNarrowerThanItsArt() throws {
        #expect(try sizing.size(SizeRequest(look: "classic", title: "Hi")).width == 43)
        #expect(try sizing.size(SizeRequest(look: "instagram", title: "A")).width == 35)
        #expect(try sizing.size(SizeRequest(look: "dailybooth", title: "A")).width == 32)
        #expect(try sizing.size(SizeRequest(look: "bbcustom", title: "Mail")).width == 52)
    }

    @Test func aLongClassicTitleIsTruncatedToTheMaximum() throws {
        let title = "Notification Settings and Privacy Options"
        #expect(try boldWidth(title) + 20 > 160, "the title really is too long")
        let layout = try sizing.size(SizeRequest(look: "classic", title: title))
        #expect(layout.truncated)
        #expect(layout.displayedTitle.hasSuffix("…"))
        #expect(layout.width <= 160)
        #expect(layout.width == snappedUp(try boldWidth(layout.displayedTitle) + 20))
    }

    @Test func instagramIsTextPlusOneAndAHalfCapsWithTheTitleCentred() throws {
        let textWidth = try boldWidth("Settings")
        let layout = try sizing.size(SizeRequest(look: "instagram", title: "Settings"))
        let width = snappedUp(min(160, textWidth + 1.5 * 14))
        #expect(layout.width == width)
        #expect(layout.height == 31)
        // Centred in the content rect (insets 6 and 3): 6 + ((W − 9) − textWidth) / 2, ≈ 12.
        #expect(layout.titleFrame.x == (6 + ((width - 9) - textWidth) / 2).rounded())
        #expect(layout.capInsets == HorizontalInsets(left: 14, right: 20))
    }

    @Test func dailyboothSharesInstagramsRuleWithItsOwnArt() throws {
        let textWidth = try boldWidth("Photos")
        let layout = try sizing.size(SizeRequest(look: "dailybooth", title: "Photos"))
        #expect(layout.width == snappedUp(min(160, textWidth + 21)))
        #expect(layout.height == 30)
        #expect(layout.capInsets == HorizontalInsets(left: 14, right: 17))
    }

    @Test func bbcustomPutsTheTitleSevenFromTheRightAndCentresItVertically() throws {
        let title = "Favourites"
        let textWidth = try boldWidth(title)
        let layout = try sizing.size(SizeRequest(look: "bbcustom", title: title))
        let width = snappedUp(max(textWidth + 20, 52))
        #expect(layout.width == width)
        #expect(layout.titleFrame.x == (width - 7 - textWidth).rounded())
        let tables = try FontTables(file: try ExternalTools.fcMatch("Helvetica:bold").file)
        let lineHeight = Double(tables.ascender - tables.descender + tables.lineGap) * 12 / Double(tables.unitsPerEm)
        #expect(layout.titleFrame.y == ((31 - lineHeight) / 2).rounded(.down))
    }

    @Test func reederHasTheClassicGeometry() throws {
        let classic = try sizing.size(SizeRequest(look: "classic", title: "All Feeds"))
        let reeder = try sizing.size(SizeRequest(look: "reeder", title: "All Feeds"))
        #expect(reeder.width == classic.width && reeder.titleFrame == classic.titleFrame)
    }

    @Test func modernFallsBackByMeasuredFit() throws {
        let file = try ExternalTools.fcMatch("SF Pro Text").file
        func modernWidth(_ text: String) throws -> Double {
            try ExternalTools.hbShapeWidth(file: file, text: text, size: 17) - 0.41 * Double(text.count)
        }
        let long = "Notification Settings and Privacy"
        #expect(try modernWidth(long) + 27 > 200)
        let layout = try sizing.size(SizeRequest(look: "modern", title: long))
        #expect(layout.displayedTitle == "Back" && layout.titleSource == .generic)
        #expect(layout.width == snappedUp(try modernWidth("Back") + 8 + 13 + 6 + 0.41))  // + the last tracking
        #expect(layout.height == 44)
        #expect(layout.titleFrame.x == 27)
        #expect(layout.font.file == file)
        // Under the generic title's width, only the chevron is left.
        let chevron = try sizing.size(SizeRequest(look: "modern", title: long, maximumWidth: 50))
        #expect(chevron.titleSource == .none && chevron.displayedTitle == "" && chevron.width == 50)
    }

    @Test func instagramsTextColourKeepsTheSourcesTypo() throws {
        // The code's colour: RGB 254/255, 239/255, 218/225 (225, not 255, in the source).
        let fractions: [Double] = [254.0 / 255, 239.0 / 255, 218.0 / 225]
        let bytes: [Int] = fractions.map { fraction in Int((fraction * 255).rounded()) }
        let hex: [String] = bytes.map { byte in String(format: "%02X", byte) }
        let expected = "#" + hex.joined()
        #expect(try LookRegistry.builtIn.look(named: "instagram").metrics.colors.text == expected)
        #expect(
            try LookRegistry.builtIn.look(named: "classic").metrics.colors.shadowOffset == ShadowOffset(x: 0, y: -1))
    }
}
