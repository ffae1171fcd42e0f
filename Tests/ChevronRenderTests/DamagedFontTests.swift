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
        try FontFixtures.damagedCFFFont("Chevron Broken CFF", at: file)
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
