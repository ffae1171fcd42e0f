import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// Over the socket: missingGlyphs, the requested font and `substituted`, a variable face's
/// coordinates, and the user's font directories (`--fonts-dir`, rescanned on SIGHUP and Reload).
@Suite(.serialized)
struct TrustMethodTests {
    static let unassigned = "\u{0378}"

    /// The font object of a layout.
    static func font(_ layout: [String: Any]) throws -> [String: Any] {
        try #require(layout["font"] as? [String: Any])
    }

    @Test func sizeSizeManyAndRenderCountMissingGlyphsAndNameTheRequestedFont() throws {
        try #require(try ExternalTools.filesCovering(Unicode.Scalar(0x0378)!).isEmpty, "fc-list: no font has U+0378")
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let title = "A\(Self.unassigned)B\(Self.unassigned)"
        let size = try client.call("io.chevron.BackButton.Size", ["title": title])
        #expect(size.error == nil)
        #expect(size.parameters["missingGlyphs"] as? Int == 2)
        let classic = try Self.font(size.parameters)
        #expect(classic["requested"] as? String == "Helvetica:bold")
        #expect(classic["substituted"] as? Bool == false)
        #expect(classic["family"] as? String == (try ExternalTools.fcMatch("Helvetica:bold").family))
        #expect(try client.call("io.chevron.BackButton.Size", ["title": "AB"]).parameters["missingGlyphs"] as? Int == 0)

        let many = try client.call(
            "io.chevron.BackButton.SizeMany",
            ["requests": [["title": title], ["title": "Back", "look": "modern"], ["title": "设置" + Self.unassigned]]])
        let layouts = try #require(many.parameters["results"] as? [[String: Any]]).compactMap {
            $0["layout"] as? [String: Any]
        }
        #expect(layouts.map { $0["missingGlyphs"] as? Int } == [2, 0, 1])
        let modern = try Self.font(layouts[1])
        #expect(modern["requested"] as? String == "SF Pro Text")
        #expect(modern["substituted"] as? Bool == true)
        #expect(modern["family"] as? String == (try ExternalTools.fcMatch("SF Pro Text").family))

