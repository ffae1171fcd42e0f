import ChevronVarlink
import Synchronization

/// The transport's own counts: connections accepted, open and refused, and where calls were
/// answered. Kept by the server and its connection handlers; `GetStatistics` reports them
/// (`DaemonService.reportTransport`).
public final class TransportCounts: Sendable {
    private let openCount = Atomic<Int>(0)
    private let acceptedCount = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)
    private let fromMemory = Atomic<Int>(0)
    private let deferred = Atomic<Int>(0)
    private let workedOnLoop = Atomic<Int>(0)

    /// Creates counts at zero.
    public init() {}

    /// Counts an accepted connection; returns how many are open now, this one included.
    func opened() -> Int {
        acceptedCount.add(1, ordering: .relaxed)
        return openCount.add(1, ordering: .relaxed).newValue
    }

    /// Counts a connection that ended.
    func closed() { openCount.subtract(1, ordering: .relaxed) }

    /// Counts a connection refused over the limit (it was opened, then closed at once).
    func refused() { refusedCount.add(1, ordering: .relaxed) }

    /// Counts a call answered on the event loop from memory (replies or a stream to write).
    func answeredFromMemory() { fromMemory.add(1, ordering: .relaxed) }
    /// Counts a call whose work went to a worker thread.
    func deferredToWorker() { deferred.add(1, ordering: .relaxed) }
    /// Counts a call whose short work the event loop did itself.
    func workedOnEventLoop() { workedOnLoop.add(1, ordering: .relaxed) }

    /// The counts now.
    public var statistics: TransportStatistics {
        TransportStatistics(
            open: openCount.load(ordering: .relaxed), accepted: acceptedCount.load(ordering: .relaxed),
            refused: refusedCount.load(ordering: .relaxed), answeredFromMemory: fromMemory.load(ordering: .relaxed),
            deferredToWorkers: deferred.load(ordering: .relaxed),
            workedOnEventLoop: workedOnLoop.load(ordering: .relaxed))
    }
}
