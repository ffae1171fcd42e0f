import ServiceLifecycle

/// Sends `WATCHDOG=1` at half of systemd's `WATCHDOG_USEC`, until graceful shutdown.
struct Watchdog: Service {
    let interval: Duration
    let notifier: SystemdNotifier

    func run() async {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            notifier.notify("WATCHDOG=1")
            // Shutdown interrupts the sleep; that ends the loop, it is not a failure.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
