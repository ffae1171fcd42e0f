import Benchmark
import ChevronBuiltInLooks
import ChevronLooks
import ChevronText

/// Sizing cost per title for each built-in look, uncached (a zero measurement cache) and cached.
func registerLookBenchmarks(titles: [String]) {
    var uncachedConfiguration = TextEngine.Configuration()
    uncachedConfiguration.cacheByteBudget = 0
    guard let uncachedText = try? TextEngine(configuration: uncachedConfiguration), let cachedText = try? TextEngine()
    else { fatalError("no font configuration") }
    for look in LookRegistry.builtIn.names {
        for (kind, text) in [("uncached", uncachedText), ("cached", cachedText)] {
            let engine = SizingEngine(registry: .builtIn, text: text)
            Benchmark("\(kind) size \(look), \(titles.count) titles") { _ in
                for title in titles { blackHole(try engine.size(SizeRequest(look: look, title: title))) }
            } setup: {
                for title in titles { _ = try engine.size(SizeRequest(look: look, title: title)) }
            }
        }
    }
}
