import ChevronVarlink

/// Where one connection is in its life and what answers its frames, as a value: the handler
/// (`VarlinkConnectionHandler`) asks it what it may do and tells it what happened, and does the
/// I/O itself. Kept apart from the handler (SwiftNIO's pattern) so that every transition is
/// tested without a socket (`ConnectionStateMachineTests`).
struct ConnectionStateMachine {
    /// What answers the connection's frames now.
    enum Work {
        /// Nothing: waiting frames are answered in order as the peer reads.
        case idle
        /// A worker unit runs; frames wait for it.
        case onWorker
        /// An answer written a unit at a time (a big SizeMany), to continue before any frame.
        case streaming(any VarlinkReplyStream)

        var isIdle: Bool {
            if case .idle = self { return true }
            return false
        }
    }

    /// Where the connection is in its life, with what answers its frames. `readHeld`: the
    /// pipeline asked for bytes while reading was not allowed, so reading resumes once it is.
    enum State {
        /// Reading and answering.
        case open(Work, readHeld: Bool)
        /// The peer shut its writing side: what it sent is answered, then the connection closes.
        case inputClosed(Work, readHeld: Bool)
        /// The daemon shuts down: nothing more is read; what was received is answered, then the
        /// connection closes.
        case shuttingDown(Work)
        /// Closing once the replies written so far are on the wire: nothing more is read or
        /// answered.
        case closing
    }

    /// Frames waiting above which reading pauses.
    let queueLimit: Int

    private(set) var state = State.open(.idle, readHeld: false)

    init(queueLimit: Int) {
        self.queueLimit = queueLimit
    }

    /// What answers the connection's frames (`.idle` once it closes). Setting it once closing
    /// changes nothing: a worker that ends after the close has nothing to answer.
    var work: Work {
        get {
            switch state {
            case .open(let work, _), .inputClosed(let work, _), .shuttingDown(let work): work
            case .closing: .idle
            }
        }
        set {
            switch state {
            case .open(_, let readHeld): state = .open(newValue, readHeld: readHeld)
            case .inputClosed(_, let readHeld): state = .inputClosed(newValue, readHeld: readHeld)
            case .shuttingDown: state = .shuttingDown(newValue)
            case .closing: break
            }
        }
    }

    /// Whether the pipeline asked for bytes while reading was not allowed.
    private(set) var readHeld: Bool {
        get {
            switch state {
            case .open(_, let readHeld), .inputClosed(_, let readHeld): readHeld
            case .shuttingDown, .closing: false
            }
        }
        set {
            switch state {
            case .open(let work, _): state = .open(work, readHeld: newValue)
            case .inputClosed(let work, _): state = .inputClosed(work, readHeld: newValue)
            case .shuttingDown, .closing: break
            }
        }
    }

    var isClosing: Bool {
        if case .closing = state { return true }
        return false
    }

    /// Whether bytes may be read now: while open (or answering what the peer sent before it
    /// shut its side), the peer reads its replies (`writable`) and fewer than `queueLimit`
    /// frames wait.
    func mayRead(writable: Bool, queued: Int) -> Bool {
        switch state {
        case .open, .inputClosed: writable && queued < queueLimit
        case .shuttingDown, .closing: false
        }
    }

    /// The pipeline asks for bytes: true to read now, false when held until `resumeRead` says so.
    mutating func read(writable: Bool, queued: Int) -> Bool {
        if mayRead(writable: writable, queued: queued) { return true }
        readHeld = true
        return false
    }

    /// Whether a held read should go ahead now (it is then no longer held).
    mutating func resumeRead(writable: Bool, queued: Int) -> Bool {
        guard readHeld, mayRead(writable: writable, queued: queued) else { return false }
        readHeld = false
        return true
    }

    /// The peer shut its writing side: answer what it sent, then close.
    mutating func inputClosed() {
        if case .open(let work, let readHeld) = state { state = .inputClosed(work, readHeld: readHeld) }
    }

    /// The daemon shuts down: answer what was received, read nothing more.
    mutating func shutDown() {
        switch state {
        case .open(let work, _), .inputClosed(let work, _): state = .shuttingDown(work)
        case .shuttingDown, .closing: break
        }
    }

    /// Whether the connection should close now: its input is over (the peer's end or shutdown),
    /// nothing is being answered and no frame waits.
    func isDone(queued: Int) -> Bool {
        switch state {
        case .inputClosed(.idle, _), .shuttingDown(.idle): queued == 0
        case .open, .inputClosed, .shuttingDown, .closing: false
        }
    }

    /// Starts closing; false when it already was (close once).
    mutating func beginClosing() -> Bool {
        if isClosing { return false }
        state = .closing
        return true
    }
}
