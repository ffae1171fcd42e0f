import ChevronLooks
import ChevronText
import ChevronVarlink
import ChevronWire
import NIOCore
import Synchronization

/// A big SizeMany answered a slice at a time: each call to `next` sizes requests until their
/// results fill the budget it is given or `sliceLimit` are sized (at least one, whatever the
/// budget), so a transport sends them as they are ready and as its peer reads, and other
/// connections' work runs between slices. With `more`, each result is its own reply; without,
/// the one reply `{"results": [...]}` is written in pieces.
final class SizeManyStream: VarlinkReplyStream {
    private let service: ChevronService
    private let sizing: SizingEngine
    private let batch: SizeManyBatch
    private let more: Bool
    private let context: VarlinkCallContext
    /// Requests sized per slice at most. Each slice is a trip to a worker and back: a `chevron
    /// check` of 100,000 titles through chevrond cost the daemon 47,000 context switches at 32,
    /// 22,000 at 64. With no limit but the budget (about 115 layouts in 64 KiB), a light client's
    /// p99 beside two connections sizing 7,000 unique titles each
    /// (`Benchmarks/scripts/bench_fairness.py`) was 3.6–6.4x its p99 alone, against 3.0–4.2x at
    /// 32 and 3.6–4.0x at 64, in alternating runs.
    static let sliceLimit = 64

    /// Where the stream is: the next request to size, and whether the one reply's opening is
    /// written (a first piece may hold nothing else).
    private struct Progress {
        var next = 0
        var opened = false
    }
    /// The transport calls `next` from one thread at a time; the lock makes that safe to rely on
    /// rather than assumed.
    private let progress = Mutex(Progress())

    init(service: ChevronService, sizing: SizingEngine, batch: SizeManyBatch, more: Bool, context: VarlinkCallContext) {
        self.service = service
        self.sizing = sizing
        self.batch = batch
        self.more = more
        self.context = context
    }

    func next(into bytes: inout ByteBuffer, budget: Int) -> Bool {
        progress.withLock { progress in
            let start = bytes.readableBytes
            if !more, !progress.opened {
                bytes.writeString(#"{"parameters":{"results":["#)
                progress.opened = true
            }
            var sized = 0
            // A client that left gets nothing more: stop measuring for it.
            while progress.next < batch.count, sized < Self.sliceLimit,
                sized == 0 || bytes.readableBytes - start < budget, !context.isAbandoned()
            {
                let index = progress.next
                let sizedResult = service.sizeResult(
                    index, batch.request(index), sizing: sizing, fitOnly: batch.fitOnly, filling: .freeRoomOnly)
                if more {
                    VarlinkReply(
                        body: BackButtonInterface.SizeMany.Reply(results: [sizedResult]),
                        continues: index < batch.count - 1
                    ).write(into: &bytes)
                } else {
                    if index > 0 { bytes.writeInteger(UInt8(ascii: ",")) }
                    sizedResult.encode(into: &bytes)
                }
                progress.next += 1
                sized += 1
            }
            guard progress.next == batch.count || context.isAbandoned() else { return false }
            if !more { bytes.writeString("]}}\u{0}") }
            progress.next = batch.count
            return true
        }
    }
}
