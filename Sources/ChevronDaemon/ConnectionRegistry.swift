import NIOCore
import Synchronization

/// The open connections and how many received calls each has not answered yet, so that
/// shutdown can close idle ones at once and let the others answer what they received.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        /// Frames received (counted on the event loop) and not yet answered.
        var pending = 0
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var shuttingDown = false
    }

    private let state = Mutex(State())

    /// Adds a connection; false when shutdown has begun (the caller closes it).
    func add(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard !state.shuttingDown else { return false }
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel)
            return true
        }
    }

    /// Removes a connection that ended.
    func remove(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Counts a frame the connection received (called on its event loop as the frame arrives).
    func received(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.pending += 1 }
    }

    /// Counts a frame answered; returns false when the connection should close now: shutdown
    /// has begun and it has nothing more to answer.
    func answered(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard var entry = state.entries[ObjectIdentifier(channel)] else { return false }
            entry.pending = max(0, entry.pending - 1)
            state.entries[ObjectIdentifier(channel)] = entry
            return !(state.shuttingDown && entry.pending == 0)
        }
    }

    /// Begins shutdown: closes connections with nothing to answer; the others close once they
    /// have answered every call they received.
    func shutDown() {
        let idle = state.withLock { state in
            state.shuttingDown = true
            return state.entries.values.filter { $0.pending == 0 }.map(\.channel)
        }
        for channel in idle { channel.close(promise: nil) }
    }

    /// Closes every connection, busy or not (the shutdown bound has passed).
    func closeAll() {
        let all = state.withLock { $0.entries.values.map(\.channel) }
        for channel in all { channel.close(promise: nil) }
    }
}
