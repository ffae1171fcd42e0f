import Glibc
import Logging
import NIOCore

/// Stops accepting for `pause` when accept fails for want of descriptors or memory, and says so.
///
/// The listening socket stays readable while connections wait, and SwiftNIO retries a failed
/// accept as soon as the loop turns: without a pause the loop spins on the same error at 100% of
/// a core. Turning `autoRead` off takes the socket out of the loop's poll; it is turned back on
/// after the pause, and waiting clients stay in the kernel's backlog meanwhile. `--max-connections`
/// is kept below the descriptor limit at start (`DescriptorLimit`), so this is the rare case:
/// descriptors taken by something else, or the system's table full.
final class AcceptPause: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    /// How long accepting stops after such a failure.
    static let pause = TimeAmount.milliseconds(100)

    private let logger: Logger
    private var paused = false

    init(logger: Logger) {
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let failure = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(failure.errnoCode) else {
            context.fireErrorCaught(error)
            return
        }
        guard !paused, let options = context.channel.syncOptions else { return }
        paused = true
        // Logged through the rate-limited handler: a few lines, however long the shortage lasts.
        logger.error(
            "cannot accept connections: \(String(cString: strerror(failure.errnoCode))); accepting again in 100 ms")
        try? options.setOption(.autoRead, value: false)
        let channel = context.channel
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.pause) {
            self.paused = false
            guard channel.isActive else { return }
            try? channel.syncOptions?.setOption(.autoRead, value: true)
        }
    }
}

// Its state belongs to its event loop, as a SwiftNIO handler's does.
@available(*, unavailable)
extension AcceptPause: Sendable {}
