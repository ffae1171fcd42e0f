import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// Start, readiness, reload, stop: signals, systemd's notify socket and socket activation.
@Suite(.serialized)
struct LifecycleTests {
    static let goodManifest = """
        {"name": "wide", "font": {"pattern": "Helvetica:bold", "size": 12, "features": ["-kern"]},
         "height": 30, "art": {"width": 50, "leftCap": 15}, "titleInsets": {"left": 15, "right": 10},
         "padding": 25, "maximumWidth": 200, "overflow": "truncate"}
        """

    @Test func sighupReloadsAGoodManifestAndKeepsTheLookOfABrokenOne() throws {
        let looks = FileManager.default.temporaryDirectory.appendingPathComponent("looks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: looks) }
        let daemon = try DaemonProcess(["--looks-dir", looks.path])
        let client = try daemon.connect()
        #expect(try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "wide"]).error != nil)

        try Self.goodManifest.write(to: looks.appendingPathComponent("wide.json"), atomically: true, encoding: .utf8)
        daemon.send(signal: SIGHUP)
        #expect(daemon.waitForLog("reloaded: generation 2"))
        let wide = try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "wide"])
        let back = try ExternalTools.hbShapeWidth(
            file: MethodTests.helveticaBold, text: "Back", size: 12, features: ["-kern"])
        #expect(wide.double("width") == max(back + 25, 50).rounded(.up))  // the manifest's padding and art

