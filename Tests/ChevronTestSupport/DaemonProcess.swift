import Foundation
import Glibc

/// The built `chevrond`, started on a socket in a fresh temporary folder.
public final class DaemonProcess {
    /// The folder holding the built executables: `make test` exports it; otherwise this
    /// package's debug build folder.
    public static var binaryDirectory: URL {
        if let directory = ProcessInfo.processInfo.environment["CHEVRON_BIN_DIR"] {
            return URL(fileURLWithPath: directory)
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }

    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    public static var executable: String { binaryDirectory.appendingPathComponent("chevrond").path }

    public let folder: URL
    public let socketPath: String
    public let process = Process()
    private let logFile: URL

    /// Starts chevrond with `arguments` (plus `--socket` unless `socket` is false) and waits
    /// until it answers.
    /// - Parameter folderMode: the mode of the folder its socket is made in, set before it starts
    ///   (0o777 for a daemon that a launcher runs as another user).
    public init(
        _ arguments: [String] = [], environment: [String: String] = [:], launcher: [String] = [],
        socket: Bool = true, waitForSocket: Bool = true, folderMode: Int? = nil
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chevrond-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let folderMode {
            try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder.path)
        }
        socketPath = folder.appendingPathComponent("chevrond.sock").path
        logFile = folder.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let all = launcher + [Self.executable] + (socket ? ["--socket", socketPath] : []) + arguments
        process.executableURL = URL(fileURLWithPath: all[0])
        process.arguments = Array(all.dropFirst())
        var merged = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID"] {
            merged.removeValue(forKey: key)
        }
        merged.merge(environment) { $1 }
        process.environment = merged
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        if waitForSocket { try waitUntilAnswering() }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Polls until a connection to the socket succeeds (at most 30 s).
    public func waitUntilAnswering() throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if (try? VarlinkTestClient(path: socketPath)) != nil { return }
            guard process.isRunning else { throw VarlinkTestClient.Failure.system("chevrond exited: \(log)") }
            usleep(20_000)
        }
        throw VarlinkTestClient.Failure.system("chevrond did not answer within 30 s: \(log)")
    }

    /// A new client connection.
    public func connect() throws -> VarlinkTestClient { try VarlinkTestClient(path: socketPath) }

    /// What chevrond logged so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Sends `signal` to the daemon.
    public func send(signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the daemon to exit (at most `timeout` seconds); its exit status, or nil.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits until the log contains `text` (at most `timeout` seconds).
    public func waitForLog(_ text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if log.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }
}
