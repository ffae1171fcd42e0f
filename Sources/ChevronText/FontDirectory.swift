#if canImport(Glibc)
    import Glibc
#endif

/// The user's font directories as plain directories: whether one can be read, and its files.
enum FontDirectory {
    /// Whether `path` is a directory this process may list.
    static func isReadableDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && access(path, R_OK | X_OK) == 0
    }

    /// Every entry under `path` that is not a directory (fonts, and whatever else is there, which
    /// the caller refuses when it is not a regular file), sub-directories included down to
    /// `maximumDepth` levels below `path`; hidden names are skipped, as fontconfig scans them.
    ///
    /// Symbolic links are followed, but each directory is walked once, known by its device and
    /// inode: links that loop (`a -> .`) lead back to a directory already walked and add
    /// nothing. The walk goes breadth first with each directory's names in order, so a file
    /// reached by several paths is listed by the shortest, the first in name order among equals.
    /// At most `limit` entries, so a huge tree cannot stall a rescan.
    static func files(_ path: String) -> [String] {
        var found: [String] = []
        var walked: Set<DirectoryIdentity> = []
        var pending: [(path: String, depth: Int)] = [(path, 0)]
        var next = 0
        while next < pending.count, found.count < limit {
            let (directory, depth) = pending[next]
            next += 1
            guard let names = names(in: directory, unlessIn: &walked) else { continue }
            for name in names where found.count < limit {
                let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var info = stat()
                // A link to nothing is not listed. `stat` never opens, so a FIFO cannot block it.
                guard stat(child, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    if depth < maximumDepth { pending.append((child, depth + 1)) }
                } else {
                    found.append(child)
                }
            }
        }
        return found.sorted()
    }

    /// The names in `directory`, hidden ones left out, sorted; nil when it cannot be listed or
    /// is in `walked` (else it is added there).
    private static func names(in directory: String, unlessIn walked: inout Set<DirectoryIdentity>) -> [String]? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0,
            walked.insert(DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted,
            let stream = fdopendir(descriptor)
        else {
            close(descriptor)
            return nil
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// A directory as the file system knows it, whatever path reached it.
    private struct DirectoryIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The most entries `files(_:)` lists.
    static let limit = 100_000

    /// How many directory levels below a font directory `files(_:)` walks: a font in
    /// `fonts/1/2/…/16/` is found, one a level deeper is not.
    static let maximumDepth = 16
}
