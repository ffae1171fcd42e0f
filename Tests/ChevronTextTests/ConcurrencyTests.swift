import ChevronText
import Testing

/// Many tasks at once get exactly the answers one task gets alone.
struct ConcurrencyTests {
    @Test func concurrentMeasurementsEqualSerialOnes() async throws {
        let requests = [
            classicFont, FontRequest(pattern: "DejaVu Sans", size: 17),
            FontRequest(pattern: "Noto Sans:bold", size: 13.5),
        ]
        let serialEngine = try TextEngine()
        var serial: [String: TextMeasurement] = [:]
        for (position, request) in requests.enumerated() {
            for title in sampleTitles {
                serial["\(position)|\(title)"] = try serialEngine.measure(title, font: request)
            }
        }
        // A fresh engine, so the tasks race through resolution, fallback and face opening too.
        let engine = try TextEngine()
        let results = try await withThrowingTaskGroup(of: [String: TextMeasurement].self) { group in
            for worker in 0..<16 {
                group.addTask {
                    var mine: [String: TextMeasurement] = [:]
                    for round in 0..<5 {
                        for (position, request) in requests.enumerated() {
                            let titles = (worker + round) % 2 == 0 ? sampleTitles : sampleTitles.reversed()
                            for title in titles {
                                // Odd rounds also truncate, so uncached probes run beside cached reads.
                                if !round.isMultiple(of: 2) {
                                    _ = try engine.truncate(title, font: request, maxWidth: 40)
                                }
                                mine["\(position)|\(title)"] = try engine.measure(title, font: request)
                            }
                        }
                    }
                    return mine
                }
            }
            var all: [[String: TextMeasurement]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for result in results { #expect(result == serial) }
    }
}
