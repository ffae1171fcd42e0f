import ChevronCheck
import Foundation
import Testing

/// What `chevron check` reads and what it refuses: files and titles within their limits,
/// standard input read with a bound, UTF-16 without a byte-order mark, and `.xcloc` bundles
/// whose symbolic links lead out of them (docs/check.md, "Limits").
struct ReadingBoundsTests {
    /// A new folder, removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-bounds-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: UTF-16 without a byte-order mark

    /// UTF-16 `.strings` without a byte-order mark is told by its zero bytes, little- and
    /// big-endian, as Xcode reads such files.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func utf16WithoutAByteOrderMarkIsRead(encoding: String.Encoding) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("de.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = "/* Zurück */\n\"back\" = \"Zurück\";\n\"inbox\" = \"收件箱\";\n"
        let data = try #require(text.data(using: encoding))
        #expect(data.first != 0xFF && data.first != 0xFE)
        try data.write(to: url)
        let entries = try TitleFile.read(url.path)
        #expect(entries.map(\.key) == ["back", "inbox"])
        #expect(entries.map(\.title) == ["Zurück", "收件箱"])
        #expect(entries.map(\.line) == [2, 3])
    }
}
