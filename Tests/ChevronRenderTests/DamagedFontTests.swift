import ChevronLooks
import ChevronRender
import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// A CFF font whose outlines FreeType cannot load (every glyph calls a subroutine that does not
/// exist) but whose tables it opens and HarfBuzz shapes: the title is measured, and drawing it
/// is refused as the font's fault, naming the file.
struct DamagedFontTests {
    /// Nimbus Sans (a CFF-flavoured OpenType font) renamed `family`, every glyph's charstring
    /// replaced by a call of local subroutine 30000, which the font does not have.
    static func damagedCFFFont(_ family: String, at path: String) throws {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1], recalcBBoxes=False)
            charStrings = font["CFF "].cff.topDictIndex[0].CharStrings
            for name in charStrings.keys():
                charString = charStrings[name]
                charString.decompile()
                charString.program = [30000, "callsubr", "endchar"]
                charString.bytecode = None
            family = sys.argv[3]
            for record in font["name"].names:
                if record.nameID in (1, 16):
                    record.string = family
                elif record.nameID == 4:
                    record.string = family + " Regular"
                elif record.nameID == 6:
                    record.string = family.replace(" ", "") + "-Regular"
            font.save(sys.argv[2])
            """
        _ = try ExternalTools.run(
            "python3", ["-c", script, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", path, family])
        #expect(FileManager.default.fileExists(atPath: path), "fontTools wrote \(path)")
    }

    static func look(_ font: String) throws -> ManifestLook {
        let manifest = """
            {"name": "broken", "font": \(font), "height": 30, "art": {"width": 50, "leftCap": 15},
             "titleInsets": {"left": 15, "right": 10}, "padding": 25, "maximumWidth": 200, "overflow": "truncate"}
            """
        return try ManifestLoader.loadManifest(data: Data(manifest.utf8), file: "/nonexistent/broken.json").get()
    }

    @Test(arguments: [false, true])
    func drawingAFontWhoseGlyphsCannotBeLoadedNamesTheFile(pinned: Bool) throws {
        let folder = try FontFixtures.folder("chevron-broken-cff")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ChevronBrokenCFF.otf").path
        try Self.damagedCFFFont("Chevron Broken CFF", at: file)
        var configuration = TextEngine.Configuration()
        configuration.fontDirectories = [folder.path]
        let engine = try TextEngine(configuration: configuration)
        let look = try Self.look(
            pinned ? "{\"file\": \"\(file)\", \"size\": 12}" : "{\"pattern\": \"Chevron Broken CFF\", \"size\": 12}")
        let sizing = SizingEngine(registry: LookRegistry([look]), text: engine)
        let request = SizeRequest(look: "broken", title: "Back")
        // Measuring reads advances only: it works, from the damaged file.
        let layout = try sizing.size(request)
        #expect(layout.font.file == file)
        do {
            _ = try ButtonRenderer(engine: engine).render(layout, look: look, request: request)
            Issue.record("a font whose glyphs cannot be loaded was drawn")
        } catch let error as RenderError {
            #expect(error.code.rawValue == "fontUnusable", "\(error)")
            #expect(error.parameter == "font")
            #expect(error.message.contains(file), "\(error)")
        }
    }
}
