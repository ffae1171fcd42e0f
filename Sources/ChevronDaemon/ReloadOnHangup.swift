import ChevronService
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads looks and fonts on SIGHUP, telling systemd `RELOADING=1` then `READY=1`.
struct ReloadOnHangup: Service {
    let service: ChevronService
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        // Shutdown ends the wait for the next signal; that is the normal way out, not a failure.
        await cancelWhenGracefulShutdown {
            for await _ in hangups {
                notifier.notify("RELOADING=1\nMONOTONIC_USEC=\(SystemdNotifier.monotonicMicroseconds())")
                let outcome = ChevronDaemon.reload(service, logger: logger)
                notifier.notify("READY=1\nSTATUS=\(ChevronDaemon.status(service, generation: outcome.generation))")
            }
        }
    }
}
