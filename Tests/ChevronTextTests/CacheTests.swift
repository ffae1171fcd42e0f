import Testing

@testable import ChevronText

/// The measurement cache: bounded by bytes and entries, evicting one at a time, generation-aware.
struct CacheTests {
    private static func measurement(runs: Int) -> TextMeasurement {
        let face = FaceName(file: "/fonts/x.ttf", index: 0, family: "X", style: "Regular")
        return TextMeasurement(
            width: 10, ascent: 8, descent: 2, lineHeight: 12,
            runs: Array(
                repeating: TextRun(
                    face: face, utf16Range: 0..<1, glyphCount: 1, width: 10, script: "Latn", direction: .ltr),
                count: runs),
            missing: 0, direction: .ltr, primary: face, substituted: false)
    }

    @Test func theBoundsHoldUnderAMillionUniqueTitles() {
        let budget = 4 << 20
        let cache = MeasurementCache<TextMeasurement>(byteBudget: budget, entryLimit: 50_000) { key, value in
            320 + key.text.utf8.count + 120 * value.runs.count
        }
        let request = FontRequest(pattern: "Helvetica:bold", size: 12)
        let value = Self.measurement(runs: 1)
        for number in 0..<1_000_000 {
            cache.insert(value, for: .init(text: "Title number \(number)", request: request), generation: 1)
            if number % 50_000 == 0 {
                let statistics = cache.statistics
                #expect(statistics.bytes <= budget)
                #expect(statistics.entries <= 50_000)
            }
        }
        let statistics = cache.statistics
        #expect(statistics.bytes <= budget)
        #expect(statistics.entries <= 50_000)
        #expect(statistics.evictions == 1_000_000 - statistics.entries)
        // The newest titles are still there, the oldest are gone.
        #expect(cache.value(for: .init(text: "Title number 999999", request: request), generation: 1) != nil)
        #expect(cache.value(for: .init(text: "Title number 0", request: request), generation: 1) == nil)
    }

    @Test func theOldestUnusedEntryLeavesFirstAndAlone() {
        var map = SecondChanceClock<String, Int>(byteBudget: 300, entryLimit: 10)
        map.insert(1, for: "a", cost: 100)
        map.insert(2, for: "b", cost: 100)
        map.insert(3, for: "c", cost: 100)
        #expect(map.value(for: "a") == 1)  // a is now the most recently used
        map.insert(4, for: "d", cost: 100)  // one must go: b, the least recently used
        #expect(map.value(for: "b") == nil)
        #expect(map.value(for: "a") == 1)
        #expect(map.value(for: "c") == 3)
        #expect(map.value(for: "d") == 4)
        #expect(map.count == 3)
        #expect(map.bytes == 300)
        #expect(map.evictions == 1)
    }

    @Test func anEntryUsedSinceItWasLinkedGetsASecondChance() {
        // Second-chance order, worked by hand: insert a, b, c (oldest first); use b; d needs room:
        // a, the oldest and unused, goes (list b*, c, d). Use c (list b*, c*, d). e needs room: b
        // is used, so it loses its mark and moves to the newest end (c*, d, b); so does c (d, b,
        // c); d, unused, goes. Exact least-recently-used order would have dropped b (used before
        // d was inserted) instead.
        var map = SecondChanceClock<String, Int>(byteBudget: 300, entryLimit: 10)
        map.insert(1, for: "a", cost: 100)
        map.insert(2, for: "b", cost: 100)
        map.insert(3, for: "c", cost: 100)
        #expect(map.value(for: "b") == 2)
        map.insert(4, for: "d", cost: 100)
        #expect(map.position(of: "a") == nil)
        #expect(map.value(for: "c") == 3)
        map.insert(5, for: "e", cost: 100)
        #expect(map.position(of: "d") == nil)
        #expect(map.position(of: "b") != nil && map.position(of: "c") != nil && map.position(of: "e") != nil)
        // Their marks were spent: with nothing used since, the list's order is b, c, e, and the
        // next entry pushes out b.
        map.insert(6, for: "f", cost: 100)
        #expect(map.position(of: "b") == nil)
        #expect(map.evictions == 3)
    }

