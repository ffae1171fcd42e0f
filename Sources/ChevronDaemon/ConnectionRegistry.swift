import CLinuxExtras
import NIOCore
import Synchronization

/// The open connections, so that shutdown can reach every one of them and wait for the last.
final class ConnectionRegistry: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var shuttingDown = false
        var emptyWaiters: [CheckedContinuation<Void, Never>] = []
        var trimScheduled = false
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
        let (waiters, trim) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
            state.channels.removeValue(forKey: ObjectIdentifier(channel))
            let trim = !state.trimScheduled
            state.trimScheduled = true
            guard state.channels.isEmpty else { return ([], trim) }
            defer { state.emptyWaiters = [] }
            return (state.emptyWaiters, trim)
        }
        for waiter in waiters { waiter.resume() }
        // Closed connections may have held large requests: a second after a close (once for a
        // burst of them), give the freed memory back to the system, which glibc would keep.
        if trim {
            channel.eventLoop.scheduleTask(in: .seconds(1)) {
                self.state.withLock { $0.trimScheduled = false }
                malloc_trim(0)
            }
        }
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
