import ChevronVarlink
import Glibc
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// chevrond from start to exit: load looks, warm fonts, bind, tell systemd, serve, stop.
public enum ChevronDaemon {
    /// Runs the daemon until SIGTERM (or SIGINT); returns when every connection is closed.
    /// - Throws: when the socket cannot be bound or is taken by a live daemon.
    public static func run(configuration: DaemonConfiguration, service: any DaemonService, logger: Logger) async throws {
        var configuration = configuration
        let environment = ProcessInfoEnvironment.current
        let notifier = SystemdNotifier(environment: environment)
        notifier.notify("STATUS=Loading looks and warming fonts")

        log(service.prepareToServe(), to: logger)

        fitConnectionsToDescriptors(&configuration, logger: logger)

        let descriptor = SocketActivation.takeListeningSocket(environment: environment)
        let path =
            descriptor == nil
            ? configuration.socketPath
                ?? DaemonConfiguration.defaultSocketPath(environment: environment, uid: geteuid())
            : nil
        // Real work (matching, shaping, rescans) runs on threads of its own, never on the event
        // loops and never on the Swift pool that runs signals, timers and the watchdog.
        let workerThreads = max(2, System.coreCount)
        let workers = NIOThreadPool(numberOfThreads: workerThreads)
        workers.start()
        defer { workers.shutdownGracefully { _ in } }
        // Bulk work (big batches in slices, large messages) runs on threads of its own, as many
        // as the ordinary workers but at a lower priority: a lone bulk client (a `chevron check`)
        // gets every core, and an ordinary call still gets the CPU first (nice 10 against 0: the
        // light client of Benchmarks/scripts/bench-daemon.sh beside two SizeMany connections
        // stays within 5× its p99 alone).
        let bulk = BulkLane(width: workerThreads)
        defer { bulk.shutDown() }
        // The transport keeps its own counts; GetStatistics reads them from there.
        let counts = TransportCounts()
        service.reportTransport { counts.statistics }
        let server = try await VarlinkServer(
            configuration: configuration, service: service, counts: counts, workers: workers, bulk: bulk, path: path,
            descriptor: descriptor, notifier: notifier, logger: logger)
        logger.info(
            "connections: at most \(configuration.maximumConnections) open, \(configuration.connectionsPerUser) per user; root and uid \(geteuid()) may open \(DaemonConfiguration.administrationReserve) more and are held to no per-user share"
        )
        logger.info(
            "listening", metadata: ["socket": "\(path ?? "fd \(descriptor ?? -1) from systemd")", "pid": "\(getpid())"])

        // SIGHUP is trapped now; SIGTERM and SIGINT by the group before it starts its services,
        // so READY=1 goes out from a service: no signal systemd sends after it can kill us.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let ready = "READY=1\nSTATUS=\(service.statusLine)"
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(
                service: ReloadOnHangup(
                    hangups: hangups, service: service, workers: workers, notifier: notifier, logger: logger)),
            .init(service: ReadyNotifier(notifier: notifier, state: ready)),
            .init(service: WorkAfterStart(service: service, workers: workers, logger: logger)),
        ]
        if let interval = SystemdNotifier.watchdogInterval(environment: environment) {
            services.append(
                .init(
                    service: Watchdog(
                        interval: interval, notifier: notifier, loops: MultiThreadedEventLoopGroup.singleton)))
        }
        // Last, because the group stops services in reverse order: the server stops first, at
        // the signal, and its drain deadline counts from there.
        services.append(.init(service: server, successTerminationBehavior: .gracefullyShutdownGroup))
        var groupConfiguration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownTimeout + .seconds(1)
        groupConfiguration.maximumCancellationDuration = .seconds(2)
        try await ServiceGroup(configuration: groupConfiguration).run()
    }

    /// Logs what a service said, each line at its level.
    static func log(_ lines: [ServiceLogLine], to logger: Logger) {
        for line in lines {
            switch line.level {
            case .info: logger.info("\(line.message)")
            case .warning: logger.warning("\(line.message)")
            case .error: logger.error("\(line.message)")
            }
        }
    }

    /// Raises the open-files soft limit to the hard one, then lowers `maximumConnections` to
    /// what the descriptors left allow (the administrators' reserve and a headroom aside) and
    /// says so: a daemon out of descriptors could not even accept a connection to refuse it.
    static func fitConnectionsToDescriptors(_ configuration: inout DaemonConfiguration, logger: Logger) {
        let (limit, raisedFrom) = DescriptorLimit.raiseSoftLimit()
        if let raisedFrom { logger.info("open files limit raised from \(raisedFrom) to the hard limit, \(limit)") }
        // The event loops' own descriptors (epoll, eventfd, timerfd) are counted below.
        _ = MultiThreadedEventLoopGroup.singleton.next()
        guard let open = DescriptorLimit.openDescriptors() else { return }
        let fit = DescriptorLimit.connectionsThatFit(limit: limit, open: open)
        guard fit < configuration.maximumConnections else { return }
        let capped = max(1, fit)
        logger.warning(
            "--max-connections \(configuration.maximumConnections) does not fit in the open files limit of \(limit) (\(open) open now, \(DescriptorLimit.headroom) kept free, \(DaemonConfiguration.administrationReserve) for root and the daemon's user): serving at most \(capped) connections"
        )
        configuration.maximumConnections = capped
    }
}

/// The process environment as a dictionary, read once where needed.
public enum ProcessInfoEnvironment {
    /// The variables of this process.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// Sends READY=1 once the service group runs (its signal handlers are in place), then waits for
/// shutdown like the other services: a service that ends while the group is shutting down is an
/// error to the group, and SIGTERM may come right after READY=1.
struct ReadyNotifier: Service {
    let notifier: SystemdNotifier
    let state: String

    func run() async {
        notifier.notify(state)
        try? await gracefulShutdown()
    }
}

/// Runs the service's work after start (the fingerprint: hashing the fonts never delays
/// READY=1, and GetFingerprint answers `Pending` meanwhile) on a worker thread, then waits for
/// shutdown.
struct WorkAfterStart: Service {
    let service: any DaemonService
    let workers: NIOThreadPool
    let logger: Logger

    func run() async {
        let service = service
        if let lines = try? await workers.runIfActive({ service.workAfterStart() }) {
            ChevronDaemon.log(lines, to: logger)
        }
        try? await gracefulShutdown()
    }
}
