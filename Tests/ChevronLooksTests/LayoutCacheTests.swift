import ChevronBuiltInLooks
import ChevronLooks
import ChevronText
import Testing

/// Layouts kept by request: what comes back from memory is what the look lays out afresh, texts
/// that Swift calls equal but whose bytes differ are kept apart, and a font rescan empties it.
struct LayoutCacheTests {
    /// U+2126 OHM SIGN and U+03A9 GREEK CAPITAL LETTER OMEGA are canonically equivalent (Swift's
    /// `==` says equal) but Nimbus Sans Bold draws them with different glyphs: hb-shape gives
    /// advances 9 and 10 at 12 pt (`hb-shape --features=-kern --font-size=12 NimbusSans-Bold.otf`).
    static let ohm = "Ohm \u{2126}"
    static let omega = "Ohm \u{3A9}"

    @Test func aLayoutFromMemoryIsTheLayoutMadeAfresh() throws {
        let text = try TextEngine()
        let cached = SizingEngine(
            registry: .builtIn, text: text, layouts: LayoutCache(byteBudget: 1 << 20, entryLimit: 100))
        for look in LookRegistry.builtIn.names {
            let request = SizeRequest(look: look, title: "Settings and Privacy")
            #expect(cached.layoutInMemory(request) == nil)
            let made = try cached.size(request)
            #expect(cached.layoutInMemory(request) == made)
            #expect(try cached.size(request) == made)
            #expect(made == (try sizing.size(request)), "\(look)")
        }
    }

    @Test func equalStringsWithOtherBytesAreOtherRequests() throws {
        #expect(Self.ohm == Self.omega)
        let cached = SizingEngine(
            registry: .builtIn, text: try TextEngine(), layouts: LayoutCache(byteBudget: 1 << 20, entryLimit: 100))
        let ohm = try cached.size(SizeRequest(look: "classic", title: Self.ohm))
        let omega = try cached.size(SizeRequest(look: "classic", title: Self.omega))
        #expect(abs(ohm.textWidth - (try boldWidth(Self.ohm))) < 1e-9)
        #expect(abs(omega.textWidth - (try boldWidth(Self.omega))) < 1e-9)
        #expect(ohm.textWidth != omega.textWidth)
    }

    @Test func aFontRescanLeavesNothingInMemory() throws {
        let text = try TextEngine()
        let cached = SizingEngine(
            registry: .builtIn, text: text, layouts: LayoutCache(byteBudget: 1 << 20, entryLimit: 100))
        let request = SizeRequest(look: "reeder", title: "Inbox")
        let before = try cached.size(request)
        try text.rescanFonts()
        #expect(cached.layoutInMemory(request) == nil)
        #expect(try cached.size(request) == before)
        #expect(cached.layoutInMemory(request) == before)
    }

    @Test func theCacheStaysWithinItsEntryBound() throws {
        let layouts = LayoutCache(byteBudget: 1 << 20, entryLimit: 16)
        let cached = SizingEngine(registry: .builtIn, text: try TextEngine(), layouts: layouts)
        for index in 0..<100 { _ = try cached.size(SizeRequest(look: "classic", title: "Title \(index)")) }
        #expect(layouts.statistics.entries <= 16)
        #expect(layouts.statistics.evictions >= 84)
        #expect(cached.layoutInMemory(SizeRequest(look: "classic", title: "Title 99")) != nil)
    }

    @Test func aBulkScanFillsFreeRoomButPushesNothingOut() throws {
        // Into free room, a scanned layout is kept.
        let roomy = SizingEngine(
            registry: .builtIn, text: try TextEngine(), layouts: LayoutCache(byteBudget: 1 << 20, entryLimit: 100))
        let scanned = SizeRequest(look: "classic", title: "Scanned")
        let once = try roomy.size(scanned, filling: .freeRoomOnly)
        #expect(once == (try sizing.size(scanned)))
        #expect(roomy.layoutInMemory(scanned) == once)

        // Caches filled by single calls (16 layouts and 32 measurements at most)…
        var configuration = TextEngine.Configuration()
        configuration.cacheEntryLimit = 32
        let text = try TextEngine(configuration: configuration)
        let layouts = LayoutCache(byteBudget: 1 << 20, entryLimit: 16)
        let full = SizingEngine(registry: .builtIn, text: text, layouts: layouts)
        let single = (0..<100).map { SizeRequest(look: "classic", title: "Single \($0)") }
        for request in single { _ = try full.size(request) }
        let kept = single.filter { full.layoutInMemory($0) != nil }
        let (layoutEvictions, textEvictions) = (layouts.statistics.evictions, text.statistics.cache.evictions)
        #expect(layoutEvictions >= 84 && textEvictions >= 68 && !kept.isEmpty)
        // …lose nothing to a scan of 100 other titles, whose layouts are still right.
        for index in 0..<100 {
            let request = SizeRequest(look: "classic", title: "Scan \(index)")
            #expect(try full.size(request, filling: .freeRoomOnly) == (try sizing.size(request)))
        }
        #expect(layouts.statistics.evictions == layoutEvictions)
        #expect(text.statistics.cache.evictions == textEvictions)
        #expect(kept.allSatisfy { full.layoutInMemory($0) != nil })
    }
}