        try "{\"name\": \"wide\", ".write(
            to: looks.appendingPathComponent("wide.json"), atomically: true, encoding: .utf8)
        daemon.send(signal: SIGHUP)
        #expect(daemon.waitForLog("reloaded: generation 3"))
        #expect(daemon.log.contains("wide.json"))
        #expect(
            try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": "wide"]).double("width")
                == wide.double("width"))
        // Reload over the socket reports the broken file in its reply.
        let reload = try client.call("io.chevron.Service.Reload")
        let problems = reload.parameters["problems"] as? [[String: String]] ?? []
        #expect(problems.contains { $0["file"]?.hasSuffix("wide.json") == true })
        #expect((reload.parameters["looks"] as? [String])?.contains("wide") == true)
        #expect(reload.parameters["generation"] as? Int == 4)
    }

    @Test func sigtermFinishesTheCallInFlightThenExitsZeroAndRemovesTheSocket() throws {
        // A shutdown timeout long enough for the call on a loaded machine (a debug build sizes
        // these titles in about a second alone, and in several beside other test suites).
        let daemon = try DaemonProcess(["--shutdown-timeout", "30"])
        let client = try daemon.connect()
        let idle = try daemon.connect()
        // A long call: thousands of unseen titles, measured for the first time.
        let requests = (0..<5000).map { ["title": "In flight \($0) \(UUID().uuidString.prefix(6))"] }
        try client.send(["method": "io.chevron.BackButton.SizeMany", "parameters": ["requests": requests]])
        // Long enough for the whole message to arrive; the call itself takes far longer.
        usleep(200_000)
        daemon.send(signal: SIGTERM)
        let reply = try #require(try? client.receive(), "no reply; the daemon logged: \(daemon.log)")
        #expect((Reply(reply).parameters["results"] as? [Any])?.count == 5000)
        #expect(daemon.waitForExit(timeout: 35) == 0)
        #expect(idle.isClosedByPeer())
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(daemon.log.contains("shutting down"))
    }

    @Test func sigtermExitsWithinTheTimeoutWhenAClientNeverReads() throws {
        let daemon = try DaemonProcess(["--shutdown-timeout", "2"])
        let hog = try daemon.connect()
        let call = Array(#"{"method":"io.chevron.BackButton.Size","parameters":{"title":"Settings"}}"#.utf8) + [0]
        var flags = fcntl(hog.descriptor, F_GETFL)
        flags |= O_NONBLOCK
        _ = fcntl(hog.descriptor, F_SETFL, flags)
        let batch = Array([[UInt8]](repeating: call, count: 2000).joined())
        for _ in 0..<50 {
            if batch.withUnsafeBytes({ Glibc.send(hog.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) <= 0
            {
                break
            }
        }
        usleep(300_000)
        daemon.send(signal: SIGTERM)
        // It exits, and by the shutdown timeout (not by the hog leaving): its log line says so.
        #expect(daemon.waitForExit(timeout: 10) == 0)
        #expect(daemon.log.contains("shutdown timeout passed"))
    }

    @Test func notifiesReadyWatchdogReloadingAndStoppingOnTheNotifySocket() throws {
        let listener = try DatagramListener()
        let daemon = try DaemonProcess(
            [], environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "200000"])
        let ready = try listener.receive(until: { $0.contains("READY=1") })
        #expect(ready.contains { $0.contains("STATUS=") })
        _ = try listener.receive(until: { $0 == "WATCHDOG=1" })
        daemon.send(signal: SIGHUP)
        let reloading = try listener.receive(until: { $0.contains("RELOADING=1") })
        let line = try #require(reloading.last?.split(separator: "\n").first { $0.hasPrefix("MONOTONIC_USEC=") })
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        let stamp = try #require(UInt64(line.dropFirst("MONOTONIC_USEC=".count)))
        #expect(stamp <= microseconds && microseconds - stamp < 10_000_000)
        _ = try listener.receive(until: { $0.contains("READY=1") })
        daemon.send(signal: SIGTERM)
        _ = try listener.receive(until: { $0.contains("STOPPING=1") })
        #expect(daemon.waitForExit() == 0)
    }

    @Test func notifiesReadyOnAnAbstractNotifySocket() throws {
        let listener = try DatagramListener(path: "@chevron-test-\(UUID().uuidString.prefix(8))")
        let daemon = try DaemonProcess([], environment: ["NOTIFY_SOCKET": listener.path])
        _ = try listener.receive(until: { $0.contains("READY=1") })
        daemon.send(signal: SIGTERM)
        #expect(daemon.waitForExit() == 0, "\(daemon.log)")
    }

    @Test func servesASocketPassedBySystemdSocketActivate() throws {
        let tool = "/usr/bin/systemd-socket-activate"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "systemd-socket-activate is missing")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("activate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("chevrond.sock").path
        let daemon = try DaemonProcess([], launcher: [tool, "-l", path], socket: false, waitForSocket: false)
        // systemd-socket-activate binds at once and starts chevrond on the first connection.
        var client: VarlinkTestClient?
        for _ in 0..<200 where client == nil {
            client = try? VarlinkTestClient(path: path, timeout: 30)
            if client == nil { usleep(20_000) }
        }
        let connected = try #require(client)
        #expect(try connected.call("org.varlink.service.GetInfo").error == nil)
        #expect(daemon.log.contains("fd 3 from systemd"))
        daemon.send(signal: SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func aStaleSocketFileIsReplacedAndALiveDaemonIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("chevrond.sock").path
        // A socket file nobody listens on: bound, then closed.
        let stale = try DatagramListener(path: path, stream: true)
        stale.close()
        var status = stat()
        #expect(lstat(path, &status) == 0)

        let first = try DaemonProcess(["--socket", path], socket: false, waitForSocket: false)
        var served = false
        for _ in 0..<500 where !served {
            if let reply = try? VarlinkTestClient(path: path).call("org.varlink.service.GetInfo") {
                served = reply.error == nil
            }
            if !served { usleep(20_000) }
        }
        #expect(served)
        let second = try DaemonProcess(["--socket", path], socket: false, waitForSocket: false)
        #expect(second.waitForExit() == 1)
        #expect(second.log.contains("already answers on \(path)"))
        #expect(first.process.isRunning)
    }

    @Test func theSocketModeIsConfigurable() throws {
        let open = try DaemonProcess()
        var status = stat()
        #expect(stat(open.socketPath, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o666)
        let closed = try DaemonProcess(["--socket-mode", "0600"])
        #expect(stat(closed.socketPath, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let bad = try DaemonProcess(["--socket-mode", "999"], waitForSocket: false)
        #expect(bad.waitForExit() != 0)
        #expect(bad.log.contains("--socket-mode 999"))
    }
}

/// A Unix socket the test owns: a datagram socket standing in for systemd's notify socket, or a
/// stream socket bound and closed to leave a stale socket file.
final class DatagramListener {
    let path: String
    let descriptor: Int32
    private var closed = false

    init(path: String? = nil, stream: Bool = false) throws {
        self.path =
            path
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))")
            .path
        let type = stream ? SOCK_STREAM : SOCK_DGRAM
        descriptor = socket(AF_UNIX, Int32(type.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(self.path.utf8)
        // "@name" is the abstract namespace: a leading NUL and an exact length (sd_notify(3)).
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length =
            abstract
            ? socklen_t(MemoryLayout<sa_family_t>.size + bytes.count) : socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard result == 0 else { throw VarlinkTestClient.Failure.system("bind \(self.path): \(errno)") }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    func close() {
        if !closed { Glibc.close(descriptor) }
        closed = true
    }

    deinit {
        close()
        if !path.hasPrefix("@") { unlink(path) }
    }

    /// Datagrams until one satisfies `done`; all of them, that one last.
    func receive(until done: (String) -> Bool) throws -> [String] {
        var messages: [String] = []
        while true {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { throw VarlinkTestClient.Failure.system("no notification within 10 s: \(messages)") }
            let message = String(decoding: buffer[..<count], as: UTF8.self)
            messages.append(message)
            if done(message) { return messages }
        }
    }
}
