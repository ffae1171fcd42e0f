import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// Every bound and every kind of bad input: each gets a Varlink error or a logged close, the
/// daemon keeps running, and a good client is served afterwards.
@Suite(.serialized)
struct WireBoundsTests {
    /// A well-behaved client on a new connection gets a correct answer, for a title never seen
    /// before: shaped by a worker, so starved workers would show here too.
    static func expectServed(_ daemon: DaemonProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let client = try daemon.connect()
        let title = "Back \(UUID().uuidString.prefix(8))"
        let reply = try client.call(
            "io.chevron.BackButton.Size", ["title": title, "look": "modern", "device": "ipad-11"])
        #expect(reply.error == nil, sourceLocation: sourceLocation)
        #expect(reply.string("displayedTitle") == title, sourceLocation: sourceLocation)
        #expect(daemon.process.isRunning, sourceLocation: sourceLocation)
    }

    /// Sends raw bytes (a NUL appended) and returns the reply.
    static func reply(to text: [UInt8], on client: VarlinkTestClient) throws -> Reply {
        try client.send(text + [0])
        return Reply(try client.receive())
    }

    @Test func malformedMessagesGetInvalidMessageAndTheConnectionGoesOn() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let cases: [(bytes: [UInt8], reason: String)] = [
            (Array(#"{"method": "io.chevron.BackButton.Size""#.utf8), "expected , or }"),
            (
                Array(#"{"method":"io.chevron.BackButton.Size","parameters":{"title":""#.utf8) + [0xFF, 0xFE]
                    + Array(#""}}"#.utf8), "not valid UTF-8"
            ),
            (
                Array(#"{"method":"io.chevron.BackButton.Size","parameters":{"title":"\udead"}}"#.utf8),
                "unpaired surrogate"
            ),
            (
                Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8),
                "deeper than"
            ),
            (Array(#"["io.chevron.BackButton.Size"]"#.utf8), "must be a JSON object"),
            (Array(#"{"method":"Size"}"#.utf8), "not a qualified method name"),
            (Array(#"{"method":"io.chevron.BackButton.Size","extra":1}"#.utf8), "not a member of a call"),
            (Array(#"{"method":"io.chevron.BackButton.Size","more":"yes"}"#.utf8), "must be a boolean"),
        ]
        for (bytes, reason) in cases {
            let reply = try Self.reply(to: bytes, on: client)
            #expect(reply.error == "io.chevron.Service.InvalidMessage", "\(reason)")
            #expect(reply.string("reason")?.contains(reason) == true, "\(reply.parameters)")
        }
        // A raw NUL inside a string ends the message there: both halves are refused.
        try client.send(
            Array(#"{"method":"io.chevron.BackButton.Size","parameters":{"title":"Ba"#.utf8) + [0]
                + Array(#"ck"}}"#.utf8) + [0])
        for _ in 0..<2 {
            #expect(Reply(try client.receive()).error == "io.chevron.Service.InvalidMessage")
        }
        // The same connection still answers.
        #expect(try client.call("io.chevron.BackButton.Size", ["title": "Back"]).error == nil)
        try Self.expectServed(daemon)
    }

    @Test func wrongParametersNameTheParameter() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let cases: [(method: String, parameters: [String: Any], parameter: String)] = [
            ("io.chevron.BackButton.Size", ["title": "Back", "colour": "red"], "colour"),
            ("io.chevron.BackButton.Size", ["title": 42], "title"),
            ("io.chevron.BackButton.Size", ["title": "Back", "scale": 1.5], "scale"),
            ("io.chevron.BackButton.Size", ["title": "Back", "overflow": "wrap"], "overflow"),
            ("io.chevron.BackButton.Size", ["stack": [["title": "A"], ["name": "B"]]], "stack[1].name"),
            ("io.chevron.BackButton.Size", ["title": "Back\u{0}Door"], "title"),
            ("io.chevron.Text.MeasureText", ["text": "Hi", "font": ["size": "big"]], "font.size"),
            ("io.chevron.Text.MeasureText", [:], "text"),
            ("io.chevron.BackButton.SizeMany", ["requests": [["title": "A"]], "x": 1], "x"),
            ("org.varlink.service.GetInfo", ["verbose": true], "verbose"),
            // Numbers beyond what an integer field can hold are refused, not converted.
            ("io.chevron.BackButton.Size", ["title": "Back", "scale": 1e300], "scale"),
            ("io.chevron.BackButton.Size", ["title": "Back", "scale": 9_007_199_254_740_993.0], "scale"),
            (
                "io.chevron.Text.MeasureText", ["text": "Hi", "font": ["family": "DejaVu Sans", "weight": -1e300]],
                "font.weight"
            ),
            (
                "io.chevron.Text.MeasureText", ["text": "Hi", "font": ["pattern": "Sans", "slant": "italic"]],
                "font.slant"
            ),
        ]
        for (method, parameters, parameter) in cases {
            let reply = try client.call(method, parameters)
            #expect(reply.error == "org.varlink.service.InvalidParameter", "\(method) \(parameters)")
            #expect(reply.string("parameter") == parameter, "\(method) \(parameters)")
        }
        try Self.expectServed(daemon)
    }

    @Test func valuesOutOfRangeGetTheirInterfacesErrorWithTheLimit() throws {
        let daemon = try DaemonProcess(["--max-text-bytes", "100"])
        let client = try daemon.connect()
        let long = try client.call("io.chevron.BackButton.Size", ["title": String(repeating: "é", count: 51)])
        #expect(long.error == "io.chevron.Text.TextTooLong")
        #expect(long.parameters["limit"] as? Int == 100)
        #expect(long.string("message")?.contains("102 UTF-8 bytes") == true)
        let size = try client.call("io.chevron.Text.MeasureText", ["text": "Hi", "font": ["size": -3]])
        #expect(size.error == "io.chevron.Text.InvalidValue")
        #expect(size.string("parameter") == "font.size")
        let scale = try client.call("io.chevron.BackButton.Size", ["title": "Back", "scale": 7])
        #expect(scale.error == "io.chevron.BackButton.OutOfRange")
        #expect(scale.string("parameter") == "scale")
        let narrow = try client.call("io.chevron.BackButton.Size", ["title": "Back", "maxWidth": 10])
        #expect(narrow.error == "io.chevron.BackButton.WidthTooSmall")
        let neither = try client.call("io.chevron.BackButton.Size", [:])
        #expect(neither.error == "io.chevron.BackButton.MissingTitle")
        let huge = try client.call("io.chevron.Text.MeasureText", ["text": "Hi", "font": ["size": 1e300]])
        #expect(huge.error == "io.chevron.Text.InvalidValue")
        #expect(huge.string("parameter") == "font.size")
        let weight = try client.call(
            "io.chevron.Text.MeasureText", ["text": "Hi", "font": ["family": "Sans", "weight": 5000]])
        #expect(weight.error == "io.chevron.Text.InvalidValue")
        #expect(weight.string("parameter") == "font.weight")
        let wide = try client.call("io.chevron.BackButton.Size", ["title": "Back", "maxWidth": 1e300])
        #expect(wide.error == nil)
        let many = try client.call(
            "io.chevron.BackButton.SizeMany", ["requests": Array(repeating: ["title": "A"], count: 10_001)])
        #expect(many.error == "io.chevron.BackButton.TooManyRequests")
        #expect(many.parameters["limit"] as? Int == 10_000)
        try Self.expectServed(daemon)
    }

    @Test func aMessageOverTheLimitIsRefusedUnbufferedAndTheNextOneIsAnswered() throws {
        let daemon = try DaemonProcess(["--max-message-bytes", "4096"])
        let client = try daemon.connect()
        // 1 MiB without a NUL, in pieces: refused once it passes 4096 bytes, the rest dropped.
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        for _ in 0..<16 { try client.send(chunk) }
        let refused = Reply(try client.receive())
        #expect(refused.error == "io.chevron.Service.MessageTooLong")
        #expect(refused.parameters["limit"] as? Int == 4096)
        // The NUL ends the discarded message; the following call is answered normally.
        try client.send([0])
        #expect(try client.call("io.chevron.BackButton.Size", ["title": "Back"]).error == nil)
        try Self.expectServed(daemon)
    }

    @Test func callsSentBeforeTheClientShutsItsWritingSideAreAnswered() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        try client.send(["method": "io.chevron.BackButton.Size", "parameters": ["title": "Half"]])
        try client.send(["method": "io.chevron.BackButton.Size", "parameters": ["title": "Closed"]])
        shutdown(client.descriptor, Int32(SHUT_WR))
        #expect(Reply(try client.receive()).string("displayedTitle") == "Half")
        #expect(Reply(try client.receive()).string("displayedTitle") == "Closed")
        #expect(client.isClosedByPeer())
    }

    @Test func aConnectionSendingNothingButInvalidMessagesIsClosed() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        try client.send([UInt8](repeating: 0, count: 150))  // 150 empty messages
        var refused = 0
        while let reply = try? client.receive() {
            #expect(reply["error"] as? String == "io.chevron.Service.InvalidMessage")
            refused += 1
        }
        #expect(refused == 100)  // then closed
        #expect(daemon.waitForLog("100 invalid messages in a row"))
        try Self.expectServed(daemon)
    }

    @Test func connectionsOverTheLimitAreClosedAndLogged() throws {
        let daemon = try DaemonProcess(["--max-connections", "3"])
        // Wait until the start-up probe's connection is gone: only this client is open. Each
        // connection is counted on its own event loop, so the probe may be counted after this
        // client: wait for both to be accepted, not only for one to be open.
        let first = try daemon.connect()
        var connections: [String: Int] = [:]
        for _ in 0..<500 where connections["open"] != 1 || (connections["accepted"] ?? 0) < 2 {
            connections =
                try first.call("io.chevron.Service.GetStatistics").parameters["connections"] as? [String: Int] ?? [:]
            usleep(10_000)
        }
        try #require(connections["open"] == 1 && connections["accepted"] == 2, "\(connections)")
        // Root (the tests' user) may open 4 connections beyond the limit: all 7 are served.
        var held = try [first] + (0..<6).map { _ in try daemon.connect() }
        for client in held { #expect(try client.call("org.varlink.service.GetInfo").error == nil) }
        let extra = try daemon.connect()
        #expect(extra.isClosedByPeer())
        #expect(daemon.waitForLog("refusing a connection"))
        let statistics = try held[0].call("io.chevron.Service.GetStatistics")
        #expect((statistics.parameters["connections"] as? [String: Int])?["refused"] == 1)
        // Freeing a slot lets a new client in.
        held.removeLast()
        usleep(200_000)
        try Self.expectServed(daemon)
    }

    @Test func anIdleConnectionIsClosedAfterTheTimeout() throws {
        let daemon = try DaemonProcess(["--idle-timeout", "1"])
        let idle = try daemon.connect()
        #expect(try idle.call("org.varlink.service.GetInfo").error == nil)
        // Closed, and by the idle timeout: its log line says so.
        #expect(idle.isClosedByPeer())
        #expect(daemon.waitForLog("idle timeout"))
        try Self.expectServed(daemon)
    }

    @Test func aFrameCutByEndOfFileAndADisconnectMidCallHurtNobody() throws {
        let daemon = try DaemonProcess()
        do {
            let cut = try daemon.connect()
            try cut.send(Array(#"{"method":"io.chevron.BackButton.Size","parameters":{"ti"#.utf8))
        }  // closed here, mid-message
        #expect(daemon.waitForLog("in the middle of a"))
        do {
            let leaving = try daemon.connect()
            let requests = (0..<2000).map { ["title": "Title number \($0)"] }
            try leaving.send(["method": "io.chevron.BackButton.SizeMany", "parameters": ["requests": requests]])
        }  // closed before the reply
        try Self.expectServed(daemon)
        let statistics = try daemon.connect().call("io.chevron.Service.GetStatistics")
        let calls = statistics.parameters["calls"] as? [[String: Any]] ?? []
        #expect(calls.first { $0["method"] as? String == "unknown" }?["errors"] as? Int == 1)
    }

    @Test func aClientThatNeverReadsIsHeldBackAndOthersAreStillServed() throws {
        // The idle timeout is longer than the wait allowed below: the good client is served
        // while the hog is still connected, not after it is closed.
        let daemon = try DaemonProcess(["--idle-timeout", "6"])
        let hog = try daemon.connect()
        // Far more replies than the socket buffers hold, never read.
        let call = Array(#"{"method":"io.chevron.BackButton.Size","parameters":{"title":"Settings"}}"#.utf8) + [0]
        var batch: [UInt8] = []
        for _ in 0..<2000 { batch += call }
        var sent = 0
        var flags = fcntl(hog.descriptor, F_GETFL)
        flags |= O_NONBLOCK
        _ = fcntl(hog.descriptor, F_SETFL, flags)
        for _ in 0..<100 {
            let written = batch.withUnsafeBytes {
                Glibc.send(hog.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { break }
            sent += written
        }
        #expect(sent > 0)
        try Self.expectServed(daemon)
        // Served while the hog is still connected: the idle timeout has not closed it yet.
        #expect(!daemon.log.contains("idle timeout"), "a good client waited on the hog")
        // The daemon stopped answering the hog when its replies piled up: far fewer Size calls
        // were answered than it sent.
        let statistics = try daemon.connect().call("io.chevron.Service.GetStatistics")
        let calls = statistics.parameters["calls"] as? [[String: Any]] ?? []
        let sizes = calls.first { $0["method"] as? String == "io.chevron.BackButton.Size" }?["calls"] as? Int ?? 0
        #expect(sizes < sent / call.count / 2, "\(sizes) of \(sent / call.count) calls answered")
        // Once its reads stop, the hog is closed after the idle timeout.
        #expect(daemon.waitForLog("idle timeout", timeout: 15))
        try Self.expectServed(daemon)
    }
}
