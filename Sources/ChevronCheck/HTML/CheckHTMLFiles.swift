import ChevronSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A report file written piece by piece, every write checked: the first failure (a full disk, a
/// folder where the file should be, a path that cannot be made) is kept and said by `close`,
/// naming the path. Written as `OutputFile` says: a regular file (or nothing) is replaced
/// through a temporary file renamed over it when closed, so a failed write leaves what was
/// there; standard output's names and character devices are written as they are; a link, a
/// FIFO, a socket or a folder is refused.
public final class ReportFile {
    /// A write that failed: the path and why.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public let path: String
    private var descriptor: Int32 = -1
    private var failure: Failure?
    private var buffer: [UInt8] = []
    private static let pieceBytes = 1 << 20
    /// For a replaced file: the folder's descriptor (or `AT_FDCWD`), the name, the temporary name.
    private var replacing: (folder: Int32, name: String, temporary: String)?

    /// Opens `path` for writing (mode 0644, less the umask).
    public convenience init(_ path: String) {
        self.init(path, name: path, in: AT_FDCWD)
    }

    /// Opens `name` in the folder `folder` (a descriptor, or `AT_FDCWD` for a path) for writing;
    /// `path` names it in messages.
    public init(_ path: String, name: String, in folder: Int32) {
        self.path = path
        buffer.reserveCapacity(Self.pieceBytes)
        let target = folder == AT_FDCWD ? OutputFile.target(of: path) : OutputFile.target(of: name, in: folder)
        switch target {
        case .refused(let reason):
            failure = Failure(path: path, reason: reason)
        case .asIs:
            descriptor = openat(folder, name, O_WRONLY | O_CLOEXEC)
            if descriptor < 0 { failure = Failure(path: path, reason: Self.reason()) }
        case .replaced:
            let temporary = OutputFile.temporaryName(for: name)
            descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                failure = Failure(path: path, reason: Self.reason())
            } else {
                replacing = (folder, name, temporary)
            }
        }
    }

    /// Adds `bytes`, written out a piece at a time.
    public func write(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.pieceBytes { flush() }
    }

    /// Adds `text`'s UTF-8.
    public func write(_ text: String) {
        write(text.utf8)
    }

    /// Writes out what is buffered, unless a write already failed.
    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        let complete = buffer.withUnsafeBytes { FileIO.writeAll(descriptor, $0) }
        if !complete { failure = Failure(path: path, reason: Self.reason()) }
    }

    /// Writes out the rest and closes the file; a replaced file takes its place only now, whole.
    /// - Throws: `Failure` when any write, the close or the rename failed.
    public func close() throws(Failure) {
        flush()
        if descriptor >= 0 {
            if Glibc.close(descriptor) != 0, failure == nil { failure = Failure(path: path, reason: Self.reason()) }
            descriptor = -1
        }
        if let replacing {
            if failure == nil, renameat(replacing.folder, replacing.temporary, replacing.folder, replacing.name) != 0 {
                failure = Failure(path: path, reason: Self.reason())
            }
            if failure != nil { unlinkat(replacing.folder, replacing.temporary, 0) }
            self.replacing = nil
        }
        if let failure { throw failure }
    }

    /// Writes `bytes` to `path` whole.
    /// - Throws: `Failure` naming the path.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
        let file = ReportFile(path)
        file.write(bytes)
        try file.close()
    }

    /// Writes `bytes` whole as `name` in the folder `folder` (a descriptor); `path` names it.
    /// - Throws: `Failure` naming the path.
    public static func write(_ bytes: some Collection<UInt8>, named name: String, in folder: Int32, path: String)
        throws(Failure)
    {
        let file = ReportFile(path, name: name, in: folder)
        file.write(bytes)
        try file.close()
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
