import ChevronVarlink
import Glibc
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The Varlink server: accepts connections on a Unix socket and answers each connection's calls
/// in order (see `VarlinkConnectionHandler`: answers from memory on the event loop, real work on
/// worker tasks).
public final class VarlinkServer: Service, Sendable {
    private let configuration: DaemonConfiguration
    private let listener: any Channel
    private let connections: ConnectionRegistry
    private let logger: Logger
    private let notifier: SystemdNotifier
    /// The socket file to remove at exit; nil for a socket systemd passed.
    private let ownedSocketPath: String?

    /// Binds `path` (after removing a stale socket file), or adopts `descriptor` from systemd.
    public init(
        configuration: DaemonConfiguration, service: any CallResponder, counts: TransportCounts,
        workers: NIOThreadPool, bulk: BulkLane, path: String?, descriptor: Int32?, notifier: SystemdNotifier,
        logger: Logger
    ) async throws {
        self.configuration = configuration
        self.logger = logger
        self.notifier = notifier
        let connections = ConnectionRegistry(limits: ConnectionLimits(configuration, ownUID: geteuid()))
        self.connections = connections
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            // Bound now (so a taken socket is reported at once), accepting only in `run()`, when
            // the service group traps SIGTERM: no call is answered by a daemon a signal would kill.
            .serverChannelOption(.autoRead, value: false)
            // Out of descriptors, accepting pauses a moment instead of spinning on the error.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptPause(logger: logger))
                }
            }
            // A client may send its calls and shut its writing side (socat does): answer them.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                Self.initialize(
                    channel, configuration: configuration, service: service, counts: counts, workers: workers,
                    bulk: bulk, connections: connections, logger: logger)
            }
        if let descriptor {
            listener = try await bootstrap.withBoundSocket(descriptor).get()
            ownedSocketPath = nil
        } else if let path {
            try SocketFile.prepare(path)
            // The file is created by bind: a umask that leaves exactly the mode's bits makes it
            // right from the first moment a client could connect (chmod after binding would race).
            let previous = umask(mode_t(0o777 & ~configuration.socketMode))
            defer { umask(previous) }
            listener = try await bootstrap.bind(unixDomainSocketPath: path).get()
            try SocketFile.setMode(path, configuration.socketMode)
            ownedSocketPath = path
        } else {
            preconditionFailure("a path or a descriptor is required")
        }
    }

    /// One connection's pipeline: refused over a limit (see `ConnectionLimits`); else idle
    /// timeout, NUL framing with the size bound, and the handler answering calls.
    private static func initialize(
        _ channel: any Channel, configuration: DaemonConfiguration, service: any CallResponder,
        counts: TransportCounts, workers: NIOThreadPool, bulk: BulkLane, connections: ConnectionRegistry,
        logger: Logger
    ) -> EventLoopFuture<Void> {
        _ = counts.opened()
        channel.closeFuture.whenComplete { _ in counts.closed() }
        return channel.peerCredentials().flatMap { peer in
            switch connections.admit(channel, uid: peer?.uid) {
            case .admitted: break
            case .shuttingDown: return channel.close()
            case let refusal:
                counts.refused()
                refuse(refusal, peer: peer, configuration: configuration, logger: logger)
                return channel.close()
            }
            let idle = TimeAmount(configuration.idleTimeout)
            return channel.eventLoop.makeCompletedFuture {
                // The decoder finds each message's end; the deadline before it reads what it found.
                let boundaries = VarlinkFrameBoundaries()
                try channel.pipeline.syncOperations.addHandlers([
                    IdleStateHandler(readTimeout: idle),
                    IdleConnectionCloser(logger: logger),
                    MessageDeadline(timeout: configuration.messageTimeout, boundaries: boundaries, logger: logger),
                    ByteToMessageHandler(
                        VarlinkFrameDecoder(
                            maximumMessageBytes: configuration.maximumMessageBytes, boundaries: boundaries)),
                    VarlinkConnectionHandler(
                        service: service, counts: counts, workers: workers, bulk: bulk, peer: peer, logger: logger),
                ])
            }
        }
    }

    /// Logs a refused connection, one statement per bound, so that the rate-limited log keeps
    /// a line for each kind however many of another kind there are.
    private static func refuse(
        _ refusal: ConnectionRegistry.Admission, peer: PeerCredentials?, configuration: DaemonConfiguration,
        logger: Logger
    ) {
        let who = peer.map { "uid \($0.uid)" } ?? "a peer of unknown uid"
        let total = configuration.maximumConnections
        if refusal == .userShareTaken {
            logger.warning(
                "refusing a connection from \(who): the limit of \(configuration.connectionsPerUser) open connections per user is reached"
            )
        } else if let peer, peer.uid == 0 || peer.uid == geteuid() {
            logger.warning(
                "refusing a connection from \(who): the limit of \(total) open connections and the \(DaemonConfiguration.administrationReserve) kept for root and the daemon's user are taken"
            )
        } else {
            logger.warning("refusing a connection from \(who): the limit of \(total) open connections is reached")
        }
    }

    /// Serves until graceful shutdown: then stops accepting, lets every connection answer what
    /// it received, and after the shutdown timeout closes the rest.
    public func run() async throws {
        defer { if let ownedSocketPath { SocketFile.remove(ownedSocketPath) } }
        let connections = connections
        let listener = listener
        let timeout = configuration.shutdownTimeout
        let notifier = notifier
        let logger = logger
        try await listener.setOption(.autoRead, value: true).get()
        // Connections get the shutdown timeout less a margin, counted from the signal, so the
        // process is gone within the timeout even when one of them never finishes.
        let drainLimit = max(.zero, timeout - .milliseconds(500))
        try await withGracefulShutdownHandler {
            try await listener.closeFuture.get()
            await withTaskCancellationHandler {
                await connections.waitUntilEmpty()
            } onCancel: {
                connections.closeAll()
            }
        } onGracefulShutdown: {
            notifier.notify("STOPPING=1\nSTATUS=Stopping: finishing calls in flight")
            logger.info("shutting down: no new connections; finishing calls in flight")
            listener.close(promise: nil)
            connections.shutDown()
            listener.eventLoop.scheduleTask(
                in: TimeAmount(drainLimit)
            ) {
                logger.warning("shutdown timeout passed: closing the remaining connections")
                connections.closeAll()
            }
        }
        logger.info("all connections closed")
    }
}

extension SocketFile {
    /// Removes the socket file at `path` (at exit).
    static func remove(_ path: String) {
        _ = path.withCString { unlink($0) }
    }
}
