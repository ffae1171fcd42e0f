import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// The fingerprint's cache file keeps the files of the last scan only.
@Suite(.serialized)
struct FileHashCacheTests {
    /// A cache file seeded with 100,000 lines for files that do not exist holds, after one daemon
    /// has computed its fingerprint, the files that daemon hashed and nothing else.
    @Test func theHashCacheKeepsOnlyTheFilesOfTheLastScan() throws {
        let folder = try FontFixtures.folder("chevron-hash-cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheHome = folder.appendingPathComponent("cache")
        let cacheFile = cacheHome.appendingPathComponent("chevron/file-hashes.tsv").path
        func lines() throws -> [Substring] {
            try String(contentsOfFile: cacheFile, encoding: .utf8).split(separator: "\n")
        }
        // A first daemon writes the cache as it writes it: its lines are the template.
        do {
            let daemon = try DaemonProcess([], environment: ["XDG_CACHE_HOME": cacheHome.path])
            _ = try FingerprintTests.fingerprint(try daemon.connect())
        }
        let first = try lines()
        let template = try #require(first.first)
        let fields = template.split(separator: "\t", omittingEmptySubsequences: false)
        let prefix = fields.dropLast().joined(separator: "\t")
        var seeded = first.joined(separator: "\n") + "\n"
        for number in 0..<100_000 {
            seeded += "\(prefix)\t/nonexistent-\(number % 100)/font-\(number).ttf\n"
        }
        try seeded.write(toFile: cacheFile, atomically: true, encoding: .utf8)
        #expect(try lines().count == first.count + 100_000)

        let daemon = try DaemonProcess([], environment: ["XDG_CACHE_HOME": cacheHome.path])
        let fingerprint = try FingerprintTests.fingerprint(try daemon.connect())
        let kept = try lines()
        let paths = kept.map { $0.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        #expect(kept.count == first.count, "\(kept.count) lines")
        #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        // The font files, the configuration files and nothing more (no manifests here).
        let hashed = (fingerprint["fontFiles"] as? Int ?? 0) + (fingerprint["configurationFiles"] as? Int ?? 0)
        #expect(kept.count <= hashed, "\(kept.count) lines for \(hashed) files")
    }
}
