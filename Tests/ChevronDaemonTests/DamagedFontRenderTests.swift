import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// A CFF font FreeType opens but whose glyphs it cannot load: FontUnusable, naming the file.
@Suite(.serialized)
struct DamagedFontRenderTests {
    /// A CFF font whose glyphs FreeType cannot load, in the fonts folder and pinned by a
    /// manifest: Size measures it (advances need no outlines), Render says FontUnusable and
    /// names the file.
    @Test func aCFFFontWhoseGlyphsCannotBeLoadedIsUnusableToRender() throws {
        let folder = try FontFixtures.folder("chevron-broken-cff")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        let looks = folder.appendingPathComponent("looks")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
        let inFolder = fonts.appendingPathComponent("ChevronBrokenCFF.otf").path
        let pinned = looks.appendingPathComponent("Pinned.otf").path
        try FontFixtures.damagedCFFFont("Chevron Broken CFF", at: inFolder)
        try FontFixtures.damagedCFFFont("Chevron Pinned CFF", at: pinned)
        try FIFOFontFileTests.manifest("matched", font: "{\"pattern\": \"Chevron Broken CFF\", \"size\": 12}")
            .write(to: looks.appendingPathComponent("matched.json"), atomically: true, encoding: .utf8)
        try FIFOFontFileTests.manifest("pinned", font: "{\"file\": \"Pinned.otf\", \"size\": 12}")
            .write(to: looks.appendingPathComponent("pinned.json"), atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--fonts-dir", fonts.path, "--looks-dir", looks.path])
        let client = try daemon.connect()
        for (look, file) in [("matched", inFolder), ("pinned", pinned)] {
            let size = try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": look])
            #expect(size.error == nil, "\(size.parameters)")
            #expect((size.parameters["font"] as? [String: Any])?["file"] as? String == file)
            let render = try client.call("io.chevron.BackButton.Render", ["title": "Back", "look": look])
            #expect(render.error == "io.chevron.Text.FontUnusable", "\(look): \(render.error ?? "") \(render.parameters)")
            #expect((render.parameters["message"] as? String)?.contains(file) == true, "\(render.parameters)")
            #expect(render.parameters["parameter"] as? String == "font")
        }
        #expect(try client.call("io.chevron.BackButton.Render", ["title": "Back", "look": "classic"]).error == nil)
    }

}
