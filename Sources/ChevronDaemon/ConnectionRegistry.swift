import NIOCore
import Synchronization

/// The open connections: whether each is in a call, so that shutdown can close idle ones at
/// once and let busy ones finish the call in flight.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        var busy = false
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

    /// Marks a connection busy with a call.
    func beginCall(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.busy = true }
    }

    /// Marks a connection idle; returns false when it should close now (shutdown).
    func endCall(_ channel: any Channel) -> Bool {
        state.withLock { state in
            state.entries[ObjectIdentifier(channel)]?.busy = false
            return !state.shuttingDown
        }
    }

    /// Begins shutdown: closes idle connections; busy ones close after their call.
    func shutDown() {
        let idle = state.withLock { state in
            state.shuttingDown = true
            return state.entries.values.filter { !$0.busy }.map(\.channel)
        }
        for channel in idle { channel.close(promise: nil) }
    }

    /// Closes every connection, busy or not (the shutdown bound has passed).
    func closeAll() {
        let all = state.withLock { $0.entries.values.map(\.channel) }
        for channel in all { channel.close(promise: nil) }
    }
}
