import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// A message must end within --message-timeout of its first byte: connections that drip a byte
/// now and then are closed and their slots freed, and a message sent in pieces within the
/// deadline is answered.
@Suite(.serialized)
struct SlowSenderTests {
    @Test func dripFedMessagesAreClosedAndTheirSlotsFreed() throws {
        let daemon = try DaemonProcess(["--max-connections", "6", "--idle-timeout", "30", "--message-timeout", "1"])
        let started = Date()
        // Five connections each send one byte every 100 ms and never a NUL.
        let senders = try (0..<5).map { _ in try daemon.connect() }
        var closed = Set<Int>()
        // Until all are closed (20 s at most, before the 30 s idle timeout could close them).
        while Date().timeIntervalSince(started) < 20, closed.count < senders.count {
            for (index, sender) in senders.enumerated() where !closed.contains(index) {
                if (try? sender.send([UInt8(ascii: "{")])) == nil { closed.insert(index) }
            }
            usleep(100_000)
        }
        // Each was closed by the message timeout (its log line says so, where the idle timeout's
        // would say "idle timeout"): sending failed.
        #expect(closed.count == 5, "\(closed.count) of 5 closed")
        #expect(daemon.waitForLog("did not end within 1000 ms of its first byte"))
        #expect(!daemon.log.contains("idle timeout"))
        // Their slots are free again: six fresh clients are all served.
        let fresh = try (0..<6).map { _ in try daemon.connect() }
        for client in fresh { #expect(try client.call("org.varlink.service.GetInfo").error == nil) }
    }

    @Test func aMessageSentInPiecesWithinTheDeadlineIsAnswered() throws {
        let daemon = try DaemonProcess(["--message-timeout", "1"])
        let client = try daemon.connect()
        let message = Array(#"{"method":"org.varlink.service.GetInfo"}"#.utf8) + [0]
        // Half now, half 0.6 s later: 0.6 s from the first byte, under the 1 s deadline.
        try client.send(Array(message[..<10]))
        usleep(600_000)
        try client.send(Array(message[10...]))
        #expect(try client.receive()["error"] == nil)
        // The clock restarts with each message: another such message on the same connection.
        try client.send(Array(message[..<10]))
        usleep(600_000)
        try client.send(Array(message[10...]))
        #expect(try client.receive()["error"] == nil)
    }
}
