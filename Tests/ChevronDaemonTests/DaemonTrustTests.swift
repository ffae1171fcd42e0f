import ChevronTestSupport
import Foundation
import Testing

/// Whom the CLI talks to, and what it does when chevrond refuses it: a daemon that runs as a
/// user the CLI does not trust is not used, and a connection the daemon refuses (past a user's
/// share) falls back to this process, said once. Users via setpriv, so these tests need root.
@Suite(
    .serialized,
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
struct DaemonTrustTests {
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// `chevron ARGUMENTS`, as `uid` when given, its catalogue on standard input.
    static func chevron(_ arguments: [String], as uid: Int? = nil, input: String = "\"a\" = \"Zurück\";\n") throws
        -> Run
    {
        let chevron = DaemonProcess.binaryDirectory.appendingPathComponent("chevron").path
        let process = Process()
        if let uid {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", chevron] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["HOME": "/tmp"]) { $1 }
        } else {
            process.executableURL = URL(fileURLWithPath: chevron)
            process.arguments = arguments
        }
        let output = Pipe()
        let error = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: error.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: error) }
        let standardInput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: error)
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
            error: (try? String(contentsOf: error, encoding: .utf8)) ?? "")
    }

    /// A chevrond run as nobody (uid 65534) is not used by root's CLI unless told to trust it:
    /// by default this process answers and says why; with --daemon, exit 3; --trust-user by
    /// name or number, or the project file's trustUsers, lets it be used.
    @Test func aDaemonOfAnotherUserIsTrustedOnlyWhenSaid() throws {
        let daemon = try DaemonProcess(
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"], folderMode: 0o777)
        let socket = ["--socket", daemon.socketPath]
        let untrusted = try Self.chevron(["check", "-", "--look", "classic"] + socket)
        #expect(untrusted.status == 0, "\(untrusted.error)")
        #expect(
            untrusted.error.contains("chevrond at \(daemon.socketPath) is not used (it runs as nobody (uid 65534)"),
            "\(untrusted.error)")
        #expect(untrusted.error.contains("answering in this process"))
        let required = try Self.chevron(["check", "-", "--look", "classic", "--daemon"] + socket)
        #expect(required.status == 3 && required.error.contains("is not used: it runs as nobody"), "\(required.error)")
        for trust in ["nobody", "65534"] {
            let trusted = try Self.chevron(
                ["check", "-", "--look", "classic", "--daemon", "--trust-user", trust] + socket)
            #expect(trusted.status == 0 && !trusted.error.contains("not used"), "\(trust): \(trusted.error)")
        }
        let project = daemon.folder.appendingPathComponent("project.json")
        try #"{"files": ["-"], "looks": ["classic"], "trustUsers": ["nobody"]}"#.write(
            to: project, atomically: true, encoding: .utf8)
        let byProject = try Self.chevron(["check", "--config", project.path, "--daemon"] + socket)
        #expect(byProject.status == 0, "\(byProject.error)")
        let unknown = try Self.chevron(["check", "-", "--trust-user", "no-such-user-here"] + socket)
        #expect(unknown.status == 2 && unknown.error.contains("--trust-user no-such-user-here: no such user"))
    }

    /// A user whose share of connections is taken: the daemon closes the next one unanswered, and
    /// the CLI says so once and answers in this process (it ended with exit 3, "I/O on closed
    /// channel", before); with --daemon it exits 3 saying why.
    @Test func aRefusedConnectionFallsBackToThisProcess() throws {
        let daemon = try DaemonProcess(["--max-connections", "8"])  // 2 per user
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: daemon.folder.path)
        let holder = try ConnectionShareTests.Holder(uid: 65534, count: 2, socketPath: daemon.socketPath)
        defer { holder.release() }
        #expect(holder.outcomes == ["served", "served"], "\(holder.outcomes)")
        let refused = try Self.chevron(["check", "-", "--look", "classic", "--socket", daemon.socketPath], as: 65534)
        #expect(refused.status == 0, "\(refused.error)")
        let said = refused.error.split(separator: "\n").filter {
            $0.contains("closed the connection without answering")
        }
        #expect(said.count == 1 && said[0].contains("answering in this process"), "\(refused.error)")
        #expect(refused.output.contains("full title"), "\(refused.output)")
        let required = try Self.chevron(
            ["check", "-", "--look", "classic", "--socket", daemon.socketPath, "--daemon"], as: 65534)
        #expect(required.status == 3 && required.error.contains("closed the connection without answering"))
    }
}
