import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// chevrond under a low descriptor limit: it raises its soft limit to the hard one, serves no
/// more connections than its descriptors allow, refuses the rest at once, and never spins.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
struct DescriptorLimitTests {
    /// The process's CPU time so far (user and system), in seconds.
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = try #require(Double(fields[11])) + #require(Double(fields[12]))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The soft and hard "Max open files" of `pid`.
    static func openFilesLimit(_ pid: Int32) throws -> (soft: Int, hard: Int)? {
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        guard let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") }) else { return nil }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test func outOfDescriptorsTheDaemonRefusesWithoutSpinning() throws {
        let daemon = try DaemonProcess(["--max-connections", "1024"], launcher: ["/usr/bin/prlimit", "--nofile=64:64", "--"])
        let pid = daemon.process.processIdentifier
        #expect(try Self.openFilesLimit(pid)?.soft == 64)
        #expect(daemon.waitForLog("serving at most"), "\(daemon.log)")

        // 150 idle clients, far more than 64 descriptors hold.
        var clients = try (0..<150).map { _ in try VarlinkTestClient(path: daemon.socketPath, timeout: 2) }
        usleep(500_000)
        let before = try Self.cpuSeconds(pid)
        sleep(3)
        let spent = try Self.cpuSeconds(pid) - before
        #expect(spent < 0.5, "\(spent) s of CPU in 3 s with \(clients.count) idle clients")

        // Each is served or was closed at once; none waits unanswered.
        let call = Array(#"{"method":"org.varlink.service.GetInfo"}"#.utf8) + [0]
        for client in clients { try? client.send(call) }
        usleep(1_000_000)
        var served = 0
        var refused = 0
        var hanging = 0
        for client in clients {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(client.descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                served += 1
            } else if count == 0 || errno == ECONNRESET {
                refused += 1
            } else {
                hanging += 1
            }
        }
        #expect(hanging == 0, "\(served) served, \(refused) refused, \(hanging) unanswered")
        #expect(served >= 1 && served < 64, "\(served) served")
        #expect(daemon.waitForLog("refusing a connection"))

        // After the flood, a new client is served.
        clients.removeAll()
        usleep(300_000)
        try WireBoundsTests.expectServed(daemon)
        #expect(daemon.process.isRunning)
    }

    /// With fewer descriptors than even one connection and the reserve need, accept itself fails
    /// (EMFILE): chevrond pauses accepting and logs, instead of retrying on a busy loop.
    @Test func outOfDescriptorsAtAcceptTheDaemonPausesAndLogs() throws {
        let daemon = try DaemonProcess([], launcher: ["/usr/bin/prlimit", "--nofile=20:20", "--"])
        let pid = daemon.process.processIdentifier
        #expect(daemon.waitForLog("serving at most 1 connections"), "\(daemon.log)")
        var clients = try (0..<30).map { _ in try VarlinkTestClient(path: daemon.socketPath, timeout: 2) }
        #expect(daemon.waitForLog("cannot accept connections: Too many open files"), "\(daemon.log)")
        let before = try Self.cpuSeconds(pid)
        sleep(3)
        let spent = try Self.cpuSeconds(pid) - before
        #expect(spent < 0.5, "\(spent) s of CPU in 3 s while accept fails")
        // The log says so a few times, not once per failed accept.
        let lines = daemon.log.split(separator: "\n").filter { $0.contains("cannot accept connections") }
        #expect(lines.count <= 20, "\(lines.count) lines")
        // Once the clients leave, accepting resumes.
        clients.removeAll()
        usleep(300_000)
        try WireBoundsTests.expectServed(daemon)
    }

    @Test func theSoftLimitIsRaisedToTheHardOne() throws {
        let daemon = try DaemonProcess([], launcher: ["/usr/bin/prlimit", "--nofile=64:4096", "--"])
        let limit = try #require(try Self.openFilesLimit(daemon.process.processIdentifier))
        #expect(limit.soft == 4096 && limit.hard == 4096, "\(limit)")
        // 4,096 descriptors hold the default 1,024 connections: no cap.
        #expect(!daemon.log.contains("serving at most"), "\(daemon.log)")
        try WireBoundsTests.expectServed(daemon)
    }
}
