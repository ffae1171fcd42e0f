import Synchronization

/// The service's current fingerprint, if computed: computed after start and after each reload,
/// off the path that makes the daemon ready, and thrown away when what it covers changes.
final class FingerprintStore: Sendable {
    /// Where the fingerprint stands.
    enum Status {
        /// Computed for what the service answers with now.
        case ready(Fingerprint)
        /// Being computed (callers are told to ask again).
        case computing
        /// Not computed since the last change, and nobody is computing it.
        case stale
    }

    private struct State {
        /// Bumped by every change that a fingerprint covers (a reload).
        var revision = 0
        var fingerprint: Fingerprint?
        var computing = false
    }

    /// File hashes, remembered between computations.
    let hashes: FileHashes
    private let state = Mutex(State())

    init(hashes: FileHashes) {
        self.hashes = hashes
    }

    var status: Status {
        state.withLock { state in
            if let fingerprint = state.fingerprint { return .ready(fingerprint) }
            return state.computing ? .computing : .stale
        }
    }

    /// Forgets the fingerprint: what it covers is about to change.
    func invalidate() {
        state.withLock { state in
            state.revision += 1
            state.fingerprint = nil
        }
    }

    /// Computes the fingerprint with `compute` and keeps it, unless a change came meanwhile (then
    /// the next computation, which that change starts, is the one kept). Returns what it computed.
    @discardableResult
    func refresh(_ compute: () -> Fingerprint) -> Fingerprint {
        let revision = state.withLock { state in
            state.computing = true
            return state.revision
        }
        let fingerprint = compute()
        state.withLock { state in
            if state.revision == revision { state.fingerprint = fingerprint }
            state.computing = false
        }
        return fingerprint
    }
}
