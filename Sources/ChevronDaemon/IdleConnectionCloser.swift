import Logging
import NIOCore

/// Closes a connection when `IdleStateHandler` reports that it sent nothing for the idle
/// timeout, which also ends a client that stopped reading (back-pressure stops our reads).
final class IdleConnectionCloser: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            logger.notice("closing a connection that sent nothing for the idle timeout")
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
