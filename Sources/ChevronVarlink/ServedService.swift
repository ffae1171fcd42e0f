
/// What a daemon's server and connection handler need of the service they serve: answers to
/// parsed calls, and the errors and the count of messages that never became calls. The
/// transport knows nothing else of it.
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

/// A service a daemon runs from start to exit: it answers calls (`CallResponder`), and the few
/// moments of the daemon's life ask something of it. Each answers what the daemon should log,
/// as lines, so that the service needs no logger of its own; ChevronService is the one chevrond
/// serves.
public protocol DaemonService: CallResponder {
    /// Loads what is served and warms it before the first call is accepted.
    func prepareToServe() -> [ServiceLogLine]
    /// Loads everything again (SIGHUP), keeping what cannot be loaded as it was.
    func reloadOnSignal() -> [ServiceLogLine]
    /// Work that must not delay readiness, done once serving, on a worker thread.
    func workAfterStart() -> [ServiceLogLine]
    /// The one-line status systemd shows.
    var statusLine: String { get }
    /// Makes the service report what `source` gives as the transport's counts.
    func reportTransport(with source: @escaping @Sendable () -> TransportStatistics)
}

/// One line a service asks the daemon to log.
public struct ServiceLogLine: Sendable, Equatable {
    public enum Level: Sendable, Equatable { case info, warning, error }
    public let level: Level
    public let message: String

    public init(_ level: Level, _ message: String) {
        self.level = level
        self.message = message
    }
}

/// What a transport counts of itself, for GetStatistics: connections, and where calls were
/// answered (a daemon's event loops answer from memory, hand work to workers, or do short work
/// themselves).
public struct TransportStatistics: Sendable {
    /// Connections open now, accepted since start (refused ones included), refused over a limit.
    public var open = 0
    public var accepted = 0
    public var refused = 0
    /// Calls answered from memory on an event loop, handed to a worker, and worked out on an
    /// event loop.
    public var answeredFromMemory = 0
    public var deferredToWorkers = 0
    public var workedOnEventLoop = 0

    /// Creates statistics.
    public init(
        open: Int = 0, accepted: Int = 0, refused: Int = 0, answeredFromMemory: Int = 0,
        deferredToWorkers: Int = 0, workedOnEventLoop: Int = 0
    ) {
        self.open = open
        self.accepted = accepted
        self.refused = refused
        self.answeredFromMemory = answeredFromMemory
        self.deferredToWorkers = deferredToWorkers
        self.workedOnEventLoop = workedOnEventLoop
    }
}
