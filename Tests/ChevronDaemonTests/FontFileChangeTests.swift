import ChevronTestSupport
import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

/// Font files are shared, replaceable things (package upgrades rewrite them): no change to a
/// file in use may crash the daemon. A font truncated in place while the daemon uses it: calls
/// keep answering from the bytes read before, and the next rescan skips the file.
@Suite(.serialized)
struct FontFileChangeTests {
    static let adlam = "/usr/share/fonts/truetype/noto/NotoSansAdlam-Regular.ttf"

    @Test func aFontTruncatedInPlaceNeverCrashesTheDaemon() throws {
        try #require(FileManager.default.fileExists(atPath: Self.adlam), "fonts-noto-core is installed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID().uuidString)")
        let fonts = folder.appendingPathComponent("fonts")
        let looks = folder.appendingPathComponent("looks")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = fonts.appendingPathComponent("NotoSansAdlam-Regular.ttf").path
        try FileManager.default.copyItem(atPath: Self.adlam, toPath: copy)
        try LifecycleTests.goodManifest.replacingOccurrences(of: "\"wide\"", with: "\"adlam\"")
            .replacingOccurrences(of: "Helvetica:bold", with: "Noto Sans Adlam")
            .write(to: looks.appendingPathComponent("adlam.json"), atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--fonts-dir", fonts.path, "--looks-dir", looks.path])
        let client = try daemon.connect()

        let first = try client.call("io.chevron.BackButton.Size", ["title": "𞤀𞤁𞤂 Settings 1", "look": "adlam"])
        #expect(first.error == nil, "\(first.parameters)")
        #expect((first.parameters["font"] as? [String: Any])?["file"] as? String == copy, "the fonts folder's copy")

        // Truncated in place, as a careless upgrade would: pages past the new end are gone.
        #expect(truncate(copy, 1000) == 0)
        for (method, title) in [
            ("io.chevron.BackButton.Size", "𞤃𞤄𞤅 Other 2"), ("io.chevron.BackButton.Render", "𞤆𞤇 Third 3"),
            ("io.chevron.Text.MeasureText", "𞤈𞤉𞤊𞤋"),
        ] {
            let parameters: [String: Any] =
                method.hasSuffix("MeasureText")
                ? ["text": title, "font": ["pattern": "Noto Sans Adlam"]] : ["title": title, "look": "adlam"]
            let reply = try client.call(method, parameters)
            // The face measured before the change answers from the bytes it read then.
            #expect(reply.error == nil, "\(method): \(reply.error ?? "") \(reply.parameters)")
        }
        #expect(try client.call("org.varlink.service.GetInfo").error == nil, "the daemon is alive")

        // The next rescan reopens the face: the copy is no font any more and is skipped, so the
        // system's Noto Sans Adlam answers.
        let reload = try client.call("io.chevron.Service.Reload")
        #expect(reload.error == nil)
        let problems = reload.parameters["problems"] as? [[String: String]] ?? []
        #expect(problems.contains { $0["file"] == copy && $0["field"] == "fonts" }, "\(problems)")
        let after = try client.call("io.chevron.BackButton.Size", ["title": "𞤌𞤍 Fourth 4", "look": "adlam"])
        #expect(after.error == nil, "\(after.parameters)")
        #expect((after.parameters["font"] as? [String: Any])?["file"] as? String == Self.adlam)
        // SIGHUP logs it.
        daemon.send(signal: SIGHUP)
        #expect(daemon.waitForLog("skipped \(copy)"))
    }
}

/// Drawing from several worker threads at once, while SIGHUP rescans the fonts, never crashes
/// the daemon (cairo's FreeType faces are not safe to create and release from two threads at
/// once).
@Suite(.serialized)
struct ConcurrentRenderTests {
    @Test func rendersFromManyConnectionsDuringReloadsNeverCrash() throws {
        let daemon = try DaemonProcess()
        let titles = ["Settings", "설정 🎉", "مرحبا 123", "Ünïcödé Back"]
        let failures = Mutex(0)
        let path = daemon.socketPath
        let pid = daemon.process.processIdentifier
        DispatchQueue.concurrentPerform(iterations: 8) { connection in
            do {
                let client = try VarlinkTestClient(path: path)
                for call in 0..<150 {
                    let reply = try client.call(
                        "io.chevron.BackButton.Render",
                        [
                            "title": titles[(connection + call) % titles.count],
                            "look": call % 2 == 0 ? "classic" : "modern",
                        ])
                    if reply.error != nil { failures.withLock { $0 += 1 } }
                    if connection == 0, call % 5 == 0 { kill(pid, SIGHUP) }
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(try daemon.connect().call("org.varlink.service.GetInfo").error == nil, "the daemon is alive")
    }
}
