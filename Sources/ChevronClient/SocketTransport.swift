import ChevronVarlink
import DequeModule
import Glibc
import NIOCore
import NIOPosix

/// A connection to chevrond's Unix socket. Calls made concurrently are written at once
/// (pipelined) and matched with their replies in order.
public final class SocketTransport: VarlinkTransport {
    private let channel: any Channel
    private let limits: Limits

    /// Bounds on one connection.
    public struct Limits: Sendable {
        /// The longest call sent, in bytes; chevrond refuses longer ones (its default is 1 MiB).
        public var maximumCallBytes = VarlinkDefaults.maximumMessageBytes
        /// The longest reply accepted, in bytes.
        public var maximumReplyBytes = 64 << 20
        /// How long a call may wait for its last reply before the connection is given up.
        public var replyTimeout: Duration = .seconds(60)

        /// The defaults.
        public init() {}
    }

    /// Connects to the daemon at `path`.
    /// - Throws: `ChevronClientError` with code `unreachable`, naming the path and the reason.
    public static func connect(path: String, limits: Limits = Limits()) async throws(ChevronClientError)
        -> SocketTransport
    {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(VarlinkFrameDecoder(maximumMessageBytes: limits.maximumReplyBytes)),
                        ReplyMatcher(replyTimeout: limits.replyTimeout),
                    ])
                }
            }
        do {
            return SocketTransport(
                channel: try await bootstrap.connect(unixDomainSocketPath: path).get(), limits: limits)
        } catch {
            throw ChevronClientError(.unreachable, message: "cannot connect to \(path): \(Self.reason(error))")
        }
    }

    /// The daemon's credentials (`SO_PEERCRED` of the connection): who listens at the path.
    public func peer() async -> PeerCredentials? {
        try? await channel.peerCredentials().get()
    }

    private init(channel: any Channel, limits: Limits) {
        self.channel = channel
        self.limits = limits
    }

    public func call(_ call: VarlinkCall) async throws(ChevronClientError) -> [VarlinkReply] {
        // Sent without a reader, the call is answered with replies.
        guard case .replies(let replies) = try await send(call, reading: nil) else {
            throw ChevronClientError(.protocolViolation, message: "\(call.method)'s reply was read as a type")
        }
        return replies
    }

    /// The reply's parameters are read as `T` on the event loop, in the pass that reads the
    /// frame (a SizeMany reply of a thousand layouts is 450 KB: read once, not delimited first
    /// and then read again).
    public func call<T: WireStruct>(_ call: VarlinkCall, readingParametersAs type: T.Type)
        async throws(ChevronClientError) -> TypedReply<T>
    {
        switch try await send(call, reading: { bytes in VarlinkReply.parameters(ofFrame: bytes, as: type) }) {
        case .replies(let replies): return .replies(replies)
        case .read(let value):
            // The reader above gives a T.
            guard let value = value as? T else {
                throw ChevronClientError(.protocolViolation, message: "\(call.method)'s reply was read as another type")
            }
            return .read(value)
        }
    }

    private func send(_ call: VarlinkCall, reading: ReplyMatcher.Reader?) async throws(ChevronClientError)
        -> ReplyMatcher.Answer
    {
        var bytes: [UInt8] = []
        call.encode(into: &bytes)
        // The daemon would refuse it with an error reply, even to a oneway call, and nothing
        // would be waiting for that reply: refuse it here instead.
        guard bytes.count <= limits.maximumCallBytes else {
            throw ChevronClientError(
                .tooLong,
                message: "the \(call.method) call is \(bytes.count) bytes; the limit is \(limits.maximumCallBytes)")
        }
        bytes.append(0)
        let channel = channel
        let promise = channel.eventLoop.makePromise(of: ReplyMatcher.Answer.self)
        channel.writeAndFlush(
            ReplyMatcher.Outgoing(
                bytes: bytes, expectsReply: !call.oneway, reading: call.more ? nil : reading, promise: promise)
        )
        .whenFailure { promise.fail($0) }
        do {
            return try await promise.futureResult.get()
        } catch let error as ChevronClientError {
            throw error
        } catch {
            throw ChevronClientError(.closed, message: "the connection to chevrond broke: \(error)")
        }
    }

    public func close() async {
        try? await channel.close()
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }
}