    @Test func keysThatCollideStayReachableThroughInsertsEvictionsAndReplacements() {
        // Hashes of only seven values put most keys on probe chains, and evictions and
        // replacements empty positions in the middle of them. A plain list of (key, value, cost,
        // used), oldest first, evicting in second-chance order, is the model the map must agree
        // with at every step.
        var map = SecondChanceClock<CollidingKey, Int>(byteBudget: 400, entryLimit: 40)
        var model: [(key: CollidingKey, value: Int, cost: Int, used: Bool)] = []
        var random = SystemRandomNumberGenerator()
        for step in 0..<20_000 {
            let key = CollidingKey(name: Int.random(in: 0..<120, using: &random))
            if Bool.random(using: &random) {
                let cost = Int.random(in: 1...30, using: &random)
                map.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                while !model.isEmpty, model.reduce(0, { $0 + $1.cost }) + cost > 400 || model.count >= 40 {
                    var oldest = model.removeFirst()
                    if oldest.used {
                        oldest.used = false
                        model.append(oldest)
                    }
                }
                model.append((key, step, cost, false))
            } else {
                let index = model.firstIndex { $0.key == key }
                if let index { model[index].used = true }
                #expect(map.value(for: key) == index.map { model[$0].value }, "step \(step)")
            }
            #expect(map.count == model.count)
            #expect(map.bytes == model.reduce(0) { $0 + $1.cost })
        }
        for entry in model { #expect(map.value(for: entry.key) == entry.value) }
    }

    @Test func theEntryBoundEvictsEvenWhenBytesRemain() {
        var map = SecondChanceClock<Int, Int>(byteBudget: 1_000_000, entryLimit: 2)
        for key in 0..<5 { map.insert(key, for: key, cost: 1) }
        #expect(map.count == 2)
        #expect(map.value(for: 3) == 3)
        #expect(map.value(for: 4) == 4)
    }

    @Test func anEntryLargerThanTheBudgetIsNotStoredAndEvictsNothing() {
        var map = SecondChanceClock<Int, Int>(byteBudget: 100, entryLimit: 10)
        map.insert(1, for: 1, cost: 60)
        map.insert(2, for: 2, cost: 101)
        #expect(map.value(for: 1) == 1)
        #expect(map.value(for: 2) == nil)
    }

    @Test func replacingAKeyReplacesItsCost() {
        var map = SecondChanceClock<Int, Int>(byteBudget: 100, entryLimit: 10)
        map.insert(1, for: 1, cost: 60)
        map.insert(2, for: 1, cost: 30)
        #expect(map.bytes == 30)
        #expect(map.value(for: 1) == 2)
    }

    @Test func theEngineStaysWithinASmallBudgetAndAnswersRepeatsFromTheCache() throws {
        var configuration = TextEngine.Configuration()
        configuration.cacheByteBudget = 64 << 10
        let engine = try TextEngine(configuration: configuration)
        for number in 0..<3_000 {
            _ = try engine.measure("Back to item \(number)", font: classicFont)
        }
        #expect(engine.statistics.cache.bytes <= 64 << 10)
        #expect(engine.statistics.cache.evictions > 0)
        let before = engine.statistics.cache
        _ = try engine.measure("Back to item 2999", font: classicFont)
        #expect(engine.statistics.cache.hits == before.hits + 1)
    }

    @Test func theCacheKeyHoldsEverythingThatChangesTheAnswer() throws {
        let engine = try TextEngine()
        let kerned = try engine.measure("AVATAR", font: FontRequest(pattern: "Liberation Sans", size: 12))
        let unkerned = try engine.measure(
            "AVATAR", font: FontRequest(pattern: "Liberation Sans", size: 12, features: ["-kern"]))
        let larger = try engine.measure("AVATAR", font: FontRequest(pattern: "Liberation Sans", size: 24))
        #expect(kerned.width != unkerned.width)
        #expect(larger.width == 2 * kerned.width)
        #expect(engine.statistics.cache.misses == 3)
    }

    @Test func aRescanBumpsTheGenerationAndEarlierEntriesMiss() throws {
        let engine = try TextEngine()
        let first = try engine.measure("Back", font: classicFont)
        #expect(engine.statistics.generation == 1)
        #expect(try engine.rescanFonts() == 2)
        let misses = engine.statistics.cache.misses
        let second = try engine.measure("Back", font: classicFont)
        #expect(engine.statistics.cache.misses == misses + 1)
        #expect(second == first)
        #expect(engine.statistics.fontconfigMatches == 2, "the new generation resolves afresh")
    }

    @Test func canonicallyEquivalentTextsAreCachedApart() throws {
        let engine = try TextEngine()
        let font = FontRequest(pattern: "DejaVu Sans", size: 12)
        let composed = try engine.measure("\u{E9}", font: font)  // é as one scalar
        let decomposed = try engine.measure("e\u{301}", font: font)  // e + combining acute
        #expect("\u{E9}" == "e\u{301}", "Swift calls them equal")
        #expect(engine.statistics.cache.misses == 2, "the cache does not")
        #expect(composed.runs.first?.utf16Range == 0..<1)
        #expect(decomposed.runs.first?.utf16Range == 0..<2)
    }

    @Test func aRepeatedTruncationIsAnsweredFromTheCache() throws {
        let engine = try TextEngine()
        let first = try engine.truncate("Settings and Privacy", font: classicFont, maxWidth: 60)
        let hits = engine.statistics.cache.hits
        let second = try engine.truncate("Settings and Privacy", font: classicFont, maxWidth: 60)
        #expect(second == first)
        // One hit for the full measurement, one for the truncation itself.
        #expect(engine.statistics.cache.hits == hits + 2)
        let narrower = try engine.truncate("Settings and Privacy", font: classicFont, maxWidth: 40)
        #expect(narrower.displayed.count < first.displayed.count, "the width is part of the key")
    }
}

/// A key whose hash takes only seven values, so that most keys share probe chains.
private struct CollidingKey: PrehashedKey {
    let name: Int
    var prehash: Int { name % 7 }
}

extension String: PrehashedKey {
    public var prehash: Int {
        var hasher = KeyHasher()
        hasher.combine(self)
        return hasher.finalize()
    }
}

extension Int: PrehashedKey {
    public var prehash: Int {
        var hasher = KeyHasher()
        hasher.combine(self)
        return hasher.finalize()
    }
}

/// The table of chain positions by scalar a resolved font remembers.
struct ScalarTableTests {
    @Test func everyScalarKeepsItsPositionThroughGrowth() {
        // Scalar 0 with position -1 among them: a word that would be 0, the empty slot, if
        // positions were stored plus one.
        var table = ScalarTable()
        var expected: [UInt32: Int] = [:]
        for scalar in stride(from: UInt32(0), to: 0x11_0000, by: 97) {
            let position = Int(scalar % 7) - 1
            table.insert(position, for: scalar, limit: 100_000)
            expected[scalar] = position
        }
        #expect(table.count == expected.count)
        for (scalar, position) in expected { #expect(table[scalar] == position) }
        #expect(table[1] == nil)
    }

    @Test func theLimitStopsNewScalarsButKeepsOldOnes() {
        var table = ScalarTable()
        for scalar in UInt32(0)..<10 { table.insert(1, for: scalar, limit: 5) }
        #expect(table.count == 5)
        #expect(table[4] == 1)
        #expect(table[5] == nil)
    }
}
