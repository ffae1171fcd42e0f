import Crypto
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SHA-256 hashes of files, remembered by path with the file's size, modification time, status
/// change time and inode, so that a fingerprint reads only the files that changed since it last
/// ran. The status change time (ctime) is what no one can set back: a file rewritten in place
/// with its modification time restored (`touch -r`) keeps its size, inode and mtime, but its
/// ctime moves, and it is read again. The memo is also kept in a
/// cache file (one line per file), so a new process (`chevron --local`, a restarted daemon)
/// does not read every font again; a cache that cannot be read or written is only slower.
final class FileHashes: Sendable {
    /// A file's size in bytes (-1 when it cannot be read) and the SHA-256 of its bytes in hex.
    struct Hash: Sendable, Hashable {
        var size: Int
        var digest: String
    }

    private struct Stamp: Hashable {
        var size: Int
        var modified: Int
        var changed: Int
        var inode: UInt
    }

    private let memo = Mutex<[String: (stamp: Stamp, digest: String)]>([:])
    private let cacheFile: String?

    /// A memo kept in `cacheFile` (nil keeps it in memory only).
    init(cacheFile: String?) {
        self.cacheFile = cacheFile
        guard let cacheFile, let text = Self.readText(cacheFile) else { return }
        var loaded: [String: (stamp: Stamp, digest: String)] = [:]
        // size, mtime, ctime, inode, digest, path; a line of another shape is ignored.
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, let size = Int(fields[0]), let modified = Int(fields[1]),
                let changed = Int(fields[2]), let inode = UInt(fields[3]), fields[4].utf8.count == 64
            else { continue }
            loaded[String(fields[5])] = (
                Stamp(size: size, modified: modified, changed: changed, inode: inode), String(fields[4])
            )
        }
        memo.withLock { $0 = loaded }
    }

    /// The default cache file: `$XDG_CACHE_HOME/chevron/file-hashes.tsv`, else under `~/.cache`.
    static func defaultCacheFile(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/chevron/file-hashes.tsv" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/chevron/file-hashes.tsv" }
        return nil
    }

    /// The hash of the file at `path`: remembered when its size, modification time, status
    /// change time and inode are unchanged, else read now.
    func hash(of path: String) -> Hash {
        var info = stat()
        guard stat(path, &info) == 0 else { return Hash(size: -1, digest: "missing") }
        let stamp = Stamp(
            size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
            changed: Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec), inode: UInt(info.st_ino))
        if let known = memo.withLock({ $0[path] }), known.stamp == stamp {
            return Hash(size: stamp.size, digest: known.digest)
        }
        guard let digest = Self.sha256(ofFile: path) else { return Hash(size: -1, digest: "unreadable") }
        memo.withLock { $0[path] = (stamp, digest) }
        return Hash(size: stamp.size, digest: digest)
    }

    /// Writes the memo to the cache file (a temporary file renamed over it, so readers never see
    /// half a file); does nothing when there is no cache file or it cannot be written.
    func save() {
        guard let cacheFile else { return }
        let lines = memo.withLock { memo in
            // A path with a tab or line break would not read back; it is hashed again next time.
            memo.filter { !$0.key.contains("\n") && !$0.key.contains("\t") }.map { path, entry in
                let stamp = entry.stamp
                return "\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)\t\(stamp.inode)\t\(entry.digest)\t\(path)\n"
            }
        }
        let directory = String(cacheFile[..<(cacheFile.lastIndex(of: "/") ?? cacheFile.startIndex)])
        Self.makeDirectories(directory)
        let temporary = cacheFile + ".\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(lines.joined().utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == bytes.count { rename(temporary, cacheFile) } else { unlink(temporary) }
    }

    /// The SHA-256 of a file's bytes in hex, read 1 MiB at a time; nil when it cannot be read.
    static func sha256(ofFile path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
        return hasher.finalize().hex
    }

    private static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0, bytes.count < 64 << 20 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func makeDirectories(_ path: String) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            mkdir(prefix, 0o700)
        }
    }
}
