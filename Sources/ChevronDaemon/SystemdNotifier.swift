import Glibc
import Logging

/// Tells systemd how the daemon is doing (`sd_notify(3)`): a datagram to `$NOTIFY_SOCKET`.
///
/// Without `NOTIFY_SOCKET` (not started by systemd) every call does nothing. A name starting
/// with `@` is in the abstract namespace: the `@` becomes a NUL and the address is not
/// NUL-terminated.
public struct SystemdNotifier: Sendable {
    private let socketPath: String?

    /// A notifier for `NOTIFY_SOCKET` in `environment`.
    public init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether systemd (or a test standing in for it) listens.
    public var isEnabled: Bool { socketPath != nil }

    /// Sends `state` (newline-separated `KEY=VALUE` lines); returns false when it could not.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath, let address = UnixSocketAddress(socketPath) else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(state.utf8)
        let sent = address.withSocketAddress { socketAddress, length in
            sendto(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length)
        }
        return sent == bytes.count
    }

    /// The watchdog interval systemd asks for: half of `WATCHDOG_USEC`, when `WATCHDOG_PID` is
    /// unset or names this process.
    public static func watchdogInterval(environment: [String: String]) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text), microseconds > 0 else {
            return nil
        }
        if let pid = environment["WATCHDOG_PID"], let value = Int32(pid), value != getpid() { return nil }
        return .microseconds(Int64(microseconds / 2))
    }

    /// `CLOCK_MONOTONIC` in microseconds, for `MONOTONIC_USEC=` with `RELOADING=1`.
    public static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
