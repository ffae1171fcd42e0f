import ChevronText
import Crypto
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SHA-256 hashes of files, remembered by path with the file's size, modification time, status
/// change time and inode, so that a fingerprint reads only the files that changed since it last
/// ran. The status change time (ctime) is what no one can set back: a file rewritten in place
/// with its modification time restored (`touch -r`) keeps its size, inode and mtime, but its
/// ctime moves, and it is read again.
///
/// The memo is also kept in a cache file (one line per file), so a new process (`chevron
/// --local`, a restarted daemon) does not read every font again. The file is read on the first
/// hash asked for, not before: a process that never computes a fingerprint never reads it. It
/// holds the files of the last scan only: `save` keeps the files asked for since the previous
/// save and forgets the rest, so files that are gone (a deleted fonts folder) leave it at the
/// next fingerprint. A cache that cannot be read or written is only slower.
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

    private struct Entry {
        var stamp: Stamp
        var digest: String
    }

    private struct State {
        /// Whether the cache file was read (or there is none).
        var loaded = false
        var memo: [String: Entry] = [:]
        /// The paths asked for since the last save: the scan `save` keeps.
        var asked: Set<String> = []
    }

    private let state = Mutex(State())
    private let cacheFile: String?

    /// The longest cache file read (a system's fonts take about 200 bytes a file).
    static let cacheFileLimit = 64 << 20

    /// A memo kept in `cacheFile` (nil keeps it in memory only). Nothing is read yet.
    init(cacheFile: String?) {
        self.cacheFile = cacheFile
        if cacheFile == nil { state.withLock { $0.loaded = true } }
    }

    /// The default cache file: `$XDG_CACHE_HOME/chevron/file-hashes.tsv`, else under `~/.cache`.
    static func defaultCacheFile(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/chevron/file-hashes.tsv" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/chevron/file-hashes.tsv" }
        return nil
    }

    /// Reads the cache file into the memo, once; entries hashed meanwhile are kept.
    func load() {
        guard let cacheFile, !state.withLock({ $0.loaded }) else { return }
        let loaded: [String: Entry]
        switch RegularFile.read(cacheFile, limit: Self.cacheFileLimit) {
        case .success(let bytes): loaded = Self.parse(bytes)
        case .failure: loaded = [:]
        }
        state.withLock { state in
            guard !state.loaded else { return }
            state.memo.merge(loaded) { hashed, _ in hashed }
            state.loaded = true
        }
    }

    /// The hash of the file at `path`: remembered when its size, modification time, status
    /// change time and inode are unchanged, else read now. Only a regular file is opened
    /// (`RegularFile`): a FIFO hashes as `not a regular file`, without waiting.
    func hash(of path: String) -> Hash {
        load()
        state.withLock { _ = $0.asked.insert(path) }
        let descriptor: Int32
        switch RegularFile.open(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where failure.kind != nil: return Hash(size: -1, digest: "not a regular file")
        case .failure(let failure) where failure.errorNumber == ENOENT || failure.errorNumber == ENOTDIR:
            return Hash(size: -1, digest: "missing")
        case .failure: return Hash(size: -1, digest: "unreadable")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return Hash(size: -1, digest: "unreadable") }
        let stamp = Stamp(
            size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
            changed: Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec), inode: UInt(info.st_ino))
        // A file the engine refuses to read (over its font size limit) is not read to be hashed
        // either (a 4 GiB sparse file cost 15 s of CPU): its size and times stand for it.
        guard stamp.size <= TextEngine.fontFileLimit else {
            return Hash(size: stamp.size, digest: "over the font size limit")
        }
        if let known = state.withLock({ $0.memo[path] }), known.stamp == stamp {
            return Hash(size: stamp.size, digest: known.digest)
        }
        guard let digest = Self.sha256(of: descriptor) else { return Hash(size: -1, digest: "unreadable") }
        state.withLock { $0.memo[path] = Entry(stamp: stamp, digest: digest) }
        return Hash(size: stamp.size, digest: digest)
    }

    /// Keeps the files asked for since the last save, forgetting the others, and writes them to
    /// the cache file (a temporary file renamed over it, so readers never see half a file); the
    /// writing is skipped when there is no cache file or it cannot be written.
    func save() {
        let kept = state.withLock { state in
            state.memo = state.memo.filter { state.asked.contains($0.key) }
            state.asked = []
            return state.memo
        }
        guard let cacheFile else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(kept.count * 200)
        // A path with a tab or line break would not read back; it is hashed again next time.
        for (path, entry) in kept where !path.utf8.contains(0x0A) && !path.utf8.contains(0x09) {
            let stamp = entry.stamp
            bytes += "\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)\t\(stamp.inode)\t".utf8
            bytes += entry.digest.utf8
            bytes.append(0x09)
            bytes += path.utf8
            bytes.append(0x0A)
        }
        let directory = String(cacheFile[..<(cacheFile.lastIndex(of: "/") ?? cacheFile.startIndex)])
        Self.makeDirectories(directory)
        // A cache that cannot be written is hashed again next time.
        _ = bytes.withUnsafeBytes { FileIO.replaceFile(at: cacheFile, with: $0, mode: 0o600) }
    }

    /// The SHA-256 of a regular file's bytes in hex; nil when it cannot be read or is not a
    /// regular file.
    static func sha256(ofFile path: String) -> String? {
        guard case .success(let descriptor) = RegularFile.open(path) else { return nil }
        defer { close(descriptor) }
        return sha256(of: descriptor)
    }

    /// The SHA-256 of what is left to read from `descriptor`, read 1 MiB at a time, in hex.
    private static func sha256(of descriptor: Int32) -> String? {
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                FileIO.read(descriptor, into: $0)
            }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
        return hasher.finalize().hex
    }

    /// The cache file's lines as entries: `size, mtime, ctime, inode, digest, path`, separated by
    /// tabs; a line of any other shape (a cache written by another version) is ignored.
    private static func parse(_ bytes: [UInt8]) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                if let (path, entry) = parseLine(UnsafeBufferPointer(rebasing: buffer[start..<end])) {
                    entries[path] = entry
                }
                start = end + 1
            }
        }
        return entries
    }

    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>) -> (String, Entry)? {
        var numbers: [Int] = []
        numbers.reserveCapacity(4)
        var position = 0
        // Four numbers, each ended by a tab.
        while numbers.count < 4 {
            var value = 0
            var digits = 0
            while position < line.count, line[position] != 0x09 {
                let digit = Int(line[position]) - 0x30
                guard (0...9).contains(digit), digits < 19 else { return nil }
                value = value * 10 + digit
                digits += 1
                position += 1
            }
            guard digits > 0, position < line.count else { return nil }
            numbers.append(value)
            position += 1
        }
        // The digest: 64 hex digits and a tab; the path is the rest.
        guard position + 65 < line.count, line[position + 64] == 0x09 else { return nil }
        let digest = String(decoding: UnsafeBufferPointer(rebasing: line[position..<position + 64]), as: UTF8.self)
        let path = String(decoding: UnsafeBufferPointer(rebasing: line[(position + 65)...]), as: UTF8.self)
        let stamp = Stamp(size: numbers[0], modified: numbers[1], changed: numbers[2], inode: UInt(numbers[3]))
        return (path, Entry(stamp: stamp, digest: digest))
    }

    private static func makeDirectories(_ path: String) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            mkdir(prefix, 0o700)
        }
    }
}
