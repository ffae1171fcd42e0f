import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// The user's font directories: searched before the system's, rescanned on demand, and files
/// that are not fonts skipped and listed.
struct FontDirectoryTests {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func engine(_ directories: [String]) throws -> TextEngine {
        var configuration = TextEngine.Configuration()
        configuration.fontDirectories = directories
        return try TextEngine(configuration: configuration)
    }

    @Test func aFaceInTheDirectoryWinsATieWithTheSystemsCopy() throws {
        let folder = try FontFixtures.folder("chevron-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: Self.dejaVuSans, toPath: copy)
        let request = FontRequest(pattern: "DejaVu Sans", size: 12)
        // Without the directory: the system's file, as fc-match says.
        let system = try ExternalTools.fcMatch("DejaVu Sans").file
        #expect(system == Self.dejaVuSans)
        #expect(try sharedEngine.resolve(request).primary.file == system)
        let engine = try Self.engine([folder.path])
        #expect(try engine.resolve(request).primary.file == copy)
        #expect(try engine.measure("Settings", font: request).runs.first?.face.file == copy)
        #expect(engine.skippedFontFiles.isEmpty)
    }

    @Test func filesThatAreNotFontsAreSkippedAndListed() throws {
        let folder = try FontFixtures.folder("chevron-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("junk.ttf").path
        let empty = folder.appendingPathComponent("sub/empty.otf").path
        try FileManager.default.createDirectory(
            atPath: (empty as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not a font\n".utf8).write(to: URL(fileURLWithPath: junk))
        try Data().write(to: URL(fileURLWithPath: empty))
        let font = folder.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: Self.dejaVuSans, toPath: font)
        // fc-scan reads no font from either file, and one from the copy.
        for file in [junk, empty] {
            #expect((try ExternalTools.run("fc-scan", ["--format", "%{file}\n", file]) ?? "").isEmpty)
        }
        #expect(try ExternalTools.run("fc-scan", ["--format", "%{file}\n", font]) == font + "\n")
        let engine = try Self.engine([folder.path])
        #expect(engine.skippedFontFiles.sorted() == [empty, junk].sorted())
        #expect(
            try engine.measure("Back", font: FontRequest(pattern: "DejaVu Sans", size: 12)).runs.first?.face.file
                == font)
    }

    @Test func aMissingDirectoryIsRefused() throws {
        let missing = "/nonexistent-\(UUID().uuidString)"
        #expect(throws: TextError.self) { _ = try Self.engine([missing]) }
        #expect(!TextEngine.isFontDirectory(missing))
        #expect(!TextEngine.isFontDirectory(Self.dejaVuSans), "a file is not a directory")
    }

    @Test func aRescanFindsAFontAddedAfterStart() throws {
        let folder = try FontFixtures.folder("chevron-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = try Self.engine([folder.path])
        let request = FontRequest(pattern: "SF Pro Text", size: 17)
        let before = try engine.measure("Settings", font: request)
        #expect(before.substituted)
        #expect(before.primary.file == (try ExternalTools.fcMatch("SF Pro Text").file))
        let copy = try FontFixtures.sfProTextCopy(in: folder)
        #expect(
            try engine.measure("Settings", font: request).primary.file == before.primary.file, "not before a rescan")
        try engine.rescanFonts()
        let after = try engine.measure("Settings", font: request)
        #expect(!after.substituted)
        #expect(after.primary.file == copy && after.primary.family == "SF Pro Text")
        let expected = try ExternalTools.hbShapeWidth(file: copy, text: "Settings", size: 17)
        #expect(abs(after.width - expected) < 1e-9)
        #expect(abs(before.width - expected) > 0.1, "the substitute measures otherwise")
    }
}
