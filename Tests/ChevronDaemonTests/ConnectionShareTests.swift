import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// One local user cannot hold every connection: each user other than root and the daemon's own
/// gets at most `--max-connections-per-user` (a quarter of `--max-connections` by default), and
/// root and the daemon's user keep a few slots beyond the total. Clients run as other users via
/// setpriv, so these tests need root.
@Suite(
    .serialized,
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
struct ConnectionShareTests {
    /// Connects `count` times as `uid`, one connection after the other, each calling GetInfo;
    /// prints `served`, `refused` (closed by the daemon) or `timeout` for each, then `holding`,
    /// and keeps every connection open (one call each 5 s) until its standard input closes.
    static let holder = """
        import select, socket, sys, time
        path, count = sys.argv[1], int(sys.argv[2])
        held = []
        def call(s):
            s.sendall(b'{"method":"org.varlink.service.GetInfo"}\\0')
            data = b""
            while not data.endswith(b"\\0"):
                chunk = s.recv(65536)
                if not chunk: raise ConnectionResetError()
                data += chunk
        for n in range(count):
            s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(path)
            try:
                call(s); held.append(s); print("served", flush=True)
            except socket.timeout:
                print("timeout", flush=True)
            except OSError:
                print("refused", flush=True)
        print("holding", flush=True)
        while not select.select([sys.stdin], [], [], 5)[0]:
            for s in held: call(s)
        """

    /// A holder running as another user.
    final class Holder {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        /// One word per connection, in order.
        private(set) var outcomes: [String] = []

        init(uid: Int, count: Int, socketPath: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "/usr/bin/python3", "-c", ConnectionShareTests.holder,
                socketPath, "\(count)",
            ]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var text = ""
            while !text.contains("holding\n") {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                text += String(decoding: data, as: UTF8.self)
            }
            outcomes = text.split(separator: "\n").map(String.init).filter { $0 != "holding" }
        }

        func count(_ outcome: String) -> Int { outcomes.filter { $0 == outcome }.count }

        /// Closes its connections and waits for it to exit.
        func release() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        deinit { if process.isRunning { release() } }
    }

    static func connections(_ client: VarlinkTestClient) throws -> [String: Int] {
        try client.call("io.chevron.Service.GetStatistics").parameters["connections"] as? [String: Int] ?? [:]
    }

    /// A root client, once the start-up probe's connection is gone.
    static func firstClient(_ daemon: DaemonProcess) throws -> VarlinkTestClient {
        let client = try daemon.connect()
        var connections: [String: Int] = [:]
        for _ in 0..<500 where connections["open"] != 1 || (connections["accepted"] ?? 0) < 2 {
            connections = try Self.connections(client)
            usleep(10_000)
        }
        try #require(connections["open"] == 1 && connections["accepted"] == 2, "\(connections)")
        return client
    }

    @Test func aUserGetsAQuarterOfTheConnectionsAndRootStillGetsIn() throws {
        let daemon = try DaemonProcess(["--max-connections", "8"])  // 2 per user by default
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: daemon.folder.path)
        let admin = try Self.firstClient(daemon)

        // nobody asks for all 8 and gets 2; the rest are closed at once, none left hanging.
        let nobody = try Holder(uid: 65534, count: 8, socketPath: daemon.socketPath)
        #expect(nobody.outcomes == ["served", "served"] + Array(repeating: "refused", count: 6), "\(nobody.outcomes)")
        #expect(daemon.waitForLog("refusing a connection from uid 65534: the limit of 2 open connections per user"))
        #expect(try Self.connections(admin)["refused"] == 6)

        // Root is served, and so is another user, who has a share of its own.
        try WireBoundsTests.expectServed(daemon)
        let other = try Holder(uid: 65533, count: 3, socketPath: daemon.socketPath)
        #expect(other.outcomes == ["served", "served", "refused"], "\(other.outcomes)")

        // Root fills the total (8: its 4 and the two users' 2 each)...
        for _ in 0..<500 where try Self.connections(admin)["open"] != 5 { usleep(10_000) }
        var held = [admin]
        for _ in 0..<3 {
            let client = try daemon.connect()
            #expect(try client.call("org.varlink.service.GetInfo").error == nil)
            held.append(client)
        }
        #expect(try Self.connections(admin)["open"] == 8)
        // ...then a third user is refused: the total is reached.
        let third = try Holder(uid: 65532, count: 1, socketPath: daemon.socketPath)
        #expect(third.outcomes == ["refused"], "\(third.outcomes)")
        #expect(daemon.waitForLog("refusing a connection from uid 65532: the limit of 8 open connections is reached"))
        // Root still gets in: 4 slots beyond the total are kept for root and the daemon's user.
        for _ in 0..<4 {
            let client = try daemon.connect()
            #expect(try client.call("org.varlink.service.GetInfo").error == nil)
            held.append(client)
        }
        let beyond = try daemon.connect()
        #expect(beyond.isClosedByPeer())
        #expect(daemon.waitForLog("and the 4 kept for root and the daemon's user are taken"))

        // Once nobody lets go, its share is free again.
        nobody.release()
        other.release()
        third.release()
        held.removeLast(4)
        usleep(300_000)
        let again = try Holder(uid: 65534, count: 3, socketPath: daemon.socketPath)
        #expect(again.outcomes == ["served", "served", "refused"], "\(again.outcomes)")
        again.release()
    }

    @Test func theShareIsAnOptionNoLargerThanTheTotal() throws {
        let daemon = try DaemonProcess(["--max-connections", "8", "--max-connections-per-user", "3"])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: daemon.folder.path)
        _ = try Self.firstClient(daemon)
        let nobody = try Holder(uid: 65534, count: 4, socketPath: daemon.socketPath)
        #expect(nobody.outcomes == ["served", "served", "served", "refused"], "\(nobody.outcomes)")
        nobody.release()

        let tooMany = try DaemonProcess(
            ["--max-connections", "8", "--max-connections-per-user", "9"], waitForSocket: false)
        #expect(tooMany.waitForExit() == 64)
        #expect(tooMany.log.contains("--max-connections-per-user 9 is outside 1…8"), "\(tooMany.log)")
    }
}
