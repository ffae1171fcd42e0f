import ChevronJSON
import ChevronVarlink
import DequeModule
import Logging
import NIOCore
import NIOPosix

/// Answers one connection's calls, in order, without stalling its event loop.
///
/// A call whose answer is in memory (a cached title, a look's numbers) is answered right here on
/// the event loop, and the replies of one read are flushed together. So is a read's first call
/// when its work is short and waits on nothing (a short title in a face already open): a client
/// calling one call at a time is answered without two thread hops, and a burst of calls holds
/// the loop for one such call at most. A call that needs real work (matching a font, shaping a
/// long or fallback title) goes to the daemon's worker threads, with the frames waiting behind
/// it; later frames wait in a queue, so replies keep their order.
///
/// Work goes to the workers in units of bounded size and time: a unit answers the call it was
/// started for and as many waiting frames as fit in `unitBytes`, and a large answer (a big
/// SizeMany) is a stream written a slice per unit. Each unit's replies are sent as soon as it
/// ends, and the next unit is started only while the peer reads (the socket is writable): the
/// bytes held for one connection stay bounded, and the workers take turns between connections.
///
/// Back-pressure, not buffering: no reply is produced while the peer does not read; reading
/// stops while it is not writable, while the queue is full, and once shutdown begins. A peer that
/// floods calls without reading replies, or sends nothing but invalid messages, is closed and
/// logged.
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
    /// The reply bytes one worker unit writes, about (a single reply may be larger).
    static let unitBytes = 64 << 10
    /// Messages longer than this are parsed on a worker, not on the event loop: parsing a
    /// 300 KB SizeMany takes milliseconds that other connections of the loop would wait.
    static let largeMessageBytes = 16 << 10

    /// Where the connection is in its life and what answers its frames.
    private var machine = ConnectionStateMachine(queueLimit: VarlinkConnectionHandler.queueLimit)
    private var queue = Deque<VarlinkFrame>()
    /// Invalid messages in a row.
    private var rejectedInARow = 0
    /// Whether a call since the last read completed was answered here: only the first of a read
    /// may do short work on the event loop.
    private var answeredSinceRead = false
    /// Replies gathered into one buffer: one write and one flush per read, however many calls a
    /// client pipelined.
    private var output: ByteBuffer?

    private let service: any CallResponder
    private let counts: TransportCounts
    private let workers: NIOThreadPool
    private let bulk: BulkLane
    private let peer: PeerCredentials?
    private let logger: Logger

    init(
        service: any CallResponder, counts: TransportCounts, workers: NIOThreadPool, bulk: BulkLane,
        peer: PeerCredentials?, logger: Logger
    ) {
        self.service = service
        self.counts = counts
        self.workers = workers
        self.bulk = bulk
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
        answeredSinceRead = false
        flushOutput(context: context)
    }

    /// Answers waiting frames in order while the peer reads and no worker has the connection; a
    /// stream in progress goes first.
    private func drain(context: ChannelHandlerContext) {
        while context.channel.isWritable {
            if machine.isClosing { return }
            switch machine.work {
            case .idle: break
            case .onWorker: return
            case .streaming(let stream):
                runOnWorker(.continuing(stream), context: context)
                return
            }
            guard let frame = queue.popFirst() else { return }
            answer(frame, context: context)
        }
    }

    /// Answers `frame` here, or starts a worker for it.
    private func answer(_ frame: VarlinkFrame, context: ChannelHandlerContext) {
        if case .message(let buffer) = frame, buffer.readableBytes > Self.largeMessageBytes {
            runOnWorker(.frame(frame), context: context)
            return
        }
        switch FrameReading.read(frame, service: service, logger: logger) {
        case .replies(let replies):
            write(replies, context: context)
            rejectedInARow += replies.isEmpty ? 0 : 1
            if rejectedInARow >= Self.rejectedLimit {
                logger.notice("closing a connection after \(rejectedInARow) invalid messages in a row")
                close(context: context)
            }
        case .call(let call):
            rejectedInARow = 0
            let mayWorkHere = !answeredSinceRead
            answeredSinceRead = true
            switch respondOnEventLoop(call, context: callContext(context), mayWorkHere: mayWorkHere) {
            case .replies(let replies): write(replies, context: context)
            case .work(let pending): runOnWorker(.pending(pending), context: context)
            case .stream(let stream): runOnWorker(.continuing(stream), context: context)
            }
        }
    }

    /// Answers one call without blocking, as an event loop must: from memory (cached layouts and
    /// measurements, the looks' numbers, counters), or, when the answer needs fontconfig,
    /// FreeType, HarfBuzz, drawing or a rescan, as `.work` for a worker thread. Every method
    /// decides by looking in memory, never by trying and failing; the call is read once.
    ///
    /// With `mayWorkHere`, short work that waits on nothing (a method's `.shortWork`: a short
    /// text shaped in a face that is open already) is done here instead: for a client waiting
    /// on the reply, the hops to a worker and back cost more than the work, and under load each
    /// hop waits for a CPU. It is allowed for one call at a time (a read's first), so that a
    /// burst of such calls cannot hold the event loop.
    private func respondOnEventLoop(_ call: VarlinkCall, context: VarlinkCallContext, mayWorkHere: Bool)
        -> VarlinkOutcome
    {
        let outcome = service.respond(call, context: context, mayBlock: false)
        switch outcome {
        case .work(let pending) where mayWorkHere && pending.isShort:
            counts.workedOnEventLoop()
            return pending.run()
        case .work: counts.deferredToWorker()
        case .replies, .stream: counts.answeredFromMemory()
        }
        return outcome
    }

    private func callContext(_ context: ChannelHandlerContext) -> VarlinkCallContext {
        let channel = context.channel
        return VarlinkCallContext(peer: peer, allowsStreaming: true) { !channel.isActive }
    }

    /// What a worker unit starts with.
    private enum UnitStart: Sendable {
        /// A call the event loop could not answer from memory, read already.
        case pending(VarlinkPendingCall)
        /// The next piece of a stream.
        case continuing(any VarlinkReplyStream)
        /// A large message, not parsed yet.
        case frame(VarlinkFrame)
    }

    /// What a worker unit did: the bytes to send (replies are written straight into it), a stream
    /// left to continue, and how many of the waiting frames it answered.
    private struct UnitResult: Sendable {
        var bytes: ByteBuffer
        var stream: (any VarlinkReplyStream)?
        var framesAnswered = 0
    }

    /// Runs one unit of work on a worker thread: `start`, then, while the unit's bytes are under
    /// `unitBytes`, the frames waiting behind it (under pipelining one hop to a worker and back
    /// serves many small calls).
    private func runOnWorker(_ start: UnitStart, context: ChannelHandlerContext) {
        machine.work = .onWorker
        flushOutput(context: context)  // replies before this unit go out now, not after it
        let batch = Array(queue.prefix(Self.workerBatchLimit))
        let service = service
        let counts = counts
        let logger = logger
        let callContext = callContext(context)
        let allocator = context.channel.allocator
        // Bulk work fills about a unit's bytes: room for them up front, not grown by doubling.
        let capacity: Int
        switch start {
        case .pending: capacity = 4096
        case .continuing, .frame: capacity = Self.unitBytes + 4096
        }
        let body: @Sendable () -> UnitResult = {
            var unit = UnitResult(bytes: allocator.buffer(capacity: capacity))
            func run(_ outcome: VarlinkOutcome) {
                switch outcome {
                case .replies(let replies): for reply in replies { reply.write(into: &unit.bytes) }
                case .stream(let stream): unit.stream = stream
                case .work(let pending): run(pending.run())
                }
            }
            func answer(_ frame: VarlinkFrame) {
                switch FrameReading.read(frame, service: service, logger: logger) {
                case .replies(let replies): for reply in replies { reply.write(into: &unit.bytes) }
                case .call(let call):
                    // A call read here (a large message, or one behind the unit's first) counts
                    // as handed to a worker.
                    counts.deferredToWorker()
                    run(service.respond(call, context: callContext, mayBlock: true))
                }
            }
            switch start {
            case .pending(let pending): run(pending.run())
            case .continuing(let stream): unit.stream = stream
            case .frame(let frame): answer(frame)
            }
            while true {
                if let stream = unit.stream {
                    if stream.next(into: &unit.bytes, budget: Self.unitBytes - unit.bytes.readableBytes) {
                        unit.stream = nil
                    }
                }
                guard unit.stream == nil, unit.framesAnswered < batch.count, unit.bytes.readableBytes < Self.unitBytes,
                    !callContext.isAbandoned()
                else { break }
                answer(batch[unit.framesAnswered])
                unit.framesAnswered += 1
            }
            return unit
        }
        let work: EventLoopFuture<UnitResult>
        switch start {
        case .pending: work = workers.runIfActive(eventLoop: context.eventLoop, body)
        case .continuing, .frame:
            // Bulk work has threads of its own, at a lower priority: ordinary calls never wait for it.
            work = bulk.run(eventLoop: context.eventLoop, body)
        }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        work.whenComplete { result in
            let (handler, context) = loopBound.value
            let empty = UnitResult(bytes: context.channel.allocator.buffer(capacity: 0))
            handler.workerFinished((try? result.get()) ?? empty, context: context)
        }
    }

    private func workerFinished(_ unit: UnitResult, context: ChannelHandlerContext) {
        machine.work = unit.stream.map { .streaming($0) } ?? .idle
        queue.removeFirst(min(unit.framesAnswered, queue.count))
        guard context.channel.isActive else { return }
        if unit.bytes.readableBytes > 0 { write(unit.bytes, context: context) }
        flushOutput(context: context)  // each unit's replies go out as soon as they are ready
        drain(context: context)
        flushOutput(context: context)
        resumeReadingIfAllowed(context: context)
        closeIfDone(context: context)
    }

    /// Adds a worker unit's bytes to the output: taken as it is when nothing waits before it.
    private func write(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        if var buffer = output {
            output = nil
            var bytes = bytes
            buffer.writeBuffer(&bytes)
            output = buffer
        } else {
            output = bytes
        }
        // A long pipelined read goes out in pieces, so writability can stop the drain.
        if let output, output.readableBytes >= 64 << 10 { flushOutput(context: context) }
    }

    /// Writes replies answered on the event loop straight into the connection's output buffer.
    private func write(_ replies: [VarlinkReply], context: ChannelHandlerContext) {
        guard !replies.isEmpty else { return }
        // Taken out while written, so the buffer stays uniquely referenced (no copy on write).
        var buffer = output ?? context.channel.allocator.buffer(capacity: 4096)
        output = nil
        for reply in replies { reply.write(into: &buffer) }
        output = buffer
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
        if machine.read(writable: context.channel.isWritable, queued: queue.count) { context.read() }
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
        if machine.resumeRead(writable: context.channel.isWritable, queued: queue.count) { context.read() }
    }

    // MARK: Ending

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ShutdownEvent {
            // Answer what was received; read nothing more.
            machine.shutDown()
            closeIfDone(context: context)
        } else if let event = event as? ChannelEvent, event == .inputClosed {
            // The peer sent its last call: answer what it sent, then close.
            machine.inputClosed()
            closeIfDone(context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Closes once nothing is left to answer.
    private func closeIfDone(context: ChannelHandlerContext) {
        if machine.isDone(queued: queue.count) { close(context: context) }
    }

    /// Closes after the replies written so far are on the wire (closing at once would drop
    /// replies still queued in the channel).
    private func close(context: ChannelHandlerContext) {
        guard machine.beginClosing() else { return }
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

// Its state belongs to its event loop, as a SwiftNIO handler's does.
@available(*, unavailable)
extension VarlinkConnectionHandler: Sendable {}

/// A frame turned into a call, or into the replies for a frame that is not one.
enum FrameReading {
    case call(VarlinkCall)
    case replies([VarlinkReply])

    /// Parses `frame`; a malformed, over-long or cut message is answered (or logged) here.
    static func read(_ frame: VarlinkFrame, service: any CallResponder, logger: Logger) -> FrameReading {
        switch frame {
        case .message(let buffer):
            do {
                // One pass over a plain call, its parameters read into their type in it; anything
                // else is parsed whole, to name its error.
                let call = try buffer.withUnsafeReadableBytes { bytes in
                    try VarlinkCall.read(frame: bytes, readers: service.parametersReader(for:))
                }
                logger.trace("call", metadata: ["method": "\(call.method)"])
                return .call(call)
            } catch let error as JSONParseError {
                return rejected(
                    service.invalidMessage("invalid JSON: \(error)"), service: service, logger: logger)
            } catch {
                return rejected(service.invalidMessage("\(error)"), service: service, logger: logger)
            }
        case .tooLong(let limit):
            logger.notice("a message grew past \(limit) bytes without a NUL; discarded")
            return rejected(service.messageTooLong(limit: limit), service: service, logger: logger)
        case .cutByEndOfFile(let bytes):
            logger.notice("the peer closed the connection in the middle of a \(bytes)-byte message")
            service.countRejectedMessage()
            return .replies([])
        }
    }

    /// The error reply; logged at debug level only, so a flood of bad messages cannot flood the
    /// log. The client's text in it is cut short already: `VarlinkError` cuts every string it
    /// carries at `VarlinkError.echoLimit` bytes, once.
    private static func rejected(_ error: VarlinkError, service: any CallResponder, logger: Logger) -> FrameReading {
        logger.debug("rejected a message: \(error)")
        service.countRejectedMessage()
        return .replies([VarlinkReply(error: error)])
    }
}
