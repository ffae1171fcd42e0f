import Synchronization

/// Admits bulk work (the slices of big batches, the parsing of large messages) to the worker
/// threads a few units at a time, so that at least one worker is always free for ordinary
/// calls: a connection sizing 7,000 titles cannot make another's single measurement wait for
/// all workers. Waiting units start in the order they asked, whichever connection they are
/// from, so bulk connections take turns too.
public final class BulkLane: Sendable {
    private struct State {
        var running = 0
        var waiting: [@Sendable () -> Void] = []
    }

    /// How many bulk units may run at once.
    public let width: Int
    private let state = Mutex(State())

    /// A lane `width` units wide (at least 1).
    public init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `start` now if the lane has room, else when a unit ahead of it ends. `start` must
    /// lead to exactly one `finished()`.
    func enter(_ start: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            guard state.running < width else {
                state.waiting.append(start)
                return false
            }
            state.running += 1
            return true
        }
        if now { start() }
    }

    /// Ends a unit and starts the next waiting one, if any.
    func finished() {
        let next = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()  // its slot is the one just freed
        }
        next?()
    }
}
