#if canImport(Glibc)
    import Glibc
#endif

/// Opening a file that should hold bytes (a font, a manifest, a cache) without ever waiting.
///
/// `open` on a FIFO waits for a writer, and a read from a device may never end, so a path is
/// opened with `O_NONBLOCK` (which makes opening a FIFO return at once) and the opened
/// descriptor is checked with `fstat`: only a regular file is kept. The check is made on what
/// was opened, not on a `stat` of the path beforehand, so a file swapped for a FIFO between the
/// two cannot slip through. `O_NONBLOCK` changes nothing for reads of a regular file.
public enum RegularFile {
    /// Why a path was not opened.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The path.
        public let path: String
        /// What it is when it is not a regular file (`a FIFO`, `a directory`, …), else nil.
        public let kind: String?
        /// `errno` when `open` or `fstat` failed, else 0.
        public let errorNumber: Int32

        /// `PATH is a FIFO, not a regular file`, or `PATH cannot be opened (REASON)`.
        public var description: String { "\(path) \(reason)" }

        /// The description without the path: `is a FIFO, not a regular file`.
        public var reason: String {
            if let kind { return "is \(kind), not a regular file" }
            return "cannot be opened (\(String(cString: strerror(errorNumber))))"
        }
    }

    /// Opens `path` for reading when it is a regular file; the caller closes the descriptor.
    public static func open(_ path: String) -> Result<Int32, Failure> {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(path: path, kind: nil, errorNumber: errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let number = errno
            close(descriptor)
            return .failure(Failure(path: path, kind: nil, errorNumber: number))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(Failure(path: path, kind: kind(of: info.st_mode), errorNumber: 0))
        }
        return .success(descriptor)
    }

    /// The whole of the regular file at `path`, if it is at most `limit` bytes.
    /// - Returns: the bytes, or why they could not be read.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let descriptor: Int32
        switch open(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): return .failure(.notOpened(failure))
        }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, Int(info.st_size) > limit {
            return .failure(.tooLarge(size: Int(info.st_size)))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                FileIO.read(descriptor, into: $0)
            }
            guard count >= 0 else { return .failure(.notOpened(Failure(path: path, kind: nil, errorNumber: errno))) }
            if count == 0 { return .success(bytes) }
            bytes += buffer[..<count]
            // The file grew while it was read.
            if bytes.count > limit { return .failure(.tooLarge(size: bytes.count)) }
        }
    }

    /// Why `read` read nothing.
    public enum ReadFailure: Error, Sendable, Hashable {
        /// The path is not a regular file, or cannot be opened or read.
        case notOpened(Failure)
        /// The file is over the limit: `size` bytes (at least).
        case tooLarge(size: Int)
    }

    /// A file type in words, as a reason says it.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
