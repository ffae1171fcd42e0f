import ChevronVarlink
import Logging
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// Reloads looks and fonts on SIGHUP, telling systemd `RELOADING=1` then `READY=1`.
struct ReloadOnHangup: Service {
    /// Trapped before READY=1, so an early SIGHUP reloads instead of killing the daemon.
    let hangups: UnixSignalsSequence
    let service: any DaemonService
    /// The rescan runs on a worker thread: it blocks in fontconfig.
    let workers: NIOThreadPool
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async {
        // Shutdown ends the wait for the next signal; that is the normal way out, not a failure.
        await cancelWhenGracefulShutdown {
            for await _ in hangups {
                notifier.notify("RELOADING=1\nMONOTONIC_USEC=\(SystemdNotifier.monotonicMicroseconds())")
                let service = service
                guard let lines = try? await workers.runIfActive({ service.reloadOnSignal() }) else { continue }
                ChevronDaemon.log(lines, to: logger)
                notifier.notify("READY=1\nSTATUS=\(service.statusLine)")
            }
        }
    }
}
