import ServiceLifecycle

/// Sends `WATCHDOG=1` at half of systemd's `WATCHDOG_USEC`, until graceful shutdown.
struct Watchdog: Service {
    let interval: Duration
    let notifier: SystemdNotifier

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            notifier.notify("WATCHDOG=1")
            try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
