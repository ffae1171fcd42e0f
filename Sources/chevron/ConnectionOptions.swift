import ArgumentParser
import ChevronBuiltInLooks
import ChevronClient
import ChevronService
import ChevronText
import ChevronVarlink
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

    @Flag(name: .long, help: "Say nothing on standard error when chevrond does not answer and this process answers.")
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
    func connect(fallback: Bool = true) async throws -> Connection {
        if inProcessOnly { return try inProcess() }
        do {
            return Connection(client: try await ChevronClient.connect(socketPath: socketPath), socketPath: socketPath)
        } catch {
            let reason = error.message.replacingOccurrences(of: "cannot connect to \(socketPath): ", with: "")
            guard fallback, !daemon else {
                Output.fail(
                    """
                    cannot reach chevrond at \(socketPath) (\(reason))
                    Start it with `chevrond` (or `systemctl start chevrond.socket`), pass --socket PATH, or use --local.
                    """, status: ExitStatus.unreachable)
            }
            if !quiet {
                FileHandle.standardError.write(
                    Data(
                        "chevron: chevrond does not answer at \(socketPath) (\(reason)); answering in this process\n"
                            .utf8))
            }
            return try inProcess()
        }
    }

    /// A client; see `connect(fallback:)`.
    func client(fallback: Bool = true) async throws -> ChevronClient {
        try await connect(fallback: fallback).client
    }

    private func inProcess() throws -> Connection {
        Connection(
            client: ChevronClient(
                transport: try InProcessTransport(looksDirectory: looksDir, fontDirectories: fontsDirs)),
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

/// The service running in this process, behind the same interface as the daemon's socket:
/// `--local` answers exactly what chevrond would.
final class InProcessTransport: VarlinkTransport {
    private let service: ChevronService
    private let peer = PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid())

    init(looksDirectory: String?, fontDirectories: [String] = []) throws {
        var text = TextEngine.Configuration()
        text.fontDirectories = fontDirectories
        var configuration = ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: looksDirectory)
        configuration.fingerprintCacheFile = ChevronService.defaultFingerprintCacheFile(
            environment: ProcessInfo.processInfo.environment)
        service = ChevronService(
            configuration: configuration, text: try TextEngine(configuration: text), ownerUID: geteuid())
        for problem in service.loadManifests() {
            FileHandle.standardError.write(Data("chevron: manifest \(problem)\n".utf8))
        }
        for file in service.text.skippedFontFiles {
            FileHandle.standardError.write(
                Data("chevron: fonts: skipped \(file): not a font file fontconfig can read\n".utf8))
        }
    }

    /// Each reply goes through its wire form and back, exactly as it would over the socket
    /// (some replies are written as JSON text straight away and have no tree to read).
    func call(_ call: VarlinkCall) async throws(ChevronClientError) -> [VarlinkReply] {
        try Self.readBack(service.handle(call, context: VarlinkCallContext(peer: peer)).map { $0.frame.dropLast() })
    }

    /// As the socket transport reads a typed reply: its parameters read as `T` in the pass that
    /// reads the frame, else the replies read back.
    func call<T: WireStruct>(_ call: VarlinkCall, readingParametersAs type: T.Type)
        async throws(ChevronClientError) -> TypedReply<T>
    {
        let frames = service.handle(call, context: VarlinkCallContext(peer: peer)).map { $0.frame.dropLast() }
        if frames.count == 1,
            let value = frames[0].withUnsafeBytes({ VarlinkReply.parameters(ofFrame: $0, as: type) })
        {
            return .read(value)
        }
        return .replies(try Self.readBack(frames))
    }

    /// Frames (without their NUL) read back into replies.
    private static func readBack(_ frames: [ArraySlice<UInt8>]) throws(ChevronClientError) -> [VarlinkReply] {
        var replies: [VarlinkReply] = []
        for frame in frames {
            do {
                replies.append(
                    try frame.withUnsafeBytes { bytes throws(VarlinkMessageError) in try VarlinkReply.read(frame: bytes)
                    })
            } catch {
                throw ChevronClientError(.protocolViolation, message: "an in-process reply did not read back: \(error)")
            }
        }
        return replies
    }

    func close() async {}
}
