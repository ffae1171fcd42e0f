import ChevronBuiltInLooks
import ChevronTestSupport
import ChevronText
import ChevronVarlink
import Dispatch
import Foundation
import Synchronization
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

    /// A cache of 100,000 lines for files that do not exist, and the files of one scan: saving
    /// keeps the scan's files only.
    @Test func savingKeepsOnlyTheFilesAskedForSinceTheLastSave() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFile = folder.appendingPathComponent("file-hashes.tsv").path
        let files = (0..<3).map { folder.appendingPathComponent("font-\($0).bin").path }
        for (number, file) in files.enumerated() {
            try Data(repeating: UInt8(number), count: 100).write(to: URL(fileURLWithPath: file))
        }
        // A first save writes the lines as the cache keeps them: the template of the seed.
        let first = FileHashes(cacheFile: cacheFile)
        for file in files { _ = first.hash(of: file) }
        first.save()
        let written = try String(contentsOfFile: cacheFile, encoding: .utf8).split(separator: "\n")
        #expect(written.count == 3)
        let prefix = try #require(written.first).split(separator: "\t", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "\t")
        var seeded = written.joined(separator: "\n") + "\n"
        for number in 0..<100_000 { seeded += "\(prefix)\t/nonexistent/font-\(number).ttf\n" }
        try seeded.write(toFile: cacheFile, atomically: true, encoding: .utf8)

        let second = FileHashes(cacheFile: cacheFile)
        for file in files { _ = second.hash(of: file) }
        second.save()
        let kept = try String(contentsOfFile: cacheFile, encoding: .utf8).split(separator: "\n")
        #expect(kept.count == 3)
        #expect(Set(kept.map { String($0.split(separator: "\t").last ?? "") }) == Set(files))
    }

    /// A service that is never asked for its fingerprint never opens the cache file: a FIFO there
    /// would block whoever opens it. And a fingerprint over a cache file that is a FIFO is
    /// computed without it.
    @Test func theCacheFileIsReadOnlyForAFingerprintAndOnlyWhenItIsAFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFile = folder.appendingPathComponent("file-hashes.tsv").path
        #expect(mkfifo(cacheFile, 0o600) == 0)
        let text = try TextEngine(configuration: TextEngine.Configuration())
        let service = try #require(
            Deadline.run(within: 5, releasing: [cacheFile]) { () -> ChevronService in
                var configuration = ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: nil)
                configuration.fingerprintCacheFile = cacheFile
                let service = ChevronService(configuration: configuration, text: text, ownerUID: geteuid())
                _ = service.handle(VarlinkCallForTests.size, context: VarlinkCallContext(peer: nil))
                return service
            }, "building a service and sizing a title opened the cache file"
        ).get()
        let fingerprint = try #require(
            Deadline.run(within: 60, releasing: [cacheFile]) { service.refreshFingerprint() },
            "computing the fingerprint blocked on the cache file that is a FIFO"
        ).get()
        #expect(fingerprint.value.count == 64)
    }

    /// The cache of the system's fonts and fontconfig's files (the lines a daemon keeps) is saved
    /// a line per file and loaded back; how long each takes is printed, not held to a bound
    /// (speed is measured in Benchmarks/, not asserted in tests).
    @Test func theSystemsFontsAreSavedALinePerFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFile = folder.appendingPathComponent("file-hashes.tsv").path
        let text = try TextEngine(configuration: TextEngine.Configuration())
        // The regular files among them (fontconfig lists its conf.d directory too).
        let files = Array(Set(text.installedFaces.map(\.file) + text.fontconfigFiles)).sorted()
            .filter { FileHashes.sha256(ofFile: $0) != nil }
        let first = FileHashes(cacheFile: cacheFile)
        for file in files { _ = first.hash(of: file) }
        first.save()

        var loads: [Duration] = []
        var saves: [Duration] = []
        for _ in 0..<5 {
            let hashes = FileHashes(cacheFile: cacheFile)
            let loading = ContinuousClock.now
            hashes.load()
            loads.append(ContinuousClock.now - loading)
            for file in files { _ = hashes.hash(of: file) }
            let saving = ContinuousClock.now
            hashes.save()
            saves.append(ContinuousClock.now - saving)
        }
        let lines = try String(contentsOfFile: cacheFile, encoding: .utf8).split(separator: "\n").count
        let load = try #require(loads.min())
        let save = try #require(saves.min())
        print("file-hashes.tsv: \(lines) lines, load \(load), save \(save) (best of 5)")
        #expect(lines == files.count)
    }
}

enum VarlinkCallForTests {
    static let size = VarlinkCall(
        method: "io.chevron.BackButton.Size", parameters: ["look": .string("classic"), "title": .string("Back")])
}

/// A file larger than the engine reads is not read to be hashed either.
struct OversizedFileHashTests {
    @Test func aFileOverTheFontLimitIsNotRead() throws {
        let folder = try FontFixtures.folder("chevron-sparse")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.ttf").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("OTTO".utf8)))
        // Sparse: 256 MiB and a byte, a byte past the engine's limit (docs/daemon.md).
        #expect(truncate(path, off_t((256 << 20) + 1)) == 0)
        let hash = FileHashes(cacheFile: nil).hash(of: path)
        #expect(hash.digest == "over the font size limit" && hash.size == (256 << 20) + 1, "\(hash)")
    }
}
