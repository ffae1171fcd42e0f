import ChevronService
import Glibc
import ChevronVarlink
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The Varlink server: accepts connections on a Unix socket and answers each connection's calls
/// in order, off the event loops.
///
/// Each connection is a task reading frames from a `NIOAsyncChannel`; a call runs on the task
/// (the cooperative pool), never on an event loop, so font matching or a long title cannot stall
/// other clients. When a client stops reading, writes wait for writability and reading stops
/// (back-pressure); the idle timeout then closes it.
public final class VarlinkServer: Service, Sendable {
    /// A connection as the child channel initializer hands it over.
    struct Accepted: Sendable {
        let channel: NIOAsyncChannel<VarlinkFrame, ByteBuffer>
        let peer: PeerCredentials?
    }

    private let configuration: DaemonConfiguration
    private let service: ChevronService
    private let listener: NIOAsyncChannel<Accepted, Never>
    private let connections = ConnectionRegistry()
    private let logger: Logger
    private let notifier: SystemdNotifier
    /// The socket file to remove at exit; nil for a socket systemd passed.
    private let ownedSocketPath: String?

    /// Binds `path` (after removing a stale socket file), or adopts `descriptor` from systemd.
    public init(
        configuration: DaemonConfiguration, service: ChevronService, path: String?, descriptor: Int32?,
        notifier: SystemdNotifier, logger: Logger
    ) async throws {
        self.configuration = configuration
        self.service = service
        self.logger = logger
        self.notifier = notifier
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            // A client may send its calls and shut its writing side (socat does): answer them.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
        let connections = connections
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Accepted> = { channel in
            Self.initialize(channel, configuration: configuration, connections: connections, logger: logger)
        }
        if let descriptor {
            listener = try await bootstrap.bind(descriptor, childChannelInitializer: initializer)
            ownedSocketPath = nil
        } else if let path {
            try SocketFile.prepare(path)
            // The file is created by bind: a umask that leaves exactly the mode's bits makes it
            // right from the first moment a client could connect (chmod after binding would race).
            let previous = umask(mode_t(0o777 & ~configuration.socketMode))
            defer { umask(previous) }
            listener = try await bootstrap.bind(unixDomainSocketPath: path, childChannelInitializer: initializer)
            try SocketFile.setMode(path, configuration.socketMode)
            ownedSocketPath = path
        } else {
            preconditionFailure("a path or a descriptor is required")
        }
    }

    /// The pipeline of one connection: idle timeout, NUL framing with the size bound, then the
    /// async channel the connection task reads.
    private static func initialize(
        _ channel: any Channel, configuration: DaemonConfiguration, connections: ConnectionRegistry, logger: Logger
    ) -> EventLoopFuture<Accepted>
    {
        channel.peerCredentials().flatMapThrowing { peer in
            // Registered before any frame can arrive, so every frame is counted.
            guard connections.add(channel) else { throw ChannelError.ioOnClosedChannel }
            let idle = TimeAmount.nanoseconds(Int64(configuration.idleTimeout.components.seconds) * 1_000_000_000)
            try channel.pipeline.syncOperations.addHandlers([
                IdleStateHandler(readTimeout: idle),
                IdleConnectionCloser(logger: logger),
                ByteToMessageHandler(VarlinkFrameDecoder(maximumMessageBytes: configuration.maximumMessageBytes)),
                FrameCounter(connections: connections),
            ])
            let asyncChannel = try NIOAsyncChannel<VarlinkFrame, ByteBuffer>(
                wrappingChannelSynchronously: channel,
                configuration: .init(backPressureStrategy: .init(lowWatermark: 4, highWatermark: 64)))
            return Accepted(channel: asyncChannel, peer: peer)
        }
    }

