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
// Usage: nio-echo-floor SOCKET_PATH [REPLY_BYTES]   (serves until killed)
// REPLY_BYTES (NUL included; more than 26) pads the reply to that length, `{"parameters":
// {"pad":"xx…"}}`: the floor for a method whose replies are that long (a Size reply is about
// 520 bytes), every byte of them copied through the same buffers and sockets.

/// Replies to every message with `reply` (a frame: JSON and NUL), flushing once per read, as
/// chevrond's connection handler does.
final class EchoHandler: ChannelInboundHandler {
    typealias InboundIn = VarlinkFrame
    typealias OutboundOut = ByteBuffer

    private let reply: [UInt8]
    private var output: ByteBuffer?

    init(reply: [UInt8]) { self.reply = reply }

    /// `{"parameters":{}}` and its NUL, or, for a `length` over 26 bytes, a frame of `length`
    /// bytes padded by a string parameter: `{"parameters":{"pad":"xx…"}}` and its NUL.
    static func reply(length: Int?) -> [UInt8] {
        let head = Array(#"{"parameters":{"pad":""#.utf8)
        let tail = Array(#""}}"#.utf8) + [0]
        guard let length, length > head.count + tail.count else { return Array(#"{"parameters":{}}"#.utf8) + [0] }
        return head + Array(repeating: UInt8(ascii: "x"), count: length - head.count - tail.count) + tail
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .message = unwrapInboundIn(data) else { return }
        if output == nil { output = context.channel.allocator.buffer(capacity: 256) }
        output?.writeBytes(reply)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard let buffer = output else { return }
        output = nil
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 || (arguments.count == 3 && Int(arguments[2]) != nil) else {
    print("usage: nio-echo-floor SOCKET_PATH [REPLY_BYTES]")
    exit(64)
}
let path = arguments[1]
let reply = EchoHandler.reply(length: arguments.count == 3 ? Int(arguments[2]) : nil)
unlink(path)
let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.backlog, value: 256)
    .childChannelOption(.allowRemoteHalfClosure, value: true)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers([
                ByteToMessageHandler(VarlinkFrameDecoder(maximumMessageBytes: 1 << 20)), EchoHandler(reply: reply),
            ])
        }
    }
    .bind(unixDomainSocketPath: path).get()
print("nio-echo-floor: serving on \(path), replies of \(reply.count) bytes")
try await channel.closeFuture.get()
