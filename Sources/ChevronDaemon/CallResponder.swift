import ChevronService
import ChevronVarlink
import Synchronization

/// What the daemon's server and connection handler need of the service they serve: answers to
/// parsed calls, and the errors and the count of messages that never became calls. The
/// transport knows nothing else of it; `ChevronService` is the one chevrond serves.
public protocol CallResponder: Sendable {
    /// Answers `call`. Without `mayBlock` (an event loop), a method that needs work that may
    /// block returns it as `.work`, to be run elsewhere; the call is read only once. A stream
    /// comes only when `context.allowsStreaming`.
    func respond(_ call: VarlinkCall, context: VarlinkCallContext, mayBlock: Bool) -> VarlinkOutcome
    /// The reader of `method`'s parameters, so a call's parameters are read into their type in
    /// the pass that reads the frame (nil for a method it does not serve).
    func parametersReader(for method: String) -> VarlinkParametersReader?
    /// The error a message that is not a call gets: invalid JSON or UTF-8, too deep, wrong members.
    func invalidMessage(_ reason: String) -> VarlinkError
    /// The error a message over `limit` bytes gets.
    func messageTooLong(limit: Int) -> VarlinkError
    /// Counts a message that never became a call (invalid, too long, cut by the peer's end).
    func countRejectedMessage()
}

extension ChevronService: CallResponder {
    public func respond(_ call: VarlinkCall, context: VarlinkCallContext, mayBlock: Bool) -> VarlinkOutcome {
        varlink.respond(call, context: context, mayBlock: mayBlock)
    }

    public func parametersReader(for method: String) -> VarlinkParametersReader? {
        Self.parametersReader(for: method)
    }

    public func invalidMessage(_ reason: String) -> VarlinkError { Self.invalidMessage(reason) }

    public func messageTooLong(limit: Int) -> VarlinkError { Self.messageTooLong(limit: limit) }

    public func countRejectedMessage() { varlink.countRejectedMessage() }
}

/// The transport's own counts: connections accepted, open and refused, and where calls were
/// answered. Kept by the server and its connection handlers; `GetStatistics` reports them
/// (`ChevronService.reportTransport`).
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
    public var statistics: ChevronService.TransportStatistics {
        ChevronService.TransportStatistics(
            open: openCount.load(ordering: .relaxed), accepted: acceptedCount.load(ordering: .relaxed),
            refused: refusedCount.load(ordering: .relaxed), answeredFromMemory: fromMemory.load(ordering: .relaxed),
            deferredToWorkers: deferred.load(ordering: .relaxed),
            workedOnEventLoop: workedOnLoop.load(ordering: .relaxed))
    }
}
