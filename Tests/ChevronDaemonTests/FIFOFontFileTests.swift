import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// A manifest's `font.file` that is a FIFO is a manifest problem, found without opening it for
/// reading (which would wait for a writer): start-up and every Reload go on.
@Suite(.serialized)
struct FIFOFontFileTests {
    /// A manifest over `font` (a JSON object) named `name`, sized as LifecycleTests' good one.
    static func manifest(_ name: String, font: String) -> String {
        """
        {"name": "\(name)", "font": \(font), "height": 30, "art": {"width": 50, "leftCap": 15},
         "titleInsets": {"left": 15, "right": 10}, "padding": 25, "maximumWidth": 200, "overflow": "truncate"}
        """
    }

    /// A manifest whose `font.file` is a FIFO: chevrond is READY within seconds and names the
    /// problem, and each Reload returns with the same problem. (A reader blocked opening the FIFO
    /// is let go after 15 s by opening it for writing, so that a failing test ends.)
    @Test func aManifestFontFileThatIsAFIFOBlocksNeitherStartNorReload() throws {
        let folder = try FontFixtures.folder("chevron-fifo-look")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.otf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let manifest = folder.appendingPathComponent("piped.json").path
        try Self.manifest("piped", font: "{\"file\": \"Pipe.otf\", \"size\": 12}")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try LifecycleTests.goodManifest.write(
            to: folder.appendingPathComponent("wide.json"), atomically: true, encoding: .utf8)
        let release = FIFORelease(fifo, after: 15)
        defer { release.stop() }
        do {
            let listener = try DatagramListener()
            let daemon = try DaemonProcess(
                ["--looks-dir", folder.path], environment: ["NOTIFY_SOCKET": listener.path], waitForSocket: false)
            _ = try listener.receive(until: { $0.contains("READY=1") })
            // Ready without anyone having had to let a reader of the FIFO go.
            #expect(!release.letAReaderGo, "the start waited on the FIFO")
            #expect(daemon.log.contains("\(manifest): font.file: \(fifo) is a FIFO"), "\(daemon.log)")
            let client = try daemon.connect()
            for _ in 0..<2 {
                let reload = try client.call("io.chevron.Service.Reload")
                #expect(reload.error == nil, "\(reload.parameters)")
                let problems = reload.parameters["problems"] as? [[String: String]] ?? []
                #expect(
                    problems.contains {
                        $0["file"] == manifest && $0["field"] == "font.file" && $0["reason"]?.contains(fifo) == true
                    }, "\(problems)")
            }
            #expect(try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "wide"]).error == nil)
            #expect(
                try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "piped"]).error
                    == "io.chevron.BackButton.UnknownLook")
        }
    }
}
