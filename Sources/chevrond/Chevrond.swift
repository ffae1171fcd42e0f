import ArgumentParser
import ChevronBuiltInLooks
import ChevronDaemon
import ChevronService
import ChevronText
import ChevronVarlink
import Glibc
import Logging

/// `chevrond`: the Chevron daemon, answering Varlink calls on a Unix socket.
@main
struct Chevrond: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chevrond",
        abstract: "Serve back-button and text metrics over Varlink on a Unix socket.",
        discussion: """
            Adopts a listening socket passed by systemd (LISTEN_FDS); otherwise binds --socket, by default \
            $XDG_RUNTIME_DIR/chevron/chevrond.sock, or /run/chevron/chevrond.sock for root. SIGHUP reloads \
            looks and fonts; SIGTERM finishes calls in flight and exits.
            """)

    @Option(name: .long, help: "The socket path to bind.")
    var socket: String?

    @Option(name: .long, help: "The socket file's mode, in octal.")
    var socketMode = "0666"

    @Option(name: .long, help: "A folder of look manifests (*.json).")
    var looksDir: String?

    @Option(
        name: .customLong("fonts-dir"),
        help:
            "A folder of font files to use besides the system's (repeatable); its faces win over system faces that match as well. SIGHUP rescans it."
    )
    var fontsDirs: [String] = []

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(name: .long, help: "The most connections open at once (root and chevrond's own user may open 4 more).")
    var maxConnections = 1024

    @Option(
        name: .long,
        help:
            "The most connections one user may hold at once, root and chevrond's own user aside (default: a quarter of --max-connections)."
    )
    var maxConnectionsPerUser: Int?

    @Option(name: .long, help: "The longest message, in bytes.")
    var maxMessageBytes = VarlinkDefaults.maximumMessageBytes

    @Option(name: .long, help: "The longest title or text, in UTF-8 bytes.")
    var maxTextBytes = TextLimits.defaultTextBytes

    @Option(name: .long, help: "Seconds a connection may send nothing before it is closed.")
    var idleTimeout = 60

    @Option(name: .long, help: "Seconds a message may take from its first byte to its NUL.")
    var messageTimeout = 5

    @Option(name: .long, help: "Seconds SIGTERM waits for calls in flight.")
    var shutdownTimeout = 5

    // 128 MiB holds the measurements of a 100,000-title catalogue in six looks (about 242,000,
    // 102 MB by the cache's estimate), so a second `chevron check` of it is answered from memory.
    @Option(name: .customLong("cache-mib"), help: "The measurement cache's budget, in MiB.")
    var cacheMiB = 128

    /// The option's first spelling, still accepted.
    @Option(name: .customLong("cache-mi-b"), help: .hidden)
    var oldCacheMiB: Int?

    /// The cache budget given by either spelling.
    var cacheBudgetMiB: Int { oldCacheMiB ?? cacheMiB }

    func validate() throws {
        if let refusal = AddressSpaceLimit.refusal { throw ValidationError(refusal) }
        guard UInt32(socketMode, radix: 8).map({ $0 <= 0o777 }) == true else {
            throw ValidationError("--socket-mode \(socketMode) is not an octal mode from 0 to 0777")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level \(logLevel) is not one of trace, debug, info, notice, warning, error, critical")
        }
        for (name, value, range) in [
            ("--max-connections", maxConnections, 1...65_536),
            ("--max-message-bytes", maxMessageBytes, 64...(64 << 20)),
            ("--max-text-bytes", maxTextBytes, 16...(1 << 20)), ("--idle-timeout", idleTimeout, 1...86_400),
            ("--message-timeout", messageTimeout, 1...3_600),
            ("--shutdown-timeout", shutdownTimeout, 0...3_600), ("--cache-mib", cacheBudgetMiB, 0...65_536),
        ] where !range.contains(value) {
            throw ValidationError("\(name) \(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        if let maxConnectionsPerUser, !(1...maxConnections).contains(maxConnectionsPerUser) {
            throw ValidationError("--max-connections-per-user \(maxConnectionsPerUser) is outside 1…\(maxConnections)")
        }
        for directory in fontsDirs where !TextEngine.isFontDirectory(directory) {
            throw ValidationError("--fonts-dir \(directory) does not exist, is not a directory or cannot be read")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let level = Logger.Level(rawValue: logLevel) ?? .info
        // Each log statement speaks at most 10 times in 5 s; the rest are counted (a flood of
        // refused connections is a few lines, not one per connection).
        let limiter = LogRateLimiter()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return RateLimitedLogHandler(handler, limiter: limiter)
        }
        let logger = Logger(label: "chevrond")

        var daemon = DaemonConfiguration()
        daemon.socketPath = socket
        daemon.socketMode = UInt32(socketMode, radix: 8) ?? 0o666
        daemon.looksDirectory = looksDir
        daemon.maximumConnections = maxConnections
        daemon.maximumConnectionsPerUser = maxConnectionsPerUser
        daemon.maximumMessageBytes = maxMessageBytes
        daemon.maximumTextBytes = maxTextBytes
        daemon.idleTimeout = .seconds(idleTimeout)
        daemon.messageTimeout = .seconds(messageTimeout)
        daemon.shutdownTimeout = .seconds(shutdownTimeout)
        daemon.cacheByteBudget = cacheBudgetMiB << 20
        daemon.logLevel = level

        var textConfiguration = TextEngine.Configuration()
        textConfiguration.cacheByteBudget = daemon.cacheByteBudget
        // The entry bound grows with the budget (one entry per 128 bytes, the default's ratio),
        // so a larger --cache-mib holds more entries, not only bigger ones.
        textConfiguration.cacheEntryLimit = max(textConfiguration.cacheEntryLimit, daemon.cacheByteBudget / 128)
        textConfiguration.limits = TextLimits(maximumTextBytes: maxTextBytes)
        textConfiguration.fontDirectories = fontsDirs
        do {
            let text = try TextEngine(configuration: textConfiguration)
            var configuration = ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: looksDir)
            configuration.maximumMessageBytes = maxMessageBytes
            configuration.fingerprintCacheFile = ChevronService.defaultFingerprintCacheFile(
                environment: ProcessInfoEnvironment.current)
            let service = ChevronService(configuration: configuration, text: text, ownerUID: geteuid())
            try await ChevronDaemon.run(configuration: daemon, service: service, logger: logger)
        } catch {
            logger.critical("cannot serve: \(error)")
            throw ExitCode(1)
        }
    }
}
