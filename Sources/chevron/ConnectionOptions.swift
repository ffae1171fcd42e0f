import ArgumentParser
import ChevronBuiltInLooks
import ChevronClient
import ChevronService
import ChevronText
import ChevronVarlink
import Foundation

/// Where the answers come from: chevrond on a socket, or the engine in this process.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: "chevrond's socket (default: as chevrond chooses it).")
    var socket: String?

    @Flag(name: .long, help: "Run the engine in this process instead of asking chevrond.")
    var local = false

    @Option(name: .long, help: "With --local: a folder of look manifests (*.json) to add to the built-in looks.")
    var looksDir: String?

    @Option(
        name: .customLong("fonts-dir"),
        help:
            "With --local: a folder of font files to use besides the system's (repeatable); its faces win over system faces that match as well."
    )
    var fontsDirs: [String] = []

    func validate() throws {
        if looksDir != nil, !local {
            throw ValidationError("--looks-dir works with --local only; chevrond has its own (chevrond --looks-dir)")
        }
        if !fontsDirs.isEmpty, !local {
            throw ValidationError("--fonts-dir works with --local only; chevrond has its own (chevrond --fonts-dir)")
        }
        for directory in fontsDirs where !TextEngine.isFontDirectory(directory) {
            throw ValidationError("--fonts-dir \(directory) does not exist, is not a directory or cannot be read")
        }
    }

    /// The socket path the client connects to.
    var socketPath: String {
        socket ?? ChevronClient.defaultSocketPath(environment: ProcessInfo.processInfo.environment, uid: getuid())
    }

    /// A client: in-process with `--local`, else connected to chevrond. An unreachable daemon
    /// is reported in words (path, what to start) and exits 3.
    func client() async throws -> ChevronClient {
        if local {
            return ChevronClient(
                transport: try InProcessTransport(looksDirectory: looksDir, fontDirectories: fontsDirs))
        }
        do {
            return try await ChevronClient.connect(socketPath: socketPath)
        } catch {
            Output.fail(
                """
                cannot reach chevrond at \(socketPath) (\(error.message.replacingOccurrences(of: "cannot connect to \(socketPath): ", with: "")))
                Start it with `chevrond` (or `systemctl start chevrond.socket`), pass --socket PATH, or use --local.
                """, status: ExitStatus.unreachable)
        }
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
        var replies: [VarlinkReply] = []
        for reply in service.handle(call, context: VarlinkCallContext(peer: peer)) {
            let frame = reply.frame.dropLast()  // the NUL
            do {
                let message = try frame.withUnsafeBytes { bytes throws(JSONParseError) in try JSONParser.parse(bytes) }
                replies.append(try VarlinkReply(message: message))
            } catch {
                throw ChevronClientError(.protocolViolation, message: "an in-process reply did not read back: \(error)")
            }
        }
        return replies
    }

    func close() async {}
}
