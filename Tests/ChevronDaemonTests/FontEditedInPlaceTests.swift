import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// A font rewritten in place, its size, inode and modification time as before, is hashed again:
/// the fingerprint moves.
@Suite(.serialized)
struct FontEditedInPlaceTests {
    /// The font's bytes rewritten in place (same inode, same size) and its modification time put
    /// back with `touch -r`: the fonts part changes at the next Reload, and so does the width.
    @Test func aFontRewrittenInPlaceWithItsModificationTimeRestoredChangesTheFingerprint() throws {
        let folder = try FontFixtures.folder("chevron-edit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let font = fonts.appendingPathComponent("ChevronEditTest.ttf").path
        try FontFixtures.renamedCopy(
            of: FontFixtures.liberationSans, to: font,
            names: [1: "Chevron Edit Test", 16: "Chevron Edit Test", 4: "Chevron Edit Test Regular", 6: "ChevronEditTest"])
        // The same font with every advance doubled: the same tables, the same size.
        let wider = folder.appendingPathComponent("Wider.ttf").path
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1])
            metrics = font["hmtx"].metrics
            for name in metrics:
                advance, bearing = metrics[name]
                metrics[name] = (advance * 2, bearing)
            font.save(sys.argv[2])
            """
        _ = try ExternalTools.run("python3", ["-c", script, font, wider])
        let widerBytes = try Data(contentsOf: URL(fileURLWithPath: wider))
        try #require(widerBytes.count == (try Data(contentsOf: URL(fileURLWithPath: font))).count, "the same size")

        let daemon = try DaemonProcess(
            ["--fonts-dir", fonts.path], environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        let client = try daemon.connect()
        let before = try FingerprintTests.fingerprint(client)
        let request: [String: Any] = ["text": "Back", "font": ["pattern": "Chevron Edit Test", "size": 17]]
        let widthBefore = try #require(try client.call("io.chevron.Text.MeasureText", request).double("width"))

        var old = stat()
        stat(font, &old)
        let stamp = folder.appendingPathComponent("stamp").path
        _ = try ExternalTools.run("touch", ["-r", font, stamp])
        let handle = try #require(FileHandle(forWritingAtPath: font))
        try handle.write(contentsOf: widerBytes)
        try handle.close()
        _ = try ExternalTools.run("touch", ["-r", stamp, font])
        var new = stat()
        stat(font, &new)
        try #require(new.st_ino == old.st_ino && new.st_size == old.st_size)
        try #require(new.st_mtim.tv_sec == old.st_mtim.tv_sec && new.st_mtim.tv_nsec == old.st_mtim.tv_nsec)

        #expect(try client.call("io.chevron.Service.Reload").error == nil)
        let after = try FingerprintTests.fingerprint(client)
        #expect(FingerprintTests.parts(after)["fonts"] != FingerprintTests.parts(before)["fonts"])
        #expect(after["fingerprint"] as? String != before["fingerprint"] as? String)
        let widthAfter = try #require(try client.call("io.chevron.Text.MeasureText", request).double("width"))
        #expect(abs(widthAfter - (try ExternalTools.hbShapeWidth(file: font, text: "Back", size: 17))) < 1e-9)
        #expect(widthAfter > widthBefore * 1.5, "\(widthBefore) → \(widthAfter)")
    }
}
