import Glibc
import NIOCore

/// `struct ucred` from `<sys/socket.h>`, which Glibc does not export to Swift without
/// `_GNU_SOURCE`: the same three fields in the same order.
private struct UnixCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

extension Channel {
    /// The connected peer's credentials (`SO_PEERCRED`), or nil when the socket cannot say: whom
    /// the daemon serves, and whom a client talks to.
    public func peerCredentials() -> EventLoopFuture<PeerCredentials?> {
        // NIO's socket channels provide socket options; other channels (tests) have no peer.
        guard let provider = self as? any SocketOptionProvider else { return eventLoop.makeSucceededFuture(nil) }
        let future: EventLoopFuture<UnixCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { Optional(PeerCredentials(pid: $0.pid, uid: $0.uid, gid: $0.gid)) }
            .recover { _ in nil }
    }
}
