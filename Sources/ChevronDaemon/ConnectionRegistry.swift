import NIOCore
import Synchronization

/// The open connections, so that shutdown can reach every one of them and wait for the last.
final class ConnectionRegistry: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var shuttingDown = false
        var emptyWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Adds a connection and removes it when it closes; false once shutdown has begun.
    func add(_ channel: any Channel) -> Bool {
        let added = state.withLock { state in
            guard !state.shuttingDown else { return false }
            state.channels[ObjectIdentifier(channel)] = channel
            return true
        }
        if added { channel.closeFuture.whenComplete { _ in self.remove(channel) } }
        return added
    }

    private func remove(_ channel: any Channel) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.channels.removeValue(forKey: ObjectIdentifier(channel))
            guard state.channels.isEmpty else { return [] }
            defer { state.emptyWaiters = [] }
            return state.emptyWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Begins shutdown: each connection answers what it received, then closes.
    func shutDown() {
        let channels = state.withLock { state in
            state.shuttingDown = true
            return Array(state.channels.values)
        }
        for channel in channels {
            channel.pipeline.fireUserInboundEventTriggered(VarlinkConnectionHandler.ShutdownEvent())
        }
    }

    /// Closes every connection, answered or not (the shutdown bound has passed).
    func closeAll() {
        for channel in state.withLock({ Array($0.channels.values) }) { channel.close(promise: nil) }
    }

    /// Returns once no connection is open.
    func waitUntilEmpty() async {
        await withCheckedContinuation { continuation in
            let empty = state.withLock { state in
                if state.channels.isEmpty { return true }
                state.emptyWaiters.append(continuation)
                return false
            }
            if empty { continuation.resume() }
        }
    }
}
