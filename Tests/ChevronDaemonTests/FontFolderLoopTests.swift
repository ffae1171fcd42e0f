import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// A fonts folder whose symbolic links loop is walked once per directory.
@Suite(.serialized)
struct FontFolderLoopTests {
    /// A fonts folder holding `a -> .`, `b -> .` and one font: chevrond is READY within seconds,
    /// the font is used, and the fingerprint counts it once (fc-list's faces and files, plus one).
    @Test func linksThatLoopInTheFontsFolderCostNothing() throws {
        let folder = try FontFixtures.folder("chevron-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("ChevronLoopTest.ttf").path
        try FontFixtures.renamedCopy(
            of: FontFixtures.liberationSans, to: font,
            names: [
                1: "Chevron Loop Test", 16: "Chevron Loop Test", 4: "Chevron Loop Test Regular", 6: "ChevronLoopTest",
            ])
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: ".")
        }
        let listener = try DatagramListener()
        let daemon = try DaemonProcess(
            ["--fonts-dir", folder.path], environment: ["NOTIFY_SOCKET": listener.path], waitForSocket: false)
        // Ready at all: a walk that followed the loops would never end (the folder's one font is
        // found once, below, and counted once by the fingerprint).
        _ = try listener.receive(until: { $0.contains("READY=1") })
        let client = try daemon.connect()
        let measured = try client.call(
            "io.chevron.Text.MeasureText", ["text": "Back", "font": ["pattern": "Chevron Loop Test", "size": 17]])
        let runs = measured.parameters["runs"] as? [[String: Any]] ?? []
        #expect((runs.first?["face"] as? [String: Any])?["file"] as? String == font, "\(measured.parameters)")

        let fingerprint = try FingerprintTests.fingerprint(client)
        let listed = try #require(try ExternalTools.run("fc-list", ["-f", "%{file}\t%{index}\n"]))
        let faces = Set(listed.split(separator: "\n").map(String.init))
        let files = Set(faces.map { $0.split(separator: "\t")[0] })
        #expect(fingerprint["faces"] as? Int == faces.count + 1)
        #expect(fingerprint["fontFiles"] as? Int == files.count + 1)
    }
}
