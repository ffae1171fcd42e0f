import Glibc

/// The socket file chevrond binds: its folder, a stale file left by a dead daemon, its mode.
public enum SocketFile {
    /// Why the socket path cannot be used.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// A sentence naming the path and what to do.
        public let description: String
    }

    /// Makes `path` ready to bind: creates its folder, and removes a socket file nobody answers
    /// on. Refuses when a live daemon answers there or the path is not a socket.
    public static func prepare(_ path: String) throws(Problem) {
        guard path.utf8.count < 108 else {
            throw Problem(description: "socket path \(path) is \(path.utf8.count) bytes; the limit is 107")
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { return }  // nothing there
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw Problem(description: "\(path) exists and is not a socket; remove it or choose another --socket")
        }
        if answers(path) {
            throw Problem(description: "a daemon already answers on \(path); stop it or choose another --socket")
        }
        unlink(path)
    }

    /// Sets the socket file's permission bits.
    public static func setMode(_ path: String, _ mode: UInt32) throws(Problem) {
        guard chmod(path, mode_t(mode)) == 0 else {
            throw Problem(description: "cannot set mode \(String(mode, radix: 8)) on \(path): \(errorText())")
        }
    }

    /// Whether something accepts connections on the socket at `path`.
    static func answers(_ path: String) -> Bool {
        guard let address = UnixSocketAddress(path) else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return address.withSocketAddress { connect(descriptor, $0, $1) } == 0
    }

    private static func makeDirectories(_ directory: String) throws(Problem) {
        var status = stat()
        if stat(directory, &status) == 0 { return }
        if let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            try makeDirectories(String(directory[..<slash]))
        }
        guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
            throw Problem(description: "cannot create the socket's folder \(directory): \(errorText())")
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
