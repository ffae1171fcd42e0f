import ChevronService
import ChevronVarlink
import DequeModule
import Logging
import NIOCore

/// Answers one connection's calls, in order, without stalling its event loop.
///
/// A call whose answer is in memory (a cached title, a look's numbers) is answered right here on
/// the event loop, and the replies of one read are flushed together. A call that needs real work
/// (matching a font, shaping a new title, a rescan) goes to a worker task; the calls behind it
/// wait in a queue, so replies keep their order. Reading stops while the peer does not read our
/// replies (the socket is not writable) or the queue is full: back-pressure, not buffering.
final class VarlinkConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = VarlinkFrame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Sent through the pipeline when the daemon shuts down.
    struct ShutdownEvent: Sendable {}

    /// Frames received but not started while a worker runs a call.
    private var queue = Deque<VarlinkFrame>()
    /// The most frames waiting before reading stops.
    private let queueLimit = 256
    /// The most waiting frames a worker takes along with the call it was started for.
    private static let workerBatchLimit = 64
    private var workerRunning = false
    private var readHeld = false
    private var inputClosed = false
    private var shuttingDown = false
    private var closing = false

    private let service: ChevronService
    private let context: VarlinkCallContext
    private let logger: Logger

    init(service: ChevronService, peer: PeerCredentials?, logger: Logger) {
        self.service = service
        self.context = VarlinkCallContext(peer: peer)
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if workerRunning || !queue.isEmpty {
            queue.append(frame)
        } else {
            answer(frame, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushOutput(context: context)
    }

    /// Answers `frame` here, or starts a worker for it.
    private func answer(_ frame: VarlinkFrame, context: ChannelHandlerContext) {
        switch FrameReading.read(frame, service: service, logger: logger) {
        case .replies(let frames):
            write(frames, context: context)
        case .call(let call):
            if let replies = service.answerFromMemory(call, context: self.context) {
                write(replies.map(\.frame), context: context)
            } else {
                runOnWorker(call, context: context)
            }
        }
    }

    /// Runs `call` on a worker task, with the frames already waiting behind it: under
    /// pipelining one hop to the worker and back serves a whole batch, not one call.
    private func runOnWorker(_ call: VarlinkCall, context: ChannelHandlerContext) {
        workerRunning = true
        let batch = Array(queue.prefix(Self.workerBatchLimit))
        queue.removeFirst(batch.count)
        let service = service
        let logger = logger
        let callContext = self.context
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        Task {
            var frames = service.handle(call, context: callContext).map(\.frame)
            for frame in batch {
                switch FrameReading.read(frame, service: service, logger: logger) {
                case .replies(let replies): frames += replies
                case .call(let next): frames += service.handle(next, context: callContext).map(\.frame)
                }
            }
            let finished = frames
            eventLoop.execute {
                let (handler, context) = loopBound.value
                handler.workerFinished(finished, context: context)
            }
        }
    }

    private func workerFinished(_ frames: [[UInt8]], context: ChannelHandlerContext) {
        workerRunning = false
        guard context.channel.isActive else { return }
        write(frames, context: context)
        // Answer what waited, until the next call that needs a worker.
        while !workerRunning, let next = queue.popFirst() { answer(next, context: context) }
        flushOutput(context: context)
        resumeReadingIfAllowed(context: context)
        closeIfDone(context: context)
    }

    /// Replies of one read, gathered into one buffer: one write and one flush per read, however
    /// many calls a client pipelined.
    private var output: ByteBuffer?

    private func write(_ frames: [[UInt8]], context: ChannelHandlerContext) {
        guard !frames.isEmpty else { return }
        if output == nil { output = context.channel.allocator.buffer(capacity: 4096) }
        for frame in frames { output?.writeBytes(frame) }
    }

    private func flushOutput(context: ChannelHandlerContext) {
        guard let buffer = output else { return }
        output = nil
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    // MARK: Back-pressure

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable, queue.count < queueLimit {
            context.read()
        } else {
            readHeld = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        resumeReadingIfAllowed(context: context)
        context.fireChannelWritabilityChanged()
    }

    private func resumeReadingIfAllowed(context: ChannelHandlerContext) {
        guard readHeld, context.channel.isWritable, queue.count < queueLimit else { return }
        readHeld = false
        context.read()
    }

    // MARK: Ending

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ShutdownEvent {
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

    /// Closes once nothing is left to answer, after the last reply is on the wire (closing
    /// at once would drop replies still queued in the channel).
    private func closeIfDone(context: ChannelHandlerContext) {
        guard shuttingDown || inputClosed, !workerRunning, queue.isEmpty, !closing else { return }
        closing = true
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
                return rejected(ChevronService.invalidMessage("invalid JSON: \(error)"), service: service, logger: logger)
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

    private static func rejected(_ error: VarlinkError, service: ChevronService, logger: Logger) -> FrameReading {
        logger.notice("rejected a message: \(error)")
        service.varlink.countRejectedMessage()
        return .replies([VarlinkReply(error: error).frame])
    }
}
