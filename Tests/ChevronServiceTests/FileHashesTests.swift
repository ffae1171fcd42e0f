import Foundation
import Testing

@testable import ChevronService

/// The fingerprint's memo of file hashes and its cache file.
@Suite struct FileHashesTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-hashes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Bytes rewritten in place, the size, inode and modification time as before: the change of
    /// status time (ctime) says the file changed, so it is read again.
    @Test func aFileRewrittenInPlaceWithItsModificationTimePutBackIsReadAgain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("font.bin").path
        try Data(repeating: 1, count: 4096).write(to: URL(fileURLWithPath: file))
        let hashes = FileHashes(cacheFile: nil)
        let before = hashes.hash(of: file)
        var old = stat()
        stat(file, &old)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.write(contentsOf: Data(repeating: 2, count: 4096))
        try handle.close()
        var times = [old.st_atim, old.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        var new = stat()
        stat(file, &new)
        try #require(new.st_ino == old.st_ino && new.st_size == old.st_size)
        try #require(new.st_mtim.tv_sec == old.st_mtim.tv_sec && new.st_mtim.tv_nsec == old.st_mtim.tv_nsec)
        let after = hashes.hash(of: file)
        #expect(after.digest != before.digest)
        #expect(after.digest == FileHashes.sha256(ofFile: file))
    }
}