/// Writes calls and hands each reply to the call waiting longest (Varlink answers in order).
private final class ReplyMatcher: ChannelDuplexHandler {
    typealias InboundIn = VarlinkFrame
    typealias OutboundIn = Outgoing
    typealias OutboundOut = ByteBuffer

    /// Reads a reply's frame as the caller's type, or gives nil to have it read the slow way.
    typealias Reader = @Sendable (UnsafeRawBufferPointer) -> (any Sendable)?

    /// A call's replies, or its one reply read by its reader.
    enum Answer: Sendable {
        case replies([VarlinkReply])
        case read(any Sendable)
    }

    struct Outgoing {
        let bytes: [UInt8]
        let expectsReply: Bool
        let reading: Reader?
        let promise: EventLoopPromise<Answer>
    }

    private var waiting = Deque<
        (promise: EventLoopPromise<Answer>, reading: Reader?, replies: [VarlinkReply], since: NIODeadline)
    >()
    private let replyTimeout: TimeAmount
    private var watchdog: RepeatedTask?

    init(replyTimeout: Duration) {
        self.replyTimeout = TimeAmount(replyTimeout)
    }

    /// Once a second, the oldest call's wait is checked: a daemon that accepts but never answers
    /// must not hang its caller (one timer per connection, not one per call).
    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        watchdog = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
            let (handler, context) = loopBound.value
            guard let oldest = handler.waiting.first, oldest.since + handler.replyTimeout < .now() else { return }
            handler.failAll(
                ChevronClientError(.closed, message: "no reply from chevrond within \(handler.replyTimeout)"))
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        watchdog?.cancel()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let outgoing = unwrapOutboundIn(data)
        if outgoing.expectsReply {
            waiting.append((outgoing.promise, outgoing.reading, [], .now()))
        } else {
            outgoing.promise.succeed(.replies([]))
        }
        context.write(wrapOutboundOut(context.channel.allocator.buffer(bytes: outgoing.bytes)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .message(let buffer) = unwrapInboundIn(data) else {
            // An over-long reply, or one cut by the daemon closing: either way the rest cannot be trusted.
            failAll(ChevronClientError(.protocolViolation, message: "chevrond sent an incomplete or over-long reply"))
            context.close(promise: nil)
            return
        }
        guard !waiting.isEmpty else {
            // A reply nobody waits for: replies and calls no longer line up. Give up the connection
            // rather than hand later replies to the wrong calls.
            context.close(promise: nil)
            return
        }
        // The caller's type read in the pass that reads the frame; anything it does not read
        // (an error reply) is read below.
        if waiting[0].replies.isEmpty, let reading = waiting[0].reading,
            let value = buffer.withUnsafeReadableBytes(reading)
        {
            waiting.removeFirst().promise.succeed(.read(value))
            return
        }
        let reply: VarlinkReply
        do {
            // One pass: the envelope is read here and the parameters kept as text, read by the
            // caller straight into its type. Anything unusual is parsed whole, as before.
            reply = try buffer.withUnsafeReadableBytes { bytes throws(VarlinkMessageError) in
                try VarlinkReply.read(frame: bytes)
            }
        } catch {
            failAll(ChevronClientError(.protocolViolation, message: "chevrond sent an invalid reply: \(error)"))
            context.close(promise: nil)
            return
        }
        waiting[0].replies.append(reply)
        if !reply.continues || reply.error != nil {
            let (promise, _, replies, _) = waiting.removeFirst()
            promise.succeed(.replies(replies))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        failAll(ChevronClientError(.closed, message: "chevrond closed the connection before answering"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failAll(ChevronClientError(.closed, message: "the connection to chevrond failed: \(error)"))
        context.close(promise: nil)
    }

    private func failAll(_ error: ChevronClientError) {
        while let waiter = waiting.popFirst() { waiter.promise.fail(error) }
    }
}
