import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// How a fonts folder is walked: symbolic links that loop lead back to a directory walked
/// already, and the walk stops 16 directories down.
struct FontFolderWalkTests {
    /// Liberation Sans renamed `family`, written to `path`.
    static func font(_ family: String, at path: String) throws {
        try FontFixtures.renamedCopy(
            of: FontFixtures.liberationSans, to: path,
            names: [1: family, 16: family, 4: "\(family) Regular", 6: family.filter { $0 != " " } + "-Regular"])
    }

    /// `a -> .` and `b -> .` beside one font: every path through the links leads back to the
    /// folder, which is walked once, so the font is listed once and the scan takes no time.
    @Test func linksThatLoopAreWalkedOnce() throws {
        let folder = try FontFixtures.folder("chevron-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("ChevronLoopTest.ttf").path
        try Self.font("Chevron Loop Test", at: font)
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: ".")
        }
        // The engine is made at all: a walk that followed the loops would never end.
        let engine = try FontDirectoryTests.engine([folder.path])
        let faces = engine.installedFaces.filter { $0.file.hasPrefix(folder.path) }
        #expect(faces.map(\.file) == [font])
        #expect(engine.skippedFontFiles.isEmpty)
        let measured = try engine.measure("Back", font: FontRequest(pattern: "Chevron Loop Test", size: 17))
        #expect(measured.primary.file == font)
    }

    /// A font 16 directories below the folder is found; one 17 below is not.
    @Test func theWalkGoesSixteenDirectoriesDeep() throws {
        let folder = try FontFixtures.folder("chevron-deep")
        defer { try? FileManager.default.removeItem(at: folder) }
        var directory = folder
        var found = ""
        var tooDeep = ""
        for depth in 1...17 {
            directory = directory.appendingPathComponent("d\(depth)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if depth == 16 { found = directory.appendingPathComponent("Deep16.ttf").path }
            if depth == 17 { tooDeep = directory.appendingPathComponent("Deep17.ttf").path }
        }
        try FileManager.default.copyItem(atPath: FontFixtures.liberationSans, toPath: found)
        try FileManager.default.copyItem(atPath: FontFixtures.liberationSans, toPath: tooDeep)
        let engine = try FontDirectoryTests.engine([folder.path])
        #expect(engine.installedFaces.filter { $0.file.hasPrefix(folder.path) }.map(\.file) == [found])
    }
}
