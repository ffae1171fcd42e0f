import ChevronBuiltInLooks
import ChevronLooks
import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// Manifest looks: the shipped examples, and every way a manifest can be wrong.
struct ManifestTests {
    static let shippedLooks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("looks").path

    /// A fresh folder holding `manifests` (file name → JSON text).
    func folder(_ manifests: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-looks-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in manifests { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory.path
    }

    static let good = """
        {"name": "test-look", "font": {"pattern": "DejaVu Sans:bold", "size": 13, "features": ["-kern"]},
         "height": 32, "art": {"width": 40, "leftCap": 16}, "titleInsets": {"left": 15, "right": 10},
         "titleTop": 7, "padding": 25, "maximumWidth": 170, "overflow": "truncate"}
        """

    @Test func theShippedExamplesLoadAndSizeByTheirNumbers() throws {
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: Self.shippedLooks)
        #expect(problems.isEmpty, "\(problems)")
        #expect(registry.names.contains("glossy-pill") && registry.names.contains("flat-arrow"))
        let engine = SizingEngine(registry: registry, text: sizing.text)
        let layout = try engine.size(SizeRequest(look: "glossy-pill", title: "Settings"))
        let textWidth = try ExternalTools.hbShapeWidth(
            file: try ExternalTools.fcMatch("DejaVu Sans:bold").file, text: "Settings", size: 13, features: ["-kern"])
        #expect(layout.width == snappedUp(max(textWidth + 25, 40)))
        #expect(layout.titleFrame.x == 15 && layout.titleFrame.y == 7 && layout.height == 32)
        #expect(layout.capInsets == HorizontalInsets(left: 16, right: 40 - 16 - 1))
        let pill = try registry.look(named: "glossy-pill").metrics.colors
        #expect(pill.text == "#FFFFFF" && pill.tint == "#3B6FB6" && pill.shadowOffset == ShadowOffset(x: 0, y: -1))
        // looks/glossy-pill.json's art block, field by field.
        let art = try registry.look(named: "glossy-pill").art
        #expect(art.shape == .bezel && art.pointDepth == 12 && art.cornerRadius == 16)
        #expect(art.fill == VerticalGradient(top: "#6FA0E0", bottom: "#2E5FA8"))
        #expect(art.border == "#1E3F73" && art.highlight == "#FFFFFF80")
        #expect(art.bar == VerticalGradient(top: "#9DB9DE", bottom: "#5F86BE"))
        // flat-arrow.json states no drawing: its tint (or iOS 6's blue) gives the fill's colours.
        let flat = try registry.look(named: "flat-arrow")
        #expect(flat.art.shape == .bezel)
        #expect(flat.art.fill.bottom != flat.art.fill.top)
    }

