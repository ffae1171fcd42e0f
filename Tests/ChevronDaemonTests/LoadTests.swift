import ChevronTestSupport
import Foundation
import Testing

/// Many calls on one connection, and many connections at once.
@Suite(.serialized)
struct LoadTests {
    @Test func aThousandPipelinedCallsAreAnsweredInOrder() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let titles = (0..<1000).map { "Title \($0)" }
        var bytes: [UInt8] = []
        for title in titles {
            bytes +=
                Array(
                    try JSONSerialization.data(withJSONObject: [
                        "method": "io.chevron.BackButton.Size", "parameters": ["title": title, "look": "instagram"],
                    ])) + [0]
        }
        try client.send(bytes)  // all of them before reading any reply
        let shown = try titles.map { _ in Reply(try client.receive()).string("displayedTitle") }
        #expect(shown == titles)
    }

    @Test func aHundredConcurrentClientsAreEachAnsweredCorrectly() throws {
        let daemon = try DaemonProcess()
        let clients = try (0..<100).map { _ in try daemon.connect() }
        // Every client has ten calls in flight before any reply is read.
        for (index, client) in clients.enumerated() {
            for call in 0..<10 {
                try client.send(["method": "io.chevron.BackButton.Size", "parameters": ["title": "C\(index) \(call)"]])
            }
        }
        for (index, client) in clients.enumerated() {
            for call in 0..<10 {
                #expect(Reply(try client.receive()).string("displayedTitle") == "C\(index) \(call)")
            }
        }
        let statistics = try clients[0].call("io.chevron.Service.GetStatistics")
        #expect((statistics.parameters["connections"] as? [String: Int])?["open"] == 100)
    }
}
