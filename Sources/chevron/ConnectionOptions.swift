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

    @Option(
        name: .customLong("trust-user"),
        help:
            "A user (name or uid) whose chevrond this process trusts besides root and itself (repeatable): a daemon in a sidecar container runs as its own user."
    )
    var trustUsers: [String] = []

    @Option(
        name: .customLong("trust-group"),
        help: "A group (name or gid) whose chevrond this process trusts (repeatable).")
    var trustGroups: [String] = []

    func validate() throws {
        for user in trustUsers where Self.uid(of: user) == nil {
            throw ValidationError("--trust-user \(user): no such user")
        }
        for group in trustGroups where Self.gid(of: group) == nil {
            throw ValidationError("--trust-group \(group): no such group")
        }
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
    /// A daemon is trusted when it runs as root, as this user, or as a user or group it is told
    /// to trust (`--trust-user`, `--trust-group`, and `trusting`, a project file's); one that
    /// is not is said and this process answers (with `--daemon`, exit 3). A daemon that closes
    /// the connection before answering (it refuses connections past its limits, per user and
    /// in all) is said once and this process answers too.
    func connect(
        fallback: Bool = true, cacheByteBudget: Int? = nil, trusting: (users: [String], groups: [String]) = ([], [])
    ) async throws -> Connection {
        if inProcessOnly { return try inProcess(cacheByteBudget: cacheByteBudget) }
        let path = socketPath.escapingControls
        let failure: (reason: String, hint: String, said: String)
        do throws(ChevronClientError) {
            let client = try await ChevronClient.connect(socketPath: socketPath)
            guard
                let refusal = await Self.refusal(
                    of: client, trusting: trustUsers + trusting.users, trustGroups + trusting.groups)
            else { return Connection(client: client, socketPath: socketPath) }
            await client.close()
            failure = (
                "chevrond at \(path) is not used: \(refusal)", "Or use --local.",
                "chevrond at \(path) is not used (\(refusal)); answering in this process"
            )
        } catch {
            let reason = error.message.replacingOccurrences(of: "cannot connect to \(socketPath): ", with: "")
            failure = (
                "cannot reach chevrond at \(path) (\(reason))",
                "Start it with `chevrond` (or `systemctl start chevrond.socket`), pass --socket PATH, or use --local.",
                "chevrond does not answer at \(path) (\(reason)); answering in this process"
            )
        }
        guard fallback, !daemon else { Output.fail(failure.reason, hint: failure.hint, status: ExitStatus.unreachable) }
        if !quiet { Output.standardError("chevron: \(failure.said.escapingControls)\n") }
        return try inProcess(cacheByteBudget: cacheByteBudget)
    }

    /// Why `client`'s daemon is not to be used, nil when it is: it runs as a user this process
    /// does not trust, or it closes the connection rather than answer `GetInfo` (a refusal).
    static func refusal(of client: ChevronClient, trusting users: [String], _ groups: [String]) async -> String? {
        if let peer = await client.daemonCredentials() {
            let trustedUsers = Set([0, getuid()] + users.compactMap(uid))
            let trustedGroups = Set(groups.compactMap(gid))
            guard trustedUsers.contains(peer.uid) || trustedGroups.contains(peer.gid) else {
                let name = getpwuid(peer.uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(peer.uid)"
                return "it runs as \(name) (uid \(peer.uid)), a user this process does not trust "
                    + "(--trust-user \(name), or the project file's trustUsers, trusts it)"
            }
        }
        do {
            _ = try await client.call("org.varlink.service.GetInfo")
            return nil
        } catch {
            return "it closed the connection without answering (\(error.message)); it refuses connections "
                + "past its limits (per user and in all)"
        }
    }

    /// The uid a user's name or number names, nil for none.
    static func uid(of user: String) -> UInt32? {
        if let number = UInt32(user) { return number }
        return getpwnam(user).map { $0.pointee.pw_uid }
    }

    /// The gid a group's name or number names, nil for none.
    static func gid(of group: String) -> UInt32? {
        if let number = UInt32(group) { return number }
        return getgrnam(group).map { $0.pointee.gr_gid }
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
    /// Nil when the daemon refuses it (past its per-user share or its total: the caller goes on
    /// with the connections it has).
    func another() async -> ChevronClient? {
        guard let socketPath else { return client }
        guard let other = try? await ChevronClient.connect(socketPath: socketPath) else { return nil }
        guard (try? await other.call("org.varlink.service.GetInfo")) != nil else {
            await other.close()
            return nil
        }
        return other
    }
}
