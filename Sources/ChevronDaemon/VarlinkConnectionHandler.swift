import ChevronService
import ChevronVarlink
import DequeModule
import Logging
import NIOCore
import NIOPosix

/// Answers one connection's calls, in order, without stalling its event loop.
///
/// A call whose answer is in memory (a cached title, a look's numbers) is answered right here on
/// the event loop, and the replies of one read are flushed together. A call that needs real work
/// (matching a font, shaping a new title) goes to the daemon's worker threads, with the frames
/// waiting behind it; later frames wait in a queue, so replies keep their order.
///
/// Back-pressure, not buffering: no reply is produced while the peer does not read (the socket
/// is not writable); reading stops while it is not writable, while the queue is full, and once
/// shutdown begins. A peer that floods calls without reading replies, or sends nothing but
/// invalid messages, is closed and logged.
final class VarlinkConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = VarlinkFrame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Sent through the pipeline when the daemon shuts down.
    struct ShutdownEvent: Sendable {}

    /// Frames above which reading pauses.
    static let queueLimit = 256
    /// Frames above which the connection is closed: the peer sends without reading replies.
    static let queueHardLimit = 4096
    /// Invalid messages in a row after which the connection is closed.
    static let rejectedLimit = 100
    /// The most waiting frames a worker takes along with the call it was started for.
    static let workerBatchLimit = 64

    private var queue = Deque<VarlinkFrame>()
    private var workerRunning = false
    private var readHeld = false
    private var inputClosed = false
    private var shuttingDown = false
    private var closing = false
    private var rejectedInARow = 0
    /// Replies gathered into one buffer: one write and one flush per read, however many calls a
    /// client pipelined.
    private var output: ByteBuffer?

    private let service: ChevronService
    private let workers: NIOThreadPool
    private let peer: PeerCredentials?
    private let logger: Logger

    init(service: ChevronService, workers: NIOThreadPool, peer: PeerCredentials?, logger: Logger) {
        self.service = service
        self.workers = workers
        self.peer = peer
        self.logger = logger
    }

    // MARK: Answering

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        queue.append(unwrapInboundIn(data))
        guard queue.count <= Self.queueHardLimit else {
            logger.notice("closing a connection with \(queue.count) calls waiting while it reads no replies")
            close(context: context)
            return
        }
        drain(context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushOutput(context: context)
    }

    /// Answers waiting frames in order while the peer reads and no worker has the connection.
    private func drain(context: ChannelHandlerContext) {
        while !workerRunning, !closing, context.channel.isWritable, let frame = queue.popFirst() {
            answer(frame, context: context)
        }
    }

    /// Answers `frame` here, or starts a worker for it.
    private func answer(_ frame: VarlinkFrame, context: ChannelHandlerContext) {
        switch FrameReading.read(frame, service: service, logger: logger) {
        case .replies(let frames):
            write(frames, context: context)
            rejectedInARow += frames.isEmpty ? 0 : 1
            if rejectedInARow >= Self.rejectedLimit {
                logger.notice("closing a connection after \(rejectedInARow) invalid messages in a row")
                close(context: context)
            }
        case .call(let call):
            rejectedInARow = 0
            if let replies = service.answerFromMemory(call, context: callContext(context)) {
                write(replies.map(\.frame), context: context)
            } else {
                runOnWorker(call, context: context)
            }
        }
    }

    private func callContext(_ context: ChannelHandlerContext) -> VarlinkCallContext {
        let channel = context.channel
        return VarlinkCallContext(peer: peer) { !channel.isActive }
    }

    /// Runs `call` on a worker thread, with the frames already waiting behind it: under
    /// pipelining one hop to a worker and back serves a whole batch, not one call.
    private func runOnWorker(_ call: VarlinkCall, context: ChannelHandlerContext) {
        workerRunning = true
        flushOutput(context: context)  // replies before this call go out now, not after it
        let batch = Array(queue.prefix(Self.workerBatchLimit))
        queue.removeFirst(batch.count)
        let service = service
        let logger = logger
        let callContext = callContext(context)
        let work = workers.runIfActive(eventLoop: context.eventLoop) { () -> [[UInt8]] in
            var frames = service.handle(call, context: callContext).map(\.frame)
            for frame in batch where !callContext.isAbandoned() {
                switch FrameReading.read(frame, service: service, logger: logger) {
                case .replies(let replies): frames += replies
                case .call(let next): frames += service.handle(next, context: callContext).map(\.frame)
                }
            }
            return frames
        }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        work.whenComplete { result in
            let (handler, context) = loopBound.value
            handler.workerFinished((try? result.get()) ?? [], context: context)
        }
    }

    private func workerFinished(_ frames: [[UInt8]], context: ChannelHandlerContext) {
        workerRunning = false
        guard context.channel.isActive else { return }
        write(frames, context: context)
        drain(context: context)
        flushOutput(context: context)
        resumeReadingIfAllowed(context: context)
        closeIfDone(context: context)
    }

    private func write(_ frames: [[UInt8]], context: ChannelHandlerContext) {
        guard !frames.isEmpty else { return }
        if output == nil { output = context.channel.allocator.buffer(capacity: 4096) }
        for frame in frames { output?.writeBytes(frame) }
        // A long pipelined read goes out in pieces, so writability can stop the drain.
        if let output, output.readableBytes >= 64 << 10 { flushOutput(context: context) }
    }

    private func flushOutput(context: ChannelHandlerContext) {
        guard let buffer = output else { return }
        output = nil
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    // MARK: Back-pressure

    func read(context: ChannelHandlerContext) {
        if mayRead(context) {
            context.read()
        } else {
            readHeld = true
        }
    }

    private func mayRead(_ context: ChannelHandlerContext) -> Bool {
        !shuttingDown && !closing && context.channel.isWritable && queue.count < Self.queueLimit
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            drain(context: context)
            flushOutput(context: context)
            resumeReadingIfAllowed(context: context)
            closeIfDone(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    private func resumeReadingIfAllowed(context: ChannelHandlerContext) {
        guard readHeld, mayRead(context) else { return }
        readHeld = false
        context.read()
    }

    // MARK: Ending

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ShutdownEvent {
            // Answer what was received; read nothing more.
            shuttingDown = true
            closeIfDone(context: context)
        } else if let event = event as? ChannelEvent, event == .inputClosed {
            // The peer sent its last call: answer what it sent, then close.
            inputClosed = true
            closeIfDone(context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Closes once nothing is left to answer.
    private func closeIfDone(context: ChannelHandlerContext) {
        guard shuttingDown || inputClosed, !workerRunning, queue.isEmpty else { return }
        close(context: context)
    }

    /// Closes after the replies written so far are on the wire (closing at once would drop
    /// replies still queued in the channel).
    private func close(context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        queue.removeAll()
        flushOutput(context: context)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("connection error: \(error)")
        context.close(promise: nil)
    }
}

/// A frame turned into a call, or into the replies for a frame that is not one.
enum FrameReading {
    case call(VarlinkCall)
    case replies([[UInt8]])

    /// The longest piece of a client's text repeated in a log line or an error reason.
    static let echoLimit = 200

    /// Parses `frame`; a malformed, over-long or cut message is answered (or logged) here.
    static func read(_ frame: VarlinkFrame, service: ChevronService, logger: Logger) -> FrameReading {
        switch frame {
        case .message(let buffer):
            do {
                let message = try buffer.withUnsafeReadableBytes { bytes throws(JSONParseError) in
                    try JSONParser.parse(bytes)
                }
                let call = try VarlinkCall(message: message)
                logger.trace("call", metadata: ["method": "\(call.method)"])
                return .call(call)
            } catch let error as JSONParseError {
                return rejected(
                    ChevronService.invalidMessage("invalid JSON: \(error)"), service: service, logger: logger)
            } catch {
                return rejected(ChevronService.invalidMessage("\(error)"), service: service, logger: logger)
            }
        case .tooLong(let limit):
            logger.notice("a message grew past \(limit) bytes without a NUL; discarded")
            return rejected(ChevronService.messageTooLong(limit: limit), service: service, logger: logger)
        case .cutByEndOfFile(let bytes):
            logger.notice("the peer closed the connection in the middle of a \(bytes)-byte message")
            service.varlink.countRejectedMessage()
            return .replies([])
        }
    }

    /// The error reply; logged at debug level only, so a flood of bad messages cannot flood the
    /// log, and with the client's text cut short.
    private static func rejected(_ error: VarlinkError, service: ChevronService, logger: Logger) -> FrameReading {
        var error = error
        if case .string(let reason)? = error.parameters["reason"], reason.utf8.count > echoLimit {
            error = ChevronService.invalidMessage(String(reason.prefix(echoLimit)) + "…")
        }
        logger.debug("rejected a message: \(error)")
        service.varlink.countRejectedMessage()
        return .replies([VarlinkReply(error: error).frame])
    }
}
