import ChevronTestSupport
import Foundation
import Testing

/// Where chevrond answers: a call whose answer is in memory on the event loop, any other on a
/// worker, decided by looking in memory (GetStatistics counts both). The answers are the same.
@Suite(.serialized)
struct OnePassTests {
    /// GetStatistics' two counters; the GetStatistics call itself is counted after it answers.
    private func counters(_ client: VarlinkTestClient) throws -> (memory: Int, workers: Int) {
        let statistics = try client.call("io.chevron.Service.GetStatistics")
        return (
            (statistics.parameters["answeredFromMemory"] as? Int) ?? -1,
            (statistics.parameters["deferredToWorkers"] as? Int) ?? -1
        )
    }

    @Test func aRepeatedCallIsAnsweredFromMemoryUntilTheFontsAreRescanned() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let size = ["title": "Zephyr Quarterly", "look": "classic"]
        var (memory, workers) = try counters(client)

        let first = try client.call("io.chevron.BackButton.Size", size)
        #expect(first.error == nil)
        var now = try counters(client)
        #expect(now.workers == workers + 1, "a title never sized goes to a worker")
        #expect(now.memory == memory + 1, "only the GetStatistics call was answered from memory")
        (memory, workers) = now

        let second = try client.call("io.chevron.BackButton.Size", size)
        #expect(second.double("width") == first.double("width"))
        #expect(second.string("displayedTitle") == first.string("displayedTitle"))
        now = try counters(client)
        #expect(now.workers == workers)
        #expect(now.memory == memory + 2)
        (memory, workers) = now

        // Reload rescans the fonts: what was measured before is stale, and goes to a worker again.
        #expect(try client.call("io.chevron.Service.Reload").error == nil)
        let third = try client.call("io.chevron.BackButton.Size", size)
        #expect(third.double("width") == first.double("width"))
        now = try counters(client)
        #expect(now.workers == workers + 2, "Reload and the stale Size")
        #expect(now.memory == memory + 1)
    }

    @Test func measureTruncateAndSizeManyLookInMemoryToo() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let font: [String: Any] = ["pattern": "Liberation Sans:bold", "size": 17]
        let calls: [(String, [String: Any])] = [
            ("io.chevron.Text.MeasureText", ["text": "Quixotic Zebras", "font": font]),
            ("io.chevron.Text.Truncate", ["text": "Quixotic Zebras", "font": font, "maxWidth": 60]),
            ("io.chevron.BackButton.SizeMany", ["requests": [["title": "Jovial"], ["title": 7], ["title": "Fjord"]]]),
        ]
        for (method, parameters) in calls {
            var (memory, workers) = try counters(client)
            let first = try client.call(method, parameters)
            #expect(first.error == nil, "\(method)")
            var now = try counters(client)
            #expect(now.workers == workers + 1, "\(method)")
            (memory, workers) = now
            let second = try client.call(method, parameters)
            #expect(try Self.canonical(second.parameters) == Self.canonical(first.parameters), "\(method)")
            now = try counters(client)
            #expect(now.workers == workers, "\(method)")
            #expect(now.memory == memory + 2, "\(method)")
        }
    }

    /// A reply's parameters as JSON text with sorted keys, to compare two replies whole.
    private static func canonical(_ parameters: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys]), as: UTF8.self)
    }
}