        let render = try client.call("io.chevron.BackButton.Render", ["title": title])
        #expect((render.parameters["layout"] as? [String: Any])?["missingGlyphs"] as? Int == 2)
    }

    @Test func measureTextAndResolveFontSaySubstitutedAndTheCoordinates() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        for (pattern, substituted) in [("SF Pro Text", true), ("Helvetica:bold", false), ("Arial", false)] {
            let measured = try client.call(
                "io.chevron.Text.MeasureText", ["text": "Hi", "font": ["pattern": pattern, "size": 17]])
            #expect(measured.parameters["substituted"] as? Bool == substituted, "\(pattern)")
            let resolved = try client.call("io.chevron.Text.ResolveFont", ["font": ["pattern": pattern]])
            #expect(resolved.parameters["substituted"] as? Bool == substituted, "\(pattern)")
        }
        let pattern = "Inter:variable=true:weight=190"
        let fields = try ExternalTools.fcMatchFields(pattern, format: "%{file}|%{fontvariations}")
        let reply = try client.call(
            "io.chevron.Text.MeasureText", ["text": "Settings", "font": ["pattern": pattern, "size": 17]])
        let face = try #require((reply.parameters["runs"] as? [[String: Any]])?.first?["face"] as? [String: Any])
        #expect(face["file"] as? String == fields[0])
        #expect(face["variations"] as? String == fields[1])
        let expected = try ExternalTools.hbShapeWidth(
            file: fields[0], text: "Settings", size: 17, variations: [fields[1]])
        #expect(abs((reply.double("width") ?? 0) - expected) < 1e-9)
        // A static face has no coordinates: the optional field is left out.
        let plain = try client.call("io.chevron.Text.MeasureText", ["text": "Hi"])
        let plainFace = try #require((plain.parameters["runs"] as? [[String: Any]])?.first?["face"] as? [String: Any])
        #expect(plainFace["variations"] == nil)
    }

    /// The key case, through the daemon: the user's "SF Pro Text" (Liberation Sans renamed with
    /// fontTools) in --fonts-dir; a file that is not a font beside it is logged and skipped.
    @Test func theModernLookMeasuresWithTheFontInFontsDir() throws {
        let folder = try FontFixtures.folder("chevrond-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try FontFixtures.sfProTextCopy(in: folder)
        let junk = folder.appendingPathComponent("notes.otf")
        try Data("not a font".utf8).write(to: junk)
        let daemon = try DaemonProcess(["--fonts-dir", folder.path])
        let client = try daemon.connect()
        #expect(daemon.waitForLog("skipped \(junk.path)"), "\(daemon.log)")
        let title = "Settings"
        let reply = try client.call("io.chevron.BackButton.Size", ["title": title, "look": "modern"])
        let font = try Self.font(reply.parameters)
        #expect(font["substituted"] as? Bool == false)
        #expect(font["file"] as? String == copy)
        #expect(font["family"] as? String == "SF Pro Text")
        // docs/looks.md, "modern": 17 pt, kerning on, −0.41 per grapheme cluster; 8 + 13 + 6 + text, snapped up, ≥ 50.
        let textWidth = try ExternalTools.hbShapeWidth(file: copy, text: title, size: 17) - 0.41 * Double(title.count)
        #expect(abs((reply.double("textWidth") ?? 0) - textWidth) < 1e-9)
        #expect(reply.double("width") == max(27 + textWidth + 0.41, 50).rounded(.up))  // + the last tracking
        #expect(daemon.process.isRunning)
    }

    @Test func sighupAndReloadRescanTheFontsDir() throws {
        let folder = try FontFixtures.folder("chevrond-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try DaemonProcess(["--fonts-dir", folder.path])
        let client = try daemon.connect()
        let before = try client.call("io.chevron.BackButton.Size", ["title": "Settings", "look": "modern"])
        #expect(try Self.font(before.parameters)["substituted"] as? Bool == true)

        let copy = try FontFixtures.sfProTextCopy(in: folder)
        daemon.send(signal: SIGHUP)
        #expect(daemon.waitForLog("reloaded: generation 2"))
        let after = try client.call("io.chevron.BackButton.Size", ["title": "Settings", "look": "modern"])
        #expect(try Self.font(after.parameters)["substituted"] as? Bool == false)
        #expect(try Self.font(after.parameters)["file"] as? String == copy)

        // The Reload method rescans too: a copy of DejaVu Sans now wins over the system's.
        let dejaVu = folder.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: dejaVu)
        let reload = try client.call("io.chevron.Service.Reload")
        #expect(reload.error == nil)
        let resolved = try client.call("io.chevron.Text.ResolveFont", ["font": ["pattern": "DejaVu Sans"]])
        #expect((resolved.parameters["primary"] as? [String: Any])?["file"] as? String == dejaVu)
    }

    @Test func aMissingFontsDirIsAUsageError() throws {
        let missing = "/nonexistent-\(UUID().uuidString)"
        let daemon = try DaemonProcess(["--fonts-dir", missing], waitForSocket: false)
        #expect(daemon.waitForExit() == 64)  // ArgumentParser's validation failure (EX_USAGE)
        #expect(daemon.log.contains(missing))
    }

    /// A manifest pinning a font file; edited to pin a file that is not a font, SIGHUP logs the
    /// manifest's error (`font.file`) and the previous look keeps serving.
    @Test func aPinnedFontThatBreaksOnReloadKeepsThePreviousLook() throws {
        let looks = try FontFixtures.folder("chevrond-looks")
        defer { try? FileManager.default.removeItem(at: looks) }
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
        func manifest(_ file: String) -> String {
            """
            {"name": "pinned", "font": {"file": "\(file)", "size": 12},
             "height": 30, "art": {"width": 50, "leftCap": 15}, "titleInsets": {"left": 15, "right": 10},
             "padding": 25, "maximumWidth": 200, "overflow": "truncate"}
            """
        }
        try manifest(serif).write(to: looks.appendingPathComponent("pinned.json"), atomically: true, encoding: .utf8)
        try "not a font".write(to: looks.appendingPathComponent("junk.ttf"), atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--looks-dir", looks.path])
        let client = try daemon.connect()
        let first = try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "pinned"])
        #expect(try Self.font(first.parameters)["file"] as? String == serif)
        let back = try ExternalTools.hbShapeWidth(file: serif, text: "Back", size: 12)
        #expect(abs((first.double("textWidth") ?? 0) - back) < 1e-9)

        try manifest("junk.ttf").write(
            to: looks.appendingPathComponent("pinned.json"), atomically: true, encoding: .utf8)
        daemon.send(signal: SIGHUP)
        #expect(daemon.waitForLog("reloaded: generation 2"))
        #expect(daemon.log.contains("font.file"), "\(daemon.log)")
        let second = try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "pinned"])
        #expect(try Self.font(second.parameters)["file"] as? String == serif)
    }
}