    /// Serves until graceful shutdown: then stops accepting, closes idle connections, lets busy
    /// ones finish their call, and after the shutdown timeout closes the rest.
    public func run() async throws {
        defer { removeSocketFile() }
        let connections = connections
        let listenerChannel = listener.channel
        let timeout = configuration.shutdownTimeout
        let notifier = notifier
        let logger = logger
        try await withGracefulShutdownHandler {
            try await listener.executeThenClose { inbound in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await accepted in inbound {
                        group.addTask { await self.serve(accepted) }
                    }
                }
            }
        } onGracefulShutdown: {
            notifier.notify("STOPPING=1\nSTATUS=Stopping: finishing calls in flight")
            logger.info("shutting down: no new connections; finishing calls in flight")
            listenerChannel.close(promise: nil)
            connections.shutDown()
            Task {
                try? await Task.sleep(for: timeout)
                logger.warning("shutdown timeout passed: closing the remaining connections")
                connections.closeAll()
            }
        }
        logger.info("all connections closed")
    }

    private func removeSocketFile() {
        if let ownedSocketPath { SocketFile.remove(ownedSocketPath) }
    }

    /// One connection: read frames, answer each call in order, until the peer closes.
    private func serve(_ accepted: Accepted) async {
        let channel = accepted.channel.channel
        defer { connections.remove(channel) }
        let open = service.connections.opened()
        defer { service.connections.closed() }
        guard open <= configuration.maximumConnections else {
            service.connections.refused()
            logger.warning(
                "refusing a connection: \(open - 1) are open; the limit is \(configuration.maximumConnections)")
            try? await channel.close()
            return
        }
        let context = VarlinkCallContext(peer: accepted.peer)
        do {
            try await accepted.channel.executeThenClose { inbound, outbound in
                for try await frame in inbound {
                    let replies = answer(frame, context: context)
                    if !replies.isEmpty {
                        var buffer = channel.allocator.buffer(capacity: replies.reduce(0) { $0 + $1.count })
                        for reply in replies { buffer.writeBytes(reply) }
                        try await outbound.write(buffer)
                    }
                    guard connections.answered(channel) else { break }
                }
                // Closing fails writes still queued: wait until the last reply is on the wire
                // (writes complete in order, so an empty one completes after it).
                try await channel.writeAndFlush(channel.allocator.buffer(capacity: 0))
            }
        } catch {
            logger.debug("connection ended: \(error)")
        }
    }

    /// The reply frames for one frame.
    private func answer(_ frame: VarlinkFrame, context: VarlinkCallContext) -> [[UInt8]] {
        switch frame {
        case .message(let buffer):
            let call: VarlinkCall
            do {
                let message = try buffer.withUnsafeReadableBytes { bytes throws(JSONParseError) in
                    try JSONParser.parse(bytes)
                }
                call = try VarlinkCall(message: message)
            } catch let error as JSONParseError {
                return rejected(.invalidMessage("invalid JSON: \(error)"))
            } catch let error as VarlinkError {
                return rejected(error)
            } catch {
                return rejected(.invalidMessage("\(error)"))
            }
            logger.trace("call", metadata: ["method": "\(call.method)"])
            return service.handle(call, context: context).map(\.frame)
        case .tooLong(let limit):
            logger.notice("a message grew past \(limit) bytes without a NUL; discarded")
            return rejected(VarlinkError("io.chevron.Service.MessageTooLong", parameters: ["limit": .int(limit)]))
        case .cutByEndOfFile(let bytes):
            logger.notice("the peer closed the connection in the middle of a \(bytes)-byte message")
            service.varlink.countRejectedMessage()
            return []
        }
    }

    private func rejected(_ error: VarlinkError) -> [[UInt8]] {
        logger.notice("rejected a message: \(error)")
        service.varlink.countRejectedMessage()
        return [VarlinkReply(error: error).frame]
    }
}

/// Counts each frame as it arrives, before it waits in the connection's queue, so that
/// shutdown knows which connections still owe answers.
private final class FrameCounter: ChannelInboundHandler, Sendable {
    typealias InboundIn = VarlinkFrame
    typealias InboundOut = VarlinkFrame

    private let connections: ConnectionRegistry

    init(connections: ConnectionRegistry) {
        self.connections = connections
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connections.received(context.channel)
        context.fireChannelRead(data)
    }
}

extension SocketFile {
    /// Removes the socket file at `path` (at exit).
    static func remove(_ path: String) {
        _ = path.withCString { unlink($0) }
    }
}
