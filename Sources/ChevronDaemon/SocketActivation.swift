import Glibc

/// The listening socket systemd passes (`sd_listen_fds(3)`): fd 3 when `LISTEN_PID` is this
/// process and `LISTEN_FDS` is at least 1.
public enum SocketActivation {
    /// The first passed descriptor, by systemd's convention.
    static let firstDescriptor: Int32 = 3

    /// The passed listening socket, or nil. Unsets `LISTEN_PID`, `LISTEN_FDS` and
    /// `LISTEN_FDNAMES` so that no child inherits them, and marks the descriptor close-on-exec.
    public static func takeListeningSocket(environment: [String: String]) -> Int32? {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count >= 1
        else { return nil }
        _ = fcntl(firstDescriptor, F_SETFD, FD_CLOEXEC)
        return firstDescriptor
    }
}
