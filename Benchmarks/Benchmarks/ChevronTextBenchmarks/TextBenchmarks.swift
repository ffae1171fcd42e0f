import Benchmark
import ChevronText
import Foundation

/// Per-title measuring and sizing cost over Benchmarks/floors/titles.txt, uncached and cached.
///
/// One iteration measures every title once; Benchmarks/scripts/bench.sh divides by the title
/// count and by the HarfBuzz floor that Benchmarks/floors/floors.sh measures in the same run. The floor shapes with
/// Liberation Sans Bold at 12 pt, kerning on, so the main pair of benchmarks uses that request; the
/// classic look's request (Helvetica Bold, kerning off) is measured beside it.
let benchmarks: @Sendable () -> Void = {
    let titles = BenchmarkTitles.load()
    let floorFont = FontRequest(pattern: "Liberation Sans:bold", size: 12)
    let classicFont = FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"])

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 3,
        maxDuration: .seconds(10), maxIterations: 60)

    for (label, request) in [("floor font", floorFont), ("classic font", classicFont)] {
        // Uncached: a zero budget stores nothing, so every call itemises and shapes. Fonts,
        // fallback chains and faces are warmed in setup, as the floor opens its font once.
        var uncachedConfiguration = TextEngine.Configuration()
        uncachedConfiguration.cacheByteBudget = 0
        let engines = [
            ("uncached", try? TextEngine(configuration: uncachedConfiguration)), ("cached", try? TextEngine()),
        ]
        for (kind, engine) in engines {
            guard let engine else { fatalError("no font configuration") }
            Benchmark("\(kind) \(label), \(titles.count) titles") { _ in
                for title in titles { blackHole(try engine.measure(title, font: request)) }
            } setup: {
                for title in titles { _ = try engine.measure(title, font: request) }
            }
        }
    }

    registerLookBenchmarks(titles: titles)
}

/// The benchmark titles: `CHEVRON_TITLES`, else Benchmarks/floors/titles.txt, found from this
/// source file's place, whatever the working directory.
enum BenchmarkTitles {
    static func load() -> [String] {
        let path =
            ProcessInfo.processInfo.environment["CHEVRON_TITLES"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("floors/titles.txt").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            fatalError("cannot read titles from \(path); set CHEVRON_TITLES")
        }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
