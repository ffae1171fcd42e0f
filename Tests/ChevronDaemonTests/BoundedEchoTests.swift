import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// What a caller sends back to itself, or into the log, is bounded: errors echo at most 200
/// bytes of its input, and a flood of the same log line is counted, not written out.
@Suite(.serialized)
struct BoundedEchoTests {
    @Test func anErrorEchoesAtMost200BytesOfTheInputMarkedAsCut() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let language = String(repeating: "x", count: 900_000)  // one 900 KB "subtag": not BCP 47
        let invalid = try client.call(
            "io.chevron.Text.MeasureText", ["text": "Back", "font": ["language": language]])
        #expect(invalid.error == "io.chevron.Text.InvalidValue")
        let message = try #require(invalid.string("message"))
        #expect(message.utf8.count <= 200 + 40, "\(message.utf8.count) bytes")
        #expect(message.contains("[cut: 899900 bytes]"), "\(message)")  // 100 kept of 900,000

        let name = String(repeating: "é", count: 50_000)  // 100,000 bytes, two per character
        let unknown = try client.call("io.chevron.BackButton.Size", ["title": "Back", "look": name])
        #expect(unknown.error == "io.chevron.BackButton.UnknownLook")
        let look = try #require(unknown.string("look"))
        #expect(
            look.hasPrefix(String(repeating: "é", count: 100)) && !look.hasPrefix(String(repeating: "é", count: 101)))
        #expect(look.hasSuffix("… [cut: 99800 bytes]"), "\(look.suffix(40))")  // 100 characters kept
        #expect((unknown.parameters["known"] as? [String])?.contains("classic") == true)
    }

    /// A reason echoing a method name is cut once, at 200 bytes, and the mark counts the bytes
    /// left out: the reason's whole length less what is kept, whatever the length.
    @Test(arguments: [190, 1_000, 100_000])
    func theCutMarkCountsTheBytesLeftOut(length: Int) throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let method = String(repeating: "m", count: length)  // no dot: not a qualified name
        let whole = "\"\(method)\" is not a qualified method name like org.example.Interface.Method"
        try client.send(["method": method])
        let reply = Reply(try client.receive())
        #expect(reply.error == "io.chevron.Service.InvalidMessage")
        let reason = try #require(reply.string("reason"))
        let parts = reason.components(separatedBy: "… [cut: ")
        try #require(parts.count == 2, "cut once: \(reason.suffix(60))")
        let kept = parts[0]
        #expect(kept.utf8.count <= 200 && whole.hasPrefix(kept), "\(kept.utf8.count) bytes kept")
        #expect(parts[1] == "\(whole.utf8.count - kept.utf8.count) bytes]", "\(reason.suffix(60))")
    }

    @Test func aFloodOfRefusedConnectionsIsAFewLinesAndACount() throws {
        let daemon = try DaemonProcess(["--max-connections", "1"])
        // The one slot may still be the start-up probe's: connect until this client is served.
        var connected: VarlinkTestClient?
        for _ in 0..<200 where connected == nil {
            let client = try daemon.connect()
            if let reply = try? client.call("org.varlink.service.GetInfo"), reply.error == nil {
                connected = client
            } else {
                usleep(10_000)
            }
        }
        let held = try #require(connected)
        // Root (the tests' user) may open 4 more beyond the limit: once the probe is gone, take them.
        for _ in 0..<500 {
            let connections = try held.call("io.chevron.Service.GetStatistics").parameters["connections"] as? [String: Int]
            if connections?["open"] == 1 { break }
            usleep(10_000)
        }
        // On a loaded machine the probe's slot can outlast that wait: a connection refused for it
        // is counted with the others below, and the next one is served.
        var reserve: [VarlinkTestClient] = []
        for _ in 0..<200 where reserve.count < 4 {
            let client = try daemon.connect()
            if let reply = try? client.call("org.varlink.service.GetInfo"), reply.error == nil {
                reserve.append(client)
            } else {
                usleep(10_000)
            }
        }
        #expect(reserve.count == 4)
        // Then 300 connections are refused.
        for _ in 0..<300 { _ = try? daemon.connect().isClosedByPeer() }
        #expect(daemon.waitForLog("refusing a connection"))
        usleep(300_000)
        let lines = daemon.log.split(separator: "\n").filter { $0.contains("refusing a connection") }
        #expect(lines.count == 10, "at most 10 lines in 5 s, not \(lines.count)")
        #expect(lines.allSatisfy { $0.contains("the limit of 1 open connections and the 4 kept for root") })
        // After the interval, the next line says how many were left out: every refusal but the
        // ten logged (the statistics count them all).
        let statistics = try held.call("io.chevron.Service.GetStatistics")
        let refused = try #require((statistics.parameters["connections"] as? [String: Int])?["refused"])
        #expect(refused >= 300)
        usleep(5_100_000)
        _ = try? daemon.connect().isClosedByPeer()
        #expect(
            daemon.waitForLog("(and \(refused - 10) more like it, not logged)"), "\(daemon.log.suffix(300))")
        withExtendedLifetime(reserve) {}
    }
}
