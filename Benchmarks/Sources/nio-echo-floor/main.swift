import ChevronVarlink
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

// nio-echo-floor: the framework's floor for chevrond's benchmarks. A bare SwiftNIO server on a
// Unix socket with chevrond's event-loop setup (the singleton group, the same NUL framing by
// VarlinkFrameDecoder) that answers each message with a fixed short reply and nothing else: what
// a call costs before any Varlink or chevron work. Benchmarks/scripts/bench-daemon.sh runs the
// same load against it and against chevrond and prints each figure as a ratio to it.
// Usage: nio-echo-floor SOCKET_PATH   (serves until killed)

/// Replies to every message with `{"parameters":{}}` and a NUL, flushing once per read, as
/// chevrond's connection handler does.
final class EchoHandler: ChannelInboundHandler {
    typealias InboundIn = VarlinkFrame
    typealias OutboundOut = ByteBuffer

    private static let reply: [UInt8] = Array(#"{"parameters":{}}"#.utf8) + [0]
    private var output: ByteBuffer?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .message = unwrapInboundIn(data) else { return }
        if output == nil { output = context.channel.allocator.buffer(capacity: 256) }
        output?.writeBytes(Self.reply)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard let buffer = output else { return }
        output = nil
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: nio-echo-floor SOCKET_PATH")
    exit(64)
}
let path = arguments[1]
unlink(path)
let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.backlog, value: 256)
    .childChannelOption(.allowRemoteHalfClosure, value: true)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers([
                ByteToMessageHandler(VarlinkFrameDecoder(maximumMessageBytes: 1 << 20)), EchoHandler(),
            ])
        }
    }
    .bind(unixDomainSocketPath: path).get()
print("nio-echo-floor: serving on \(path)")
try await channel.closeFuture.get()
