import ChevronSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A report file written piece by piece, every write checked: the first failure (a full disk, a
/// folder where the file should be, a path that cannot be made) is kept and said by `close`,
/// naming the path.
public final class ReportFile {
    /// A write that failed: the path and why.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public let path: String
    private var descriptor: Int32
    private var failure: Failure?
    private var buffer: [UInt8] = []
    private static let pieceBytes = 1 << 20

    /// Opens `path` for writing, made or emptied (mode 0644, less the umask).
    public init(_ path: String) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { failure = Failure(path: path, reason: Self.reason()) }
        buffer.reserveCapacity(Self.pieceBytes)
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

    /// Writes out the rest and closes the file.
    /// - Throws: `Failure` when any write, or the close, failed.
    public func close() throws(Failure) {
        flush()
        if descriptor >= 0 {
            if Glibc.close(descriptor) != 0, failure == nil { failure = Failure(path: path, reason: Self.reason()) }
            descriptor = -1
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

    /// Makes the folder `path` and its parents, as `mkdir -p` does.
    /// - Throws: `Failure` naming the path.
    public static func makeFolder(_ path: String) throws(Failure) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Failure(path: path, reason: "a file is there, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
