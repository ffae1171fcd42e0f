import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// Entries of a fonts folder, and pinned font files, that are not regular files: a FIFO or a
/// device is never opened (opening a FIFO waits for a writer), and is listed as skipped.
struct FontFileKindTests {
    @Test func aFIFOInAFontFolderIsSkippedWithoutBeingOpened() throws {
        let folder = try FontFixtures.folder("chevron-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let font = folder.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: FontDirectoryTests.dejaVuSans, toPath: font)
        let outcome = try #require(
            Deadline.run(within: 5, releasing: [fifo]) { try FontDirectoryTests.engine([folder.path]) },
            "building the engine waited on the FIFO")
        let engine = try outcome.get()
        #expect(engine.skippedFontFiles == [fifo])
        #expect(engine.installedFaces.filter { $0.file.hasPrefix(folder.path) }.map(\.file) == [font])
    }

    @Test func aLinkToADeviceInAFontFolderIsSkippedAndListed() throws {
        let folder = try FontFixtures.folder("chevron-device")
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = folder.appendingPathComponent("Zero.ttf").path
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/zero")
        let engine = try FontDirectoryTests.engine([folder.path])
        #expect(engine.skippedFontFiles == [device])
    }

    @Test func aPinnedFontFileThatIsAFIFOIsRefusedAtOnce() throws {
        let folder = try FontFixtures.folder("chevron-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.otf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let outcome = try #require(
            Deadline.run(within: 5, releasing: [fifo]) { try TextEngine.face(ofFile: fifo) },
            "reading the pinned file waited on the FIFO")
        #expect(throws: TextError.self) { try outcome.get() }
        if case .failure(let error as TextError) = outcome {
            #expect(error.message.contains(fifo) && error.message.contains("FIFO"), "\(error)")
        }
    }
}
