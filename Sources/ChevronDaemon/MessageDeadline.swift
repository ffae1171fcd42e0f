import ChevronVarlink
import Logging
import NIOCore

/// Closes a connection whose message does not end (with its NUL) within a deadline of its first
/// byte: a client sending one byte now and then keeps a connection slot without ever asking
/// anything, which the idle timeout alone does not catch.
///
/// It sits before the frame decoder and learns from it (`VarlinkFrameBoundaries`, which the
/// decoder fills as it finds each NUL while it splits a read) whether a read ended a message and
/// whether one is open after it: a read that leaves a message open starts the clock when a
/// message began in it (or keeps it running), a read that leaves none open stops it. Time while the daemon itself
/// holds reading back (the peer does not read its replies) is not the sender's: a deadline that
/// passes then waits, and runs again in full once reading resumes.
final class MessageDeadline: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?
    /// What the frame decoder after this handler found.
    private let boundaries: VarlinkFrameBoundaries
    /// Whether the pipeline asked for more bytes since the last read completed (false while the
    /// connection handler holds reading back).
    private var reading = true
    /// Whether the deadline passed while reading was held back.
    private var expiredWhileHeld = false

    /// Creates the deadline of a connection whose frame decoder tells `boundaries` what it finds.
    init(timeout: Duration, boundaries: VarlinkFrameBoundaries, logger: Logger) {
        self.timeout = TimeAmount(timeout)
        self.boundaries = boundaries
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let wasOpen = boundaries.messageOpen
        boundaries.messageEnded = false
        // The decoder splits the read before this returns.
        context.fireChannelRead(data)
        if !boundaries.messageOpen {
            // Every message so far is whole.
            stopClock()
        } else if boundaries.messageEnded || !wasOpen, context.channel.isActive {
            // A new message began in this read: its clock starts now.
            startClock(context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        reading = false
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        reading = true
        if expiredWhileHeld, boundaries.messageOpen { startClock(context: context) }
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        context.fireChannelInactive()
    }

    private func startClock(context: ChannelHandlerContext) {
        stopClock()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            let (handler, context) = loopBound.value
            handler.expired(context: context)
        }
    }

    private func stopClock() {
        deadline?.cancel()
        deadline = nil
        expiredWhileHeld = false
    }

    private func expired(context: ChannelHandlerContext) {
        deadline = nil
        guard reading else {
            expiredWhileHeld = true
            return
        }
        logger.notice(
            "closing a connection whose message did not end within \(timeout.nanoseconds / 1_000_000) ms of its first byte"
        )
        context.close(promise: nil)
    }
}

// Its state belongs to its event loop, as a SwiftNIO handler's does.
@available(*, unavailable)
extension MessageDeadline: Sendable {}
