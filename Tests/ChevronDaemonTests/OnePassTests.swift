import ChevronTestSupport
import Foundation
import Testing

/// Where chevrond answers: a call whose answer is in memory on the event loop; a read's first
/// call whose work is short and waits on nothing (a short text in a face already open) on the
/// event loop too; any other on a worker; decided by looking in memory (GetStatistics counts
/// each). The answers are the same.
@Suite(.serialized)
struct OnePassTests {
    /// GetStatistics' three counters; the GetStatistics call itself is counted after it answers.
    private func counters(_ client: VarlinkTestClient) throws -> (memory: Int, workers: Int, loop: Int) {
        let statistics = try client.call("io.chevron.Service.GetStatistics")
        return (
            (statistics.parameters["answeredFromMemory"] as? Int) ?? -1,
            (statistics.parameters["deferredToWorkers"] as? Int) ?? -1,
            (statistics.parameters["workedOnEventLoop"] as? Int) ?? -1
        )
    }

    @Test func aRepeatedCallIsAnsweredFromMemoryUntilTheFontsAreRescanned() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let size = ["title": "Zephyr Quarterly", "look": "classic"]
        var (memory, workers, loop) = try counters(client)

        let first = try client.call("io.chevron.BackButton.Size", size)
        #expect(first.error == nil)
        var now = try counters(client)
        // The classic look's font is open since chevrond warmed its looks, and has these letters.
        #expect(now.loop == loop + 1, "a short title never sized, in the look's open face, is worked out on the loop")
        #expect(now.workers == workers)
        #expect(now.memory == memory + 1, "only the GetStatistics call was answered from memory")
        (memory, workers, loop) = now

        let second = try client.call("io.chevron.BackButton.Size", size)
        #expect(second.double("width") == first.double("width"))
        #expect(second.string("displayedTitle") == first.string("displayedTitle"))
        now = try counters(client)
        #expect(now.workers == workers && now.loop == loop)
        #expect(now.memory == memory + 2)
        (memory, workers, loop) = now

        // Reload rescans the fonts: what was measured before is stale, and the new fonts are not
        // matched yet, so the Size goes to a worker.
        #expect(try client.call("io.chevron.Service.Reload").error == nil)
        let third = try client.call("io.chevron.BackButton.Size", size)
        #expect(third.double("width") == first.double("width"))
        now = try counters(client)
        #expect(now.workers == workers + 2, "Reload and the stale Size")
        #expect(now.memory == memory + 1 && now.loop == loop)
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
            var (memory, workers, loop) = try counters(client)
            let first = try client.call(method, parameters)
            #expect(first.error == nil, "\(method)")
            var now = try counters(client)
            if method == "io.chevron.Text.Truncate" {
                // MeasureText matched the font just before: the cut is short work in its open face.
                #expect(now.loop == loop + 1 && now.workers == workers, "\(method)")
            } else {
                // The font is matched for the first time; SizeMany is never worked out on the loop.
                #expect(now.workers == workers + 1 && now.loop == loop, "\(method)")
            }
            (memory, workers, loop) = now
            let second = try client.call(method, parameters)
            #expect(try Self.canonical(second.parameters) == Self.canonical(first.parameters), "\(method)")
            now = try counters(client)
            #expect(now.workers == workers && now.loop == loop, "\(method)")
            #expect(now.memory == memory + 2, "\(method)")
        }
    }

    /// What is short work: a text of at most 256 bytes, all in the open face. A long text, one
    /// that needs a fallback face, and a font never matched go to a worker, and so do all but
    /// one of a burst of short calls sent in one write.
    @Test func onlyAReadsFirstShortCallIsWorkedOutOnTheLoop() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let tag = UUID().uuidString.prefix(8)
        func measure(_ text: String, font: [String: Any]? = nil) throws -> Reply {
            var parameters: [String: Any] = ["text": text]
            if let font { parameters["font"] = font }
            let reply = try client.call("io.chevron.Text.MeasureText", parameters)
            #expect(reply.error == nil, "\(text.prefix(40))")
            return reply
        }
        // The Text interface's default font (Helvetica bold) is open since chevrond warmed the
        // classic look, which uses it; fontconfig says its file has no 设 (U+8BBE).
        let primary = try ExternalTools.fcMatch("Helvetica:bold").file
        #expect(try !ExternalTools.filesCovering("\u{8BBE}").contains(primary))
        let cases: [(text: String, font: [String: Any]?, onLoop: Bool)] = [
            ("Short \(tag)", nil, true),
            (String(repeating: "a", count: 256 - 9) + " \(tag)", nil, true),
            (String(repeating: "a", count: 257 - 9) + " \(tag)", nil, false),
            ("设置 \(tag)", nil, false),
            ("Short \(tag)", ["pattern": "DejaVu Serif", "size": 13], false),
        ]
        for item in cases {
            let (_, workers, loop) = try counters(client)
            _ = try measure(item.text, font: item.font)
            let now = try counters(client)
            #expect(now.loop == loop + (item.onLoop ? 1 : 0), "\(item.text.utf8.count) bytes, \(item.font ?? [:])")
            #expect(now.workers == workers + (item.onLoop ? 0 : 1), "\(item.text.utf8.count) bytes")
        }

        // Twenty short calls in one write: the first of each read may be worked out on the loop,
        // the rest go to a worker (1.5 KB comes in one or two reads).
        let (_, workers, loop) = try counters(client)
        var burst: [UInt8] = []
        for index in 0..<20 {
            let message: [String: Any] = [
                "method": "io.chevron.Text.MeasureText", "parameters": ["text": "Burst \(tag) \(index)"],
            ]
            burst += Array(try JSONSerialization.data(withJSONObject: message)) + [0]
        }
        try client.send(burst)
        for index in 0..<20 {
            let reply = Reply(try client.receive())
            #expect(reply.error == nil && (reply.double("width") ?? 0) > 0, "burst call \(index)")
        }
        let now = try counters(client)
        #expect(now.loop - loop <= 2, "\(now.loop - loop) of 20 worked out on the loop")
        #expect(now.loop - loop + now.workers - workers == 20, "the rest went to a worker")
    }

    /// A reply's parameters as JSON text with sorted keys, to compare two replies whole.
    private static func canonical(_ parameters: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys]), as: UTF8.self)
    }
}
