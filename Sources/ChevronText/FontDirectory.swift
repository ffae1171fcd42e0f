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
    /// the caller refuses when it is not a regular file), sub-directories included, hidden names
    /// skipped (as fontconfig scans them). At most `limit` entries, so a huge tree cannot stall
    /// a rescan.
    static func files(_ path: String) -> [String] {
        var found: [String] = []
        var pending = [path]
        while let directory = pending.popLast(), found.count < limit {
            guard let stream = opendir(directory) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream), found.count < limit {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var info = stat()
                // A link to nothing is not listed. `stat` never opens, so a FIFO cannot block it.
                guard stat(child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(child)
                default: found.append(child)
                }
            }
        }
        return found.sorted()
    }

    /// The most files `files(_:)` lists.
    static let limit = 100_000
}
