import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where a report, a baseline or a picture is written, when the path may have been planted by
/// whoever writes the repository a check runs in.
///
/// Nothing is written through what is already at a path, except where that is what a user asks
/// for: `-`, standard output's and standard error's names (`/dev/stdout`, `/dev/stderr`,
/// `/dev/fd/N`) and character devices (`/dev/null`, or a link to one) are written to as they
/// are. A regular file, or nothing, is replaced whole: a temporary file beside it (made new,
/// `O_EXCL`, never through a link), written in full, then renamed over the path, so that a
/// reader never sees half of it and a full disk leaves the old file, not a truncated one. A
/// symbolic link, a FIFO, a socket, a folder or a block device is refused with a message.
public enum OutputFile {
    /// How a path is written.
    public enum Target: Equatable, Sendable {
        /// Opened and written as it is: standard output's names and character devices.
        case asIs
        /// Replaced through a temporary file and a rename: a regular file, or nothing.
        case replaced
        /// Not written, and why ("is a FIFO").
        case refused(String)
    }

    /// How `path` is written (`-` is the caller's standard output and is not asked about).
    public static func target(of path: String) -> Target {
        if path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/") { return .asIs }
        return target(of: path, in: AT_FDCWD)
    }

    /// How `name` in the folder `directory` (a descriptor, or `AT_FDCWD`) is written.
    public static func target(of name: String, in directory: Int32) -> Target {
        var status = stat()
        guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .replaced }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .replaced
        case S_IFLNK:
            // A link to a character device is one a user names (`/dev/tty`'s kind).
            if fstatat(directory, name, &status, 0) == 0, status.st_mode & S_IFMT == S_IFCHR { return .asIs }
            return .refused("is a symbolic link, which chevron does not write through")
        case S_IFCHR: return .asIs
        case S_IFIFO:
            return .refused(
                "is a FIFO, which chevron does not write to (a report goes to a file, or to - for standard output)")
        case S_IFSOCK: return .refused("is a socket, which chevron does not write to")
        case S_IFDIR: return .refused("is a folder")
        default: return .refused("is a device chevron does not write to")
        }
    }

    /// Writes `bytes` whole to `path` as `target(of:)` says; the reason, when it could not be.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t = 0o644) -> String? {
        switch target(of: path) {
        case .refused(let reason): return reason
        case .asIs:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return String(cString: strerror(errno)) }
            let written = FileIO.writeAll(descriptor, bytes)
            let reason = written ? nil : String(cString: strerror(errno))
            close(descriptor)
            return reason
        case .replaced:
            return replace(path, in: AT_FDCWD, mode: mode) { FileIO.writeAll($0, bytes) }
        }
    }

    /// Replaces `name` in the folder `directory` (a descriptor, or `AT_FDCWD` with a path) by a
    /// temporary file beside it that `fill` writes, then a rename; the reason when it could not be.
    public static func replace(
        _ name: String, in directory: Int32, mode: mode_t = 0o644, _ fill: (Int32) -> Bool
    ) -> String? {
        let temporary = temporaryName(for: name)
        let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let written = fill(descriptor)
        var reason = written ? nil : String(cString: strerror(errno))
        if close(descriptor) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        guard reason == nil, renameat(directory, temporary, directory, name) == 0 else {
            let failure = reason ?? String(cString: strerror(errno))
            unlinkat(directory, temporary, 0)
            return failure
        }
        return nil
    }

    /// A temporary name beside `name` (in its folder): `.NAME.chevron-PID-N`.
    public static func temporaryName(for name: String) -> String {
        let slash = name.lastIndex(of: "/")
        let folder = slash.map { String(name[...$0]) } ?? ""
        let file = slash.map { String(name[name.index(after: $0)...]) } ?? name
        let number = counter.add(1, ordering: .relaxed).newValue
        return folder + ".\(file).chevron-\(getpid())-\(number)"
    }

    /// Numbers the temporary names of one process.
    private static let counter = Atomic<Int>(0)

    /// Opens the folder `path` for writing into it, made when missing (with its parents), never
    /// through a symbolic link at `path` itself: its descriptor, or the reason.
    public static func openFolder(_ path: String) -> Result<Int32, FolderError> {
        var status = stat()
        if lstat(path, &status) != 0 {
            guard errno == ENOENT else { return .failure(FolderError(reason: String(cString: strerror(errno)))) }
            if let reason = makeFolders(path) { return .failure(FolderError(reason: reason)) }
        } else if status.st_mode & S_IFMT == S_IFLNK {
            return .failure(FolderError(reason: "is a symbolic link, which chevron does not write through"))
        } else if status.st_mode & S_IFMT != S_IFDIR {
            return .failure(FolderError(reason: "a file is there, not a folder"))
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FolderError(reason: String(cString: strerror(errno)))) }
        return .success(descriptor)
    }

    /// Opens the folder `name` in `directory`, made when missing, never through a link.
    public static func openFolder(_ name: String, in directory: Int32) -> Result<Int32, FolderError> {
        if mkdirat(directory, name, 0o755) != 0, errno != EEXIST {
            return .failure(FolderError(reason: String(cString: strerror(errno))))
        }
        let descriptor = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                errno == ELOOP || errno == ENOTDIR
                ? "is a symbolic link or a file, not a folder chevron writes into" : String(cString: strerror(errno))
            return .failure(FolderError(reason: reason))
        }
        return .success(descriptor)
    }

    /// Why a folder could not be opened for writing.
    public struct FolderError: Error, Sendable {
        public let reason: String
    }

    /// `mkdir -p path`: the reason when it could not be made.
    private static func makeFolders(_ path: String) -> String? {
        var made = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
            if mkdir(made, 0o755) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
        }
        return nil
    }
}
