import ChevronBuiltInLooks
import ChevronLooks
import ChevronTestSupport
import Foundation
import Testing

/// A manifest, or the font file it pins, that is not a regular file (a FIFO) is a manifest
/// problem found at once: nothing waits on a FIFO.
struct ManifestFileKindTests {
    static let manifest = """
        {"name": "piped", "font": {"file": "Pipe.otf", "size": 12}, "height": 32, "art": {"width": 40, "leftCap": 16},
         "titleInsets": {"left": 15, "right": 10}, "padding": 25, "maximumWidth": 170, "overflow": "truncate"}
        """

    @Test func aPinnedFontFileThatIsAFIFOIsAProblemNamingIt() throws {
        let folder = try FontFixtures.folder("chevron-fifo-looks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.otf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = folder.appendingPathComponent("piped.json").path
        try Self.manifest.write(toFile: file, atomically: true, encoding: .utf8)
        let loaded = try #require(
            Deadline.run(within: 5, releasing: [fifo]) { ManifestLoader.load(directory: folder.path).problems },
            "loading the manifest waited on the FIFO")
        let problems = try loaded.get()
        #expect(problems.count == 1)
        #expect(problems.first?.file == file)
        #expect(problems.first?.field == "font.file")
        #expect(problems.first?.reason == "\(fifo) is a FIFO, not a regular file", "\(problems)")
    }

    @Test func aManifestThatIsAFIFOIsAProblem() throws {
        let folder = try FontFixtures.folder("chevron-fifo-looks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("piped.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let loaded = try #require(
            Deadline.run(within: 5, releasing: [fifo]) { ManifestLoader.load(directory: folder.path).problems },
            "loading the manifest waited on the FIFO")
        let problems = try loaded.get()
        #expect(problems.map(\.file) == [fifo])
        #expect(problems.first?.reason == "is a FIFO, not a regular file", "\(problems)")
    }
}
