import ChevronLooks
import ChevronText
import ChevronVarlink
import ChevronWire
import NIOCore
import Synchronization

/// A big SizeMany answered a slice at a time: each call to `next` sizes a few requests and
/// writes their results, so a transport sends them as they are ready and as its peer reads, and
/// other connections' work runs between slices. With `more`, each result is its own reply;
/// without, the one reply `{"results": [...]}` is written in pieces.
final class SizeManyStream: VarlinkReplyStream {
    /// Requests sized per slice: small enough that another connection's call waits little for
    /// a worker, large enough that a slice is worth the trip to one.
    static let sliceSize = 32

    private let service: ChevronService
    private let sizing: SizingEngine
    private let batch: SizeManyBatch
    private let more: Bool
    private let context: VarlinkCallContext
    /// The next request to size. The transport calls `next` from one thread at a time; the
    /// lock makes that safe to rely on rather than assumed.
    private let position = Mutex(0)

    init(service: ChevronService, sizing: SizingEngine, batch: SizeManyBatch, more: Bool, context: VarlinkCallContext) {
        self.service = service
        self.sizing = sizing
        self.batch = batch
        self.more = more
        self.context = context
    }

    func next(into bytes: inout ByteBuffer, budget: Int) -> Bool {
        position.withLock { index in
            let start = bytes.readableBytes
            if index == 0, !more { bytes.writeString(#"{"parameters":{"results":["#) }
            var sized = 0
            // A client that left gets nothing more: stop measuring for it.
            while index < batch.count, sized < Self.sliceSize, bytes.readableBytes - start < budget,
                !context.isAbandoned()
            {
                let sizedResult = service.sizeResult(
                    index, batch.request(index), sizing: sizing, filling: .freeRoomOnly)
                if more {
                    VarlinkReply(
                        body: BackButtonInterface.SizeMany.Reply(results: [sizedResult]),
                        continues: index < batch.count - 1
                    ).write(into: &bytes)
                } else {
                    if index > 0 { bytes.writeInteger(UInt8(ascii: ",")) }
                    sizedResult.encode(into: &bytes)
                }
                index += 1
                sized += 1
            }
            guard index == batch.count || context.isAbandoned() else { return false }
            if !more { bytes.writeString("]}}\u{0}") }
            index = batch.count
            return true
        }
    }
}
