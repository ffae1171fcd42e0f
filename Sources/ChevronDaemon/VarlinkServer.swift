import ChevronService
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
        configuration: DaemonConfiguration, service: ChevronService, workers: NIOThreadPool, bulk: BulkLane,
        path: String?, descriptor: Int32?, notifier: SystemdNotifier, logger: Logger
    ) async throws {
        self.configuration = configuration
        self.logger = logger
        self.notifier = notifier
        let connections = ConnectionRegistry()
        self.connections = connections
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            // Bound now (so a taken socket is reported at once), accepting only in `run()`, when
            // the service group traps SIGTERM: no call is answered by a daemon a signal would kill.
            .serverChannelOption(.autoRead, value: false)
            // A client may send its calls and shut its writing side (socat does): answer them.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                Self.initialize(
                    channel, configuration: configuration, service: service, workers: workers, bulk: bulk,
                    connections: connections, logger: logger)
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

    /// One connection's pipeline: refused over the limit; else idle timeout, NUL framing with
    /// the size bound, and the handler answering calls.
    private static func initialize(
        _ channel: any Channel, configuration: DaemonConfiguration, service: ChevronService, workers: NIOThreadPool,
        bulk: BulkLane, connections: ConnectionRegistry, logger: Logger
    ) -> EventLoopFuture<Void> {
        let open = service.connections.opened()
        channel.closeFuture.whenComplete { _ in service.connections.closed() }
        guard open <= configuration.maximumConnections else {
            service.connections.refused()
            // Accepts race on several event loops, so the count may pass the limit for a moment:
            // say the limit, not the count.
            logger.warning(
                "refusing a connection: the limit of \(configuration.maximumConnections) open connections is reached")
            return channel.close()
        }
        guard connections.add(channel) else { return channel.close() }
        return channel.peerCredentials().flatMapThrowing { peer in
            let idle = TimeAmount.nanoseconds(Int64(configuration.idleTimeout.components.seconds) * 1_000_000_000)
            try channel.pipeline.syncOperations.addHandlers([
                IdleStateHandler(readTimeout: idle),
                IdleConnectionCloser(logger: logger),
                MessageDeadline(timeout: configuration.messageTimeout, logger: logger),
                ByteToMessageHandler(VarlinkFrameDecoder(maximumMessageBytes: configuration.maximumMessageBytes)),
                VarlinkConnectionHandler(service: service, workers: workers, bulk: bulk, peer: peer, logger: logger),
            ])
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
                in: .nanoseconds(
                    Int64(drainLimit.components.seconds) * 1_000_000_000
                        + drainLimit.components.attoseconds / 1_000_000_000)
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
