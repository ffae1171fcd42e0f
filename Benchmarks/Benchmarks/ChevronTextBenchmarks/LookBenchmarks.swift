import Benchmark
import ChevronBuiltInLooks
import ChevronLooks
import ChevronText

/// Sizing cost per title for each built-in look, four ways:
/// - `uncached measure`: measuring the title in the look's font with a zero measurement cache,
///   what `uncached size` is compared with (target: sizing at most 1.5× its measurement);
/// - `uncached size`: a zero measurement cache and no layout cache, so every title is itemised,
///   shaped and (when too long) truncated;
/// - `layout`: the look's layout step run afresh over cached measurements (no layout cache);
/// - `cached size`: the layout itself from the layout cache, as chevrond answers a repeated request.
func registerLookBenchmarks(titles: [String]) {
    var uncachedConfiguration = TextEngine.Configuration()
    uncachedConfiguration.cacheByteBudget = 0
    guard let uncachedText = try? TextEngine(configuration: uncachedConfiguration), let cachedText = try? TextEngine()
    else { fatalError("no font configuration") }
    for look in LookRegistry.builtIn.names {
        guard let font = try? LookRegistry.builtIn.look(named: look).metrics.font else { fatalError("no look \(look)") }
        Benchmark("uncached measure \(look), \(titles.count) titles") { _ in
            for title in titles { blackHole(try uncachedText.measure(title, font: font)) }
        } setup: {
            for title in titles { _ = try uncachedText.measure(title, font: font) }
        }
        let engines = [
            ("uncached size", SizingEngine(registry: .builtIn, text: uncachedText)),
            ("layout", SizingEngine(registry: .builtIn, text: cachedText)),
            (
                "cached size",
                SizingEngine(
                    registry: .builtIn, text: cachedText,
                    layouts: LayoutCache(byteBudget: 64 << 20, entryLimit: 1 << 20))
            ),
        ]
        // Built once, as the titles are for the measurement benchmarks and the floor: what is
        // timed is sizing a request, not making one (building a request in the loop adds about
        // 1,300 instructions a title, mostly copying and releasing its strings).
        let requests = titles.map { SizeRequest(look: look, title: $0) }
        for (kind, engine) in engines {
            Benchmark("\(kind) \(look), \(titles.count) titles") { _ in
                for request in requests { blackHole(try engine.size(request)) }
            } setup: {
                for request in requests { _ = try engine.size(request) }
            }
        }
    }
}
