import CLinuxExtras
import NIOCore
import Synchronization

/// Who may hold how many connections: every user at most `perUser`, and all together at most
/// `total`; root and the daemon's own user (the administrators) are held to neither, only to
/// `total + reserve`, so they can always connect.
struct ConnectionLimits: Sendable {
    var total: Int
    var perUser: Int
    var reserve: Int
    var administrators: Set<UInt32>

    /// The limits of `configuration` for a daemon running as `ownUID`.
    init(_ configuration: DaemonConfiguration, ownUID: UInt32) {
        total = configuration.maximumConnections
        perUser = configuration.connectionsPerUser
        reserve = DaemonConfiguration.administrationReserve
        administrators = [0, ownUID]
    }
}

/// The open connections, so that shutdown can reach every one of them and wait for the last, and
/// how many each user holds, so that no user takes every slot.
final class ConnectionRegistry: Sendable {
    /// What `admit` decided.
    enum Admission: Equatable {
        case admitted
        /// The total is reached (for administrators: the total and the reserve).
        case full
        /// The peer's user holds its share.
        case userShareTaken
        /// Shutdown has begun.
        case shuttingDown
    }

    private struct State {
        var channels: [ObjectIdentifier: (channel: any Channel, user: UInt32)] = [:]
        var openByUser: [UInt32: Int] = [:]
        var shuttingDown = false
        var emptyWaiters: [CheckedContinuation<Void, Never>] = []
        var trimScheduled = false
    }

    /// The key of a peer whose credentials are unknown: `(uid_t)-1`, which no user has.
    static let unknownUser = UInt32.max

    private let state = Mutex(State())
    private let limits: ConnectionLimits

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Adds a connection from user `uid` (nil when the socket cannot say) within the limits, and
    /// removes it when it closes. Counting and deciding under one lock, so connections accepted
    /// on several event loops at once never pass a bound.
    func admit(_ channel: any Channel, uid: UInt32?) -> Admission {
        let user = uid ?? Self.unknownUser
        let isAdministrator = uid.map { limits.administrators.contains($0) } ?? false
        let admission = state.withLock { state -> Admission in
            guard !state.shuttingDown else { return .shuttingDown }
            if isAdministrator {
                guard state.channels.count < limits.total + limits.reserve else { return .full }
            } else {
                guard state.channels.count < limits.total else { return .full }
                guard state.openByUser[user, default: 0] < limits.perUser else { return .userShareTaken }
            }
            state.channels[ObjectIdentifier(channel)] = (channel, user)
            state.openByUser[user, default: 0] += 1
            return .admitted
        }
        if admission == .admitted { channel.closeFuture.whenComplete { _ in self.remove(channel) } }
        return admission
    }

    private func remove(_ channel: any Channel) {
        let (waiters, trim) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
            if let removed = state.channels.removeValue(forKey: ObjectIdentifier(channel)) {
                let left = state.openByUser[removed.user, default: 1] - 1
                state.openByUser[removed.user] = left > 0 ? left : nil
            }
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
            return state.channels.values.map(\.channel)
        }
        for channel in channels {
            channel.pipeline.fireUserInboundEventTriggered(VarlinkConnectionHandler.ShutdownEvent())
        }
    }

    /// Closes every connection, answered or not (the shutdown bound has passed).
    func closeAll() {
        for channel in state.withLock({ $0.channels.values.map(\.channel) }) { channel.close(promise: nil) }
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
