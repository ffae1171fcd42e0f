import ChevronText
import ChevronVarlink
import ChevronWire
import Logging

/// How chevrond runs: where it listens, its bounds, and where looks come from.
public struct DaemonConfiguration: Sendable {
    /// The socket path to bind; nil means the default (see `defaultSocketPath`). Ignored when
    /// systemd passes a listening socket.
    public var socketPath: String?
    /// The socket file's mode (default 0666: the service holds no secrets).
    public var socketMode: UInt32 = 0o666
    /// A folder of look manifests, or nil.
    public var looksDirectory: String?
    /// The longest message accepted, in bytes (default 1 MiB).
    public var maximumMessageBytes = VarlinkDefaults.maximumMessageBytes
    /// The most connections open at once (default 1024); more are closed at once and logged.
    /// Root and the daemon's own user may open `administrationReserve` more.
    public var maximumConnections = 1024
    /// The most connections one user may hold at once, root and the daemon's own user aside;
    /// nil means a quarter of `maximumConnections` (at least 1).
    public var maximumConnectionsPerUser: Int?
    /// How long a connection may go without sending anything (default 60 s).
    public var idleTimeout: Duration = .seconds(60)
    /// The longest a message may take from its first byte to its NUL (default 5 s); then the
    /// connection is closed and logged.
    public var messageTimeout: Duration = .seconds(5)
    /// How long SIGTERM waits for calls in flight before closing connections (default 5 s).
    public var shutdownTimeout: Duration = .seconds(5)
    /// The measurement cache's budget in estimated bytes (default 128 MiB, chevrond's).
    public var cacheByteBudget = 128 << 20
    /// The longest title or text, in UTF-8 bytes (default 4096).
    public var maximumTextBytes = TextLimits.defaultTextBytes
    /// The log level.
    public var logLevel: Logger.Level = .info

    /// The defaults.
    public init() {}

    /// Connections beyond `maximumConnections` that only root and the daemon's own user may
    /// open, so that they can always connect to look and act (`chevron stats`, `Reload`) while
    /// other users hold every slot.
    public static let administrationReserve = 4

    /// The per-user bound in force: `maximumConnectionsPerUser`, or a quarter of
    /// `maximumConnections`, never more than `maximumConnections`.
    public var connectionsPerUser: Int {
        min(maximumConnections, maximumConnectionsPerUser ?? max(1, maximumConnections / 4))
    }

    /// `$XDG_RUNTIME_DIR/chevron/chevrond.sock`, or `/run/chevron/chevrond.sock` for root (or
    /// when XDG_RUNTIME_DIR is unset).
    public static func defaultSocketPath(environment: [String: String], uid: UInt32) -> String {
        ChevronSocketPath.defaultPath(environment: environment, uid: uid)
    }
}
