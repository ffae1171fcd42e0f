import ChevronLooks
import ChevronVarlink
import ChevronWire
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
    private let elements: [JSONValue]
    private let more: Bool
    private let context: VarlinkCallContext
    /// The next request to size. The transport calls `next` from one thread at a time; the
    /// lock makes that safe to rely on rather than assumed.
    private let position = Mutex(0)

    init(service: ChevronService, sizing: SizingEngine, elements: [JSONValue], more: Bool, context: VarlinkCallContext)
    {
        self.service = service
        self.sizing = sizing
        self.elements = elements
        self.more = more
        self.context = context
    }

    func next(into bytes: inout [UInt8], budget: Int) -> Bool {
        position.withLock { index in
            let start = bytes.count
            if index == 0, !more { bytes.append(contentsOf: #"{"parameters":{"results":["#.utf8) }
            var sized = 0
            // A client that left gets nothing more: stop measuring for it.
            while index < elements.count, sized < Self.sliceSize, bytes.count - start < budget, !context.isAbandoned() {
                let result = service.sizeResult(index, elements[index], sizing: sizing)
                if more {
                    let reply = VarlinkReply(
                        parameters: BackButtonInterface.SizeMany.Reply(results: [result]).encoded,
                        continues: index < elements.count - 1)
                    bytes.append(contentsOf: reply.frame)
                } else {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    result.encode(into: &bytes)
                }
                index += 1
                sized += 1
            }
            guard index == elements.count || context.isAbandoned() else { return false }
            if !more { bytes.append(contentsOf: "]}}\u{0}".utf8) }
            index = elements.count
            return true
        }
    }
}