    @Test(
        "a broken manifest is reported with its file, field and reason",
        arguments: [
            (#"{"name": "x""#, "", "not valid JSON"),
            (#"["name", "x"]"#, "", "not a JSON object"),
            // An unknown member is named before a missing one (the file is read once).
            (#"{"colour": "red"}"#, "colour", "not a manifest field"),
            (good.replacingOccurrences(of: #""height": 32,"#, with: ""), "height", "required"),
            (
                good.replacingOccurrences(of: #""height": 32"#, with: #""height": "tall""#), "height",
                "must be a number, not a string"
            ),
            (good.replacingOccurrences(of: #""leftCap": 16"#, with: #""leftCap": 40"#), "art.leftCap", "0…39"),
            (
                good.replacingOccurrences(of: #""maximumWidth": 170"#, with: #""maximumWidth": 20"#), "maximumWidth",
                "40"
            ),
            (good.replacingOccurrences(of: #""size": 13"#, with: #""size": 0"#), "font.size", "1000"),
            (
                good.replacingOccurrences(
                    of: #""leftCap": 16}"#, with: ##""leftCap": 16, "fill": {"top": "#12", "bottom": "#000000"}}"##),
                "art.fill.top", "#RRGGBB"
            ),
            (
                good.replacingOccurrences(of: #""leftCap": 16}"#, with: #""leftCap": 16, "cornerRadius": 17}"#),
                "art.cornerRadius", "0…16"
            ),
            (
                good.replacingOccurrences(of: #""overflow": "truncate""#, with: #""overflow": "wrap""#), "overflow",
                "wrap"
            ),
            (
                good.replacingOccurrences(of: #""padding": 25"#, with: #""paddding": 25"#), "paddding",
                "not a manifest field"
            ),
            (
                good.replacingOccurrences(of: #""art": {"width": 40, "leftCap": 16}"#, with: #""art": [40, 16]"#),
                "art", "must be an object, not an array"
            ),
        ])
    func brokenManifests(text: String, field: String, reason: String) throws {
        let directory = try folder(["broken.json": text])
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.file.hasSuffix("broken.json"))
        #expect(problem.field == field)
        #expect(problem.reason.contains(reason), "\(problem.reason)")
        #expect(registry.names == LookRegistry.builtIn.names)
    }

    /// A key given twice is refused, named, at the top level or inside a member: which of the two
    /// values would count is not guessed.
    @Test(arguments: [
        (#""padding": 25"#, #""padding": 25, "padding": 30"#, "padding"),
        (#""width": 40"#, #""width": 40, "width": 41"#, "width"),
    ])
    func aKeyGivenTwiceIsRefusedNamingIt(member: String, twice: String, key: String) throws {
        let text = Self.good.replacingOccurrences(of: member, with: twice)
        #expect(text != Self.good)
        let directory = try folder(["twice.json": text])
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: directory)
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.field.isEmpty)
        #expect(problem.reason.hasPrefix("is not valid JSON (duplicate key \"\(key)\""), "\(problem.reason)")
        #expect(!registry.names.contains("test-look"))
    }

    /// A manifest saved with a UTF-8 byte order mark (as some editors save) loads as without it.
    @Test func aByteOrderMarkIsNotPartOfTheJSON() throws {
        let directory = try folder(["bom.json": "\u{FEFF}" + Self.good])
        let text = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("bom.json"))
        #expect(Array(text.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(problems.isEmpty, "\(problems)")
        #expect(try registry.look(named: "test-look").metrics.height == 32)
    }

    /// A JSON error after a byte order mark names its byte in the file, the mark's 3 counted.
    @Test func aJSONErrorAfterAByteOrderMarkNamesTheFilesByte() throws {
        let broken = #"{"name": }"#
        let brace = try #require(broken.utf8.lastIndex(of: UInt8(ascii: "}")))
        let braceOffset = broken.utf8.distance(from: broken.utf8.startIndex, to: brace)  // 9
        for (prefix, offset) in [("", braceOffset), ("\u{FEFF}", 3 + braceOffset)] {
            let (_, problems) = LookRegistry.builtIn.addingManifests(from: try folder(["broken.json": prefix + broken]))
            let reason = try #require(problems.first).reason
            #expect(reason.hasPrefix("is not valid JSON (") && reason.hasSuffix(" at byte \(offset))"), "\(reason)")
        }
    }

    @Test func aManifestDoesNotShadowABuiltInUnlessItSaysSo() throws {
        let shadow = Self.good.replacingOccurrences(of: #""test-look""#, with: #""classic""#)
        let (kept, problems) = LookRegistry.builtIn.addingManifests(from: try folder(["c.json": shadow]))
        #expect(problems.first?.field == "name")
        #expect(try kept.look(named: "classic").metrics.height == 30)
        let replacing = shadow.replacingOccurrences(
            of: #""name": "classic","#, with: #""name": "classic", "replacesBuiltIn": true,"#)
        let (replaced, none) = LookRegistry.builtIn.addingManifests(from: try folder(["c.json": replacing]))
        #expect(none.isEmpty)
        #expect(try replaced.look(named: "classic").metrics.height == 32)
    }

    @Test func aBrokenEditKeepsThePreviousGoodLook() throws {
        let directory = try folder(["mine.json": Self.good])
        let (first, _) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(first.names.contains("test-look"))
        try Data(#"{"name": "test-look", "height": -1}"#.utf8).write(
            to: URL(fileURLWithPath: directory).appendingPathComponent("mine.json"))
        let (second, problems) = LookRegistry.builtIn.addingManifests(from: directory, keepingFrom: first)
        #expect(problems.count == 1)
        #expect(try second.look(named: "test-look").metrics.height == 32)
    }

    /// A good manifest renamed to a built-in's name without `replacesBuiltIn`, or to another
    /// manifest's name, is a problem like any other: its previous good look stays.
    @Test func aRenameThatConflictsKeepsThePreviousGoodLook() throws {
        let directory = try folder([
            "mine.json": Self.good,
            "other.json": Self.good.replacingOccurrences(
                of: #""test-look""#, with: #""other-look""#),
        ])
        let (first, none) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(none.isEmpty && first.names.contains("test-look") && first.names.contains("other-look"))
        let mine = URL(fileURLWithPath: directory).appendingPathComponent("mine.json")
        for conflicting in ["classic", "other-look"] {
            try Data(Self.good.replacingOccurrences(of: #""test-look""#, with: "\"\(conflicting)\"").utf8).write(
                to: mine)
            let (second, problems) = LookRegistry.builtIn.addingManifests(from: directory, keepingFrom: first)
            #expect(problems.count == 1 && problems.first?.field == "name", "\(problems)")
            #expect(try second.look(named: "test-look").metrics.height == 32, "renamed to \(conflicting)")
            #expect(try second.look(named: "classic").metrics.height == 30)
            #expect(try second.look(named: "other-look").metrics.height == 32)
        }
    }

    /// With positive tracking, a truncated title still fits: hb-shape's width of what is shown,
    /// plus the tracking after each of its characters, plus the padding, is within the maximum.
    @Test func aTruncatedTitleWithTrackingFitsTheMaximum() throws {
        let tracked = Self.good.replacingOccurrences(of: #""height": 32,"#, with: #""height": 32, "tracking": 5,"#)
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: try folder(["t.json": tracked]))
        #expect(problems.isEmpty, "\(problems)")
        let engine = SizingEngine(registry: registry, text: sizing.text)
        let layout = try engine.size(SizeRequest(look: "test-look", title: "Internationalisation preferences"))
        #expect(layout.truncated && layout.displayedTitle.hasSuffix("…"))
        let shown = try ExternalTools.hbShapeWidth(
            file: try ExternalTools.fcMatch("DejaVu Sans:bold").file, text: layout.displayedTitle, size: 13,
            features: ["-kern"])
        let width = shown + 5 * Double(layout.displayedTitle.count)
        #expect(width + 25 <= 170 + 1e-9, "\(layout.displayedTitle): \(width) + 25 > 170")
        #expect(layout.titleFrame.x + layout.titleFrame.width <= layout.width - 10 + 1)
        #expect(layout.width <= 170)
    }

    /// `good` with its font pinned to a file: `font` is the manifest's whole font object.
    static func pinned(_ font: String) -> String {
        good.replacingOccurrences(
            of: #"{"pattern": "DejaVu Sans:bold", "size": 13, "features": ["-kern"]}"#, with: font)
    }

    @Test func aLookMayPinAFontFileRelativeToItsManifest() throws {
        let directory = try folder([:])
        let fonts = URL(fileURLWithPath: directory).appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let file = fonts.appendingPathComponent("Mine.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", toPath: file)
        try Data(Self.pinned(#"{"file": "fonts/Mine.ttf", "size": 13, "features": ["-kern"]}"#).utf8).write(
            to: URL(fileURLWithPath: directory).appendingPathComponent("pinned.json"))
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(problems.isEmpty, "\(problems)")
        let engine = SizingEngine(registry: registry, text: sizing.text)
        let layout = try engine.size(SizeRequest(look: "test-look", title: "Settings"))
        #expect(layout.font.file == file)
        #expect(!layout.substituted)
        let textWidth = try ExternalTools.hbShapeWidth(file: file, text: "Settings", size: 13, features: ["-kern"])
        #expect(abs(layout.textWidth - textWidth) < 1e-9)
        #expect(layout.width == snappedUp(max(textWidth + 25, 40)))
        // Not what the pattern the file replaced would measure.
        let sans = try ExternalTools.hbShapeWidth(
            file: try ExternalTools.fcMatch("DejaVu Sans:bold").file, text: "Settings", size: 13, features: ["-kern"])
        #expect(abs(sans - textWidth) > 0.5)
    }

    @Test func aPinnedFileMayNameAFaceOfACollection() throws {
        let collection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
        // fc-scan lists the collection's faces with their indices: face 1's family.
        let faces = try #require(try ExternalTools.run("fc-scan", ["--format", "%{index}|%{family[0]}\n", collection]))
        let family = try #require(
            faces.split(separator: "\n").first { $0.hasPrefix("1|") }?.split(separator: "|").last.map(String.init))
        let manifest = Self.pinned(#"{"file": "\#(collection)", "index": 1, "size": 13}"#)
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: try folder(["cjk.json": manifest]))
        #expect(problems.isEmpty, "\(problems)")
        let layout = try SizingEngine(registry: registry, text: sizing.text).size(
            SizeRequest(look: "test-look", title: "설정"))
        #expect(layout.font.file == collection && layout.font.family == family)
        let textWidth = try ExternalTools.hbShapeWidth(file: collection, text: "설정", size: 13, index: 1)
        #expect(abs(layout.textWidth - textWidth) < 1e-9)
        #expect(layout.missingGlyphs == 0)
    }

    @Test(
        "a pinned font that is not a readable font is the manifest's error",
        arguments: [
            (#"{"file": "junk.ttf", "size": 13}"#, "font.file"),
            (#"{"file": "absent.ttf", "size": 13}"#, "font.file"),
            (#"{"file": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "index": 3, "size": 13}"#, "font.file"),
            (#"{"pattern": "DejaVu Sans", "file": "junk.ttf", "size": 13}"#, "font"),
            (#"{"size": 13}"#, "font"),
            (#"{"pattern": "DejaVu Sans", "index": 1, "size": 13}"#, "font.index"),
        ])
    func aBadPinnedFontIsReported(font: String, field: String) throws {
        let directory = try folder(["broken.json": Self.pinned(font), "junk.ttf": "not a font"])
        // fc-scan agrees that junk.ttf holds no font.
        #expect((try ExternalTools.run("fc-scan", [directory + "/junk.ttf"]) ?? "").isEmpty)
        let (registry, problems) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(problems.count == 1)
        #expect(problems.first?.file.hasSuffix("broken.json") == true)
        #expect(problems.first?.field == field, "\(problems)")
        #expect(!registry.names.contains("test-look"))
    }

    @Test func pinningABrokenFileOnReloadKeepsThePreviousGoodLook() throws {
        let directory = try folder([
            "mine.json": Self.pinned(#"{"file": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", "size": 13}"#),
            "junk.ttf": "not a font",
        ])
        let (first, none) = LookRegistry.builtIn.addingManifests(from: directory)
        #expect(none.isEmpty, "\(none)")
        try Data(Self.pinned(#"{"file": "junk.ttf", "size": 13}"#).utf8).write(
            to: URL(fileURLWithPath: directory).appendingPathComponent("mine.json"))
        let (second, problems) = LookRegistry.builtIn.addingManifests(from: directory, keepingFrom: first)
        #expect(problems.map(\.field) == ["font.file"])
        let layout = try SizingEngine(registry: second, text: sizing.text).size(
            SizeRequest(look: "test-look", title: "Back"))
        #expect(layout.font.file == "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")
    }

    @Test func twoManifestsCannotShareAName() throws {
        let (registry, problems) = LookRegistry.builtIn.addingManifests(
            from: try folder(["a.json": Self.good, "b.json": Self.good]))
        #expect(problems.count == 1 && problems.first?.file.hasSuffix("b.json") == true)
        #expect(registry.names.contains("test-look"))
    }
}
