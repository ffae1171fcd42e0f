import NIOCore
import NIOPosix
import ServiceLifecycle

/// Sends `WATCHDOG=1` at half of systemd's `WATCHDOG_USEC`, until graceful shutdown, and only
/// while every event loop still runs the tasks it is given: a hung loop stops the pings and
/// systemd restarts the daemon.
struct Watchdog: Service {
    let interval: Duration
    let notifier: SystemdNotifier
    let loops: any EventLoopGroup

    func run() async {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            var responsive = true
            for loop in loops.makeIterator() where (try? await loop.submit({}).get()) == nil {
                responsive = false
            }
            if responsive { notifier.notify("WATCHDOG=1") }
            // Shutdown interrupts the sleep; that ends the loop, it is not a failure.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
