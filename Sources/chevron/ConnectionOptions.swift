import ArgumentParser
import ChevronClient
import ChevronInProcess
import ChevronText
import Foundation

/// Where the answers come from: chevrond when its socket answers, else the same engine in this
/// process; `--daemon` requires chevrond, `--local` does without it.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: "chevrond's socket (default: as chevrond chooses it).")
    var socket: String?

    @Flag(name: .long, help: "Run the engine in this process instead of asking chevrond.")
    var local = false

    @Flag(name: .long, help: "Require chevrond: exit 3 when it does not answer (default: answer in this process then).")
    var daemon = false

    @Flag(
        name: .long,
        help:
            "Say nothing on standard error but errors: not that this process answers when chevrond does not, nor a check's notes (substituted fonts, files in no language, reports written)."
    )
    var quiet = false

    @Option(
        name: .long,
        help: "A folder of look manifests (*.json) to add to the built-in looks; answers in this process.")
    var looksDir: String?

    @Option(
        name: .customLong("fonts-dir"),
        help:
            "A folder of font files to use besides the system's (repeatable); its faces win over system faces that match as well. Answers in this process."
    )
    var fontsDirs: [String] = []

    func validate() throws {
        if local, daemon { throw ValidationError("--local and --daemon exclude each other") }
        if daemon, looksDir != nil {
            throw ValidationError("--looks-dir answers in this process; chevrond has its own (chevrond --looks-dir)")
        }
        if daemon, !fontsDirs.isEmpty {
            throw ValidationError("--fonts-dir answers in this process; chevrond has its own (chevrond --fonts-dir)")
        }
        for directory in fontsDirs where !TextEngine.isFontDirectory(directory) {
            throw ValidationError("--fonts-dir \(directory) does not exist, is not a directory or cannot be read")
        }
    }

    /// The socket path the client connects to.
    var socketPath: String {
        socket ?? ChevronClient.defaultSocketPath(environment: ProcessInfo.processInfo.environment, uid: getuid())
    }

    /// Whether this process answers without trying chevrond: `--local`, or options only it takes.
    private var inProcessOnly: Bool { local || looksDir != nil || !fontsDirs.isEmpty }

    /// A connection: in this process with `--local` (or `--looks-dir`, `--fonts-dir`); else
    /// chevrond, or this process when chevrond does not answer and `fallback` allows it (one
    /// line on standard error says so, unless `--quiet`). An unreachable daemon that is required
    /// (`--daemon`, or no fallback) is reported in words (path, what to start) and exits 3.
    /// - Parameter cacheByteBudget: the in-process engine's cache budget; nil for its default.
    func connect(fallback: Bool = true, cacheByteBudget: Int? = nil) async throws -> Connection {
        if inProcessOnly { return try inProcess(cacheByteBudget: cacheByteBudget) }
        do {
            return Connection(client: try await ChevronClient.connect(socketPath: socketPath), socketPath: socketPath)
        } catch {
            let reason = error.message.replacingOccurrences(of: "cannot connect to \(socketPath): ", with: "")
            guard fallback, !daemon else {
                Output.fail(
                    "cannot reach chevrond at \(socketPath) (\(reason))",
                    hint:
                        "Start it with `chevrond` (or `systemctl start chevrond.socket`), pass --socket PATH, or use --local.",
                    status: ExitStatus.unreachable)
            }
            if !quiet {
                Output.standardError(
                    "chevron: chevrond does not answer at \(socketPath.escapingControls) (\(reason.escapingControls)); answering in this process\n"
                )
            }
            return try inProcess(cacheByteBudget: cacheByteBudget)
        }
    }

    /// A client; see `connect(fallback:)`.
    func client(fallback: Bool = true) async throws -> ChevronClient {
        try await connect(fallback: fallback).client
    }

    private func inProcess(cacheByteBudget: Int?) throws -> Connection {
        Connection(
            client: ChevronClient(
                transport: try InProcessTransport(
                    looksDirectory: looksDir, fontDirectories: fontsDirs, cacheByteBudget: cacheByteBudget)),
            socketPath: nil)
    }
}

/// A client, and where it came from: chevrond's socket, or this process (`socketPath` nil).
struct Connection {
    let client: ChevronClient
    let socketPath: String?

    /// Whether this process answers.
    var isInProcess: Bool { socketPath == nil }

    /// Another client to the same place: a new connection to chevrond (the daemon answers one
    /// connection's calls in order, so spreading work over a few runs it side by side), or the
    /// same in-process client, which already runs calls in parallel.
    func another() async throws -> ChevronClient {
        guard let socketPath else { return client }
        return try await ChevronClient.connect(socketPath: socketPath)
    }
}
