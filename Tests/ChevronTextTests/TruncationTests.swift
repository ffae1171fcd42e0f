import ChevronTestSupport
import Testing

@testable import ChevronText

/// Truncation: the longest prefix that fits with the ellipsis, cut only between grapheme clusters.
struct TruncationTests {
    @Test func theLongestFittingPrefixAsHbShapeMeasuresIt() throws {
        let title = "Settings and Privacy"
        let file = try ExternalTools.fcMatch("Helvetica:bold").file
        // The expected answer, found with hb-shape alone: the longest prefix (trailing spaces
        // dropped) whose width with "…" is at most 60 points.
        var expected = ""
        for length in 0..<title.count {
            var prefix = String(title.prefix(length))
            while prefix.last == " " { prefix.removeLast() }
            let width = try ExternalTools.hbShapeWidth(file: file, text: prefix + "…", size: 12, features: ["-kern"])
            if width <= 60 { expected = prefix + "…" }
        }
        let truncation = try sharedEngine.truncate(title, font: classicFont, maxWidth: 60)
        #expect(truncation.truncated)
        #expect(truncation.displayed == expected)
        let expectedWidth = try ExternalTools.hbShapeWidth(file: file, text: expected, size: 12, features: ["-kern"])
        #expect(abs(truncation.width - expectedWidth) < 1e-9)
        #expect(truncation.width <= 60)
    }

    @Test func aTitleThatFitsIsShownWhole() throws {
        let truncation = try sharedEngine.truncate("Back", font: classicFont, maxWidth: 100)
        #expect(!truncation.truncated)
        #expect(truncation.displayed == "Back")
        #expect(truncation.width == truncation.fullWidth)
    }

    @Test func whenNotEvenTheEllipsisFitsNothingIsShown() throws {
        let truncation = try sharedEngine.truncate("Settings", font: classicFont, maxWidth: 1)
        #expect(truncation.truncated)
        #expect(truncation.displayed == "")
        #expect(truncation.width == 0)
    }

    @Test func aCustomEllipsisIsUsed() throws {
        let truncation = try sharedEngine.truncate(
            "Settings and Privacy", font: classicFont, maxWidth: 70, ellipsis: "...")
        #expect(truncation.displayed.hasSuffix("..."))
        #expect(truncation.truncated)
    }

    @Test(
        "grapheme clusters are never split, at any width",
        arguments: [
            "🇫🇷🇩🇪🇯🇵🇺🇸🇧🇷",  // flags: pairs of regional indicators
            "👨‍👩‍👧‍👦👩‍❤️‍👨👨‍👩‍👧‍👦",  // ZWJ sequences
            "e\u{301}e\u{301}a\u{308}\u{331}o\u{302}\u{323}u\u{308}",  // letters with combining marks
            "การตั้งค่าบัญชีผู้ใช้",  // Thai: consonants with vowel and tone marks
            "स्विच नहीं क्षत्रिय",  // Devanagari conjuncts
            "הַגְדָּרוֹת חֶשְׁבּוֹן",  // Hebrew with points
        ])
    func clustersAreNeverSplit(title: String) throws {
        let full = try sharedEngine.measure(title, font: classicFont).width
        let clusters = Array(title)
        for step in 0...20 {
            let maxWidth = full * Double(step) / 20
            let truncation = try sharedEngine.truncate(title, font: classicFont, maxWidth: maxWidth)
            #expect(truncation.width <= maxWidth + 1e-9)
            guard truncation.truncated, !truncation.displayed.isEmpty else { continue }
            let shown = String(truncation.displayed.dropLast())  // the ellipsis is one cluster
            // The shown text is exactly the first k clusters of the title (less trailing spaces).
            let k = Array(shown).count
            #expect(Array(shown) == Array(clusters.prefix(k)), "cut inside a cluster at \(maxWidth) pt")
            #expect(shown.unicodeScalars.elementsEqual(String(clusters.prefix(k)).unicodeScalars))
        }
    }

    @Test func rightToLeftTextIsCutAtItsLogicalEnd() throws {
        let title = "הגדרות חשבון משתמש"
        let full = try sharedEngine.measure(title, font: classicFont).width
        let truncation = try sharedEngine.truncate(title, font: classicFont, maxWidth: full / 2)
        #expect(truncation.truncated)
        #expect(truncation.displayed.hasPrefix("הגד"))
        #expect(title.hasPrefix(truncation.displayed.dropLast()))
    }

    /// Titles with a font whose one face covers all of each (the ellipsis too), so that `hb-shape`
    /// with that face's file is a witness: Latin with kerning on and an "ffi" ligature, Arabic with
    /// joining forms and a lam-alef ligature, and letters with combining marks.
    static let singleFaceTitles = [
        ("AVATAR Tower, office affairs", "Helvetica:bold"),
        ("البريد الوارد الإعدادات", "DejaVu Sans"),
        ("e\u{301}te\u{301} a\u{308}\u{331}o\u{302}\u{323} n\u{303}andu\u{308}", "DejaVu Sans"),
    ]

    /// Titles that need fallback faces (emoji, CJK, scripts the primary lacks), which `hb-shape`
    /// cannot shape with one file.
    static let fallbackTitles = [
        "👨‍👩‍👧 Family photos 🇫🇷 France", "设置 Settings 設定を変更", "Photos Входящие 设置 البريد",
        "Reading List — Ustawienia 🎉", "สวัสดี การตั้งค่า Thai",
    ]

    /// The distinct texts a cut of `title` can show: each prefix of `title.count - 1` Characters
    /// at most, trailing white space dropped, followed by the ellipsis; shortest first.
    private static func candidates(_ title: String, ellipsis: String = "…") -> [String] {
        var shown: [String] = []
        for length in 0..<title.count {
            var prefix = String(title.prefix(length))
            while prefix.last?.isWhitespace == true { prefix.removeLast() }
            if shown.last != prefix + ellipsis { shown.append(prefix + ellipsis) }
        }
        return shown
    }

    /// The brute-force answer: the longest candidate whose width (from `widths`, shortest
    /// candidate first) is at most `maxWidth`, or nothing.
    private static func longestFitting(
        _ candidates: [String], widths: [Double], maxWidth: Double
    ) -> (displayed: String, width: Double) {
        var best = ("", 0.0)
        for (candidate, width) in zip(candidates, widths) where width <= maxWidth { best = (candidate, width) }
        return best
    }

    @Test(
        "a Character's advance is the sum of hb-shape's advances of the glyphs in its clusters",
        arguments: singleFaceTitles)
    func clusterAdvancesAreHbShapesGlyphAdvancesByCharacter(title: String, pattern: String) throws {
        let match = try ExternalTools.fcMatch(pattern)
        let unitsPerEm = Double(try FontTables(file: match.file, index: match.index).unitsPerEm)
        let glyphs = try ExternalTools.hbShapeClusters(file: match.file, text: title, index: match.index)
        var expected: [Double] = []
        var offset = 0
        for character in title {
            let bytes = offset..<offset + character.utf8.count
            let units = glyphs.filter { bytes.contains($0.cluster) }.reduce(0) { $0 + $1.advance }
            expected.append(Double(units) * 12 / unitsPerEm)
            offset = bytes.upperBound
        }
        let request = FontRequest(pattern: pattern, size: 12)
        let shaper = try sharedEngine.shaper(for: request, in: sharedEngine.currentSession)
        let (measurement, clusters) = try shaper.measureClusters(title)
        let advances = clusters.advances
        #expect(advances.count == expected.count)
        for (advance, witness) in zip(advances, expected) { #expect(abs(advance - witness) < 1e-9) }
        #expect(abs(advances.reduce(0, +) - measurement.width) < 1e-9)
    }

    @Test(
        "the cluster advances add up to the measured width, fallback faces included",
        arguments: fallbackTitles + singleFaceTitles.map(\.0) + sampleTitles)
    func clusterAdvancesAddUpToTheMeasuredWidth(title: String) throws {
        for request in [classicFont, FontRequest(pattern: "Helvetica:bold", size: 12)] {
            let shaper = try sharedEngine.shaper(for: request, in: sharedEngine.currentSession)
            let (measurement, clusters) = try shaper.measureClusters(title)
            let advances = clusters.advances
            #expect(advances.count == title.count)
            #expect(abs(advances.reduce(0, +) - measurement.width) < 1e-9)
            // The same shaping as `measure`'s: the whole measurement is the same.
            #expect(measurement == (try sharedEngine.measure(title, font: request)))
        }
    }

    @Test(
        "the cut is the longest prefix that fits as hb-shape measures each, at every candidate's width",
        arguments: singleFaceTitles)
    func theCutIsTheLongestFittingPrefixAsHbShapeMeasuresIt(title: String, pattern: String) throws {
        let match = try ExternalTools.fcMatch(pattern)
        let shown = Self.candidates(title)
        let widths = try shown.map { try ExternalTools.hbShapeWidth(file: match.file, text: $0, size: 12) }
        let request = FontRequest(pattern: pattern, size: 12)
        let full = try ExternalTools.hbShapeWidth(file: match.file, text: title, size: 12)
        // Just wide enough for each candidate, and a little too narrow for it.
        for maxWidth in widths.flatMap({ [$0 + 1e-9, $0 - 1e-3] }) where maxWidth >= 0 && maxWidth < full {
            let expected = Self.longestFitting(shown, widths: widths, maxWidth: maxWidth)
            let truncation = try sharedEngine.truncate(title, font: request, maxWidth: maxWidth)
            #expect(truncation.truncated)
            #expect(truncation.displayed == expected.displayed, "at \(maxWidth) pt")
            #expect(abs(truncation.width - expected.width) < 1e-9, "at \(maxWidth) pt")
        }
    }

    @Test(
        "with fallback faces, the cut is the longest prefix that fits as measure measures each",
        arguments: fallbackTitles)
    func theCutIsTheLongestFittingPrefixAsMeasureMeasuresIt(title: String) throws {
        for request in [classicFont, FontRequest(pattern: "Helvetica:bold", size: 12)] {
            let shown = Self.candidates(title)
            let widths = try shown.map { try sharedEngine.measure($0, font: request).width }
            let full = try sharedEngine.measure(title, font: request).width
            for maxWidth in widths.flatMap({ [$0 + 1e-9, $0 - 1e-3] }) where maxWidth >= 0 && maxWidth < full {
                let expected = Self.longestFitting(shown, widths: widths, maxWidth: maxWidth)
                let truncation = try sharedEngine.truncate(title, font: request, maxWidth: maxWidth)
                #expect(truncation.truncated)
                #expect(truncation.displayed == expected.displayed, "at \(maxWidth) pt")
                #expect(abs(truncation.width - expected.width) < 1e-9, "at \(maxWidth) pt")
            }
        }
    }

    @Test("a cut is the same whether the measurement was cached or shaped for it", arguments: fallbackTitles)
    func aCutDoesNotDependOnTheMeasurementCache(title: String) throws {
        // An engine that caches nothing shapes the text for its cluster advances and measurement
        // at once; the shared one has the measurement cached, and shapes again for the advances.
        var configuration = TextEngine.Configuration()
        configuration.cacheByteBudget = 0
        let uncached = try TextEngine(configuration: configuration)
        let full = try sharedEngine.measure(title, font: classicFont)
        for step in 1..<10 {
            let maxWidth = full.width * Double(step) / 10
            let cut = try uncached.truncate(title, font: classicFont, maxWidth: maxWidth)
            #expect(cut == (try sharedEngine.truncate(title, font: classicFont, maxWidth: maxWidth)))
            #expect(cut.fullWidth == full.width)
        }
    }

    @Test(
        "a cut carries the displayed text's measurement and the whole text's missing count",
        arguments: fallbackTitles + sampleTitles)
    func aCutCarriesWhatALayoutNeeds(title: String) throws {
        let full = try sharedEngine.measure(title, font: classicFont)
        for step in 0...10 {
            let cut = try sharedEngine.truncate(title, font: classicFont, maxWidth: full.width * Double(step) / 10)
            #expect(cut.missing == full.missing)
            if cut.displayed.isEmpty, cut.truncated {
                #expect(cut.measurement == nil)
            } else {
                // Measured afresh by `measure`, a path apart from the cut's.
                #expect(cut.measurement == (try sharedEngine.measure(cut.displayed, font: classicFont)), "\(step)")
            }
        }
    }

    /// Cuts every title in every request with `engine` at `steps - 1` even fractions of its
    /// whole width, and expects each cut's measurement and width to be, to the bit, what the
    /// shared engine's `measure` (a path apart from the cut's) gives for the text shown. Returns
    /// how the cuts were checked.
    @discardableResult
    private static func expectEveryCutIsWhatMeasuringItGives(
        _ titles: [String], requests: [FontRequest], steps: Int, engine: TextEngine,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CutWays {
        var ways = CutWays()
        for request in requests {
            for title in titles {
                let full = try sharedEngine.measure(title, font: request)
                for step in 1..<steps {
                    let cut = try ways.truncate(
                        title, font: request, maxWidth: full.width * Double(step) / Double(steps), engine: engine,
                        sourceLocation: sourceLocation)
                    guard cut.truncated, !cut.displayed.isEmpty else { continue }
                    let shaped = try sharedEngine.measure(cut.displayed, font: request)
                    #expect(cut.measurement == shaped, "\(title) at step \(step)", sourceLocation: sourceLocation)
                    #expect(cut.width == shaped.width, "\(title) at step \(step)", sourceLocation: sourceLocation)
                    // A witness apart from the engine, where one face and one direction shape the
                    // whole text shown: hb-shape on that face's file (every fourth step).
                    let faces = Set(shaped.runs.map { "\($0.face.file)\u{0}\($0.face.index)" })
                    if step % 4 == 0, faces.count == 1, Set(shaped.runs.map(\.direction)).count == 1,
                        let face = shaped.runs.first?.face
                    {
                        let witness = try ExternalTools.hbShapeWidth(
                            file: face.file, text: cut.displayed, size: request.size, features: request.features,
                            index: face.index, language: request.language)
                        #expect(
                            abs(cut.width - witness) < 1e-6, "\(title) at step \(step): hb-shape \(witness)",
                            sourceLocation: sourceLocation)
                    }
                }
            }
        }
        return ways
    }

    @Test func aShapedCheckReusesTheRunsBeforeTheCutAndIsTheShapingOfTheTextShown() throws {
        // Cuts that cannot be spliced (the ellipsis lands in a run of its own after Latin text
        // in a right-to-left line; Arabic joining at the cut; fallback faces) are shaped, but
        // the runs that end five characters or more before the cut are taken from the line's
        // shaping: every check is still what `measure` gives for the text shown, to the bit,
        // and some runs must have been reused.
        let titles = [
            "البريد الوارد — Posteingang Einstellungen", "הגדרות — Subscriptions and Downloads",
            "Photos Входящие 设置 البريد الوارد", "Settings 设置 Einstellungen Paramètres",
            "收件箱 — Wi‑Fi 受信トレイ Posteingang", "Starred — البريد الوارد الإعدادات",
        ]
        let ways = try Self.expectEveryCutIsWhatMeasuringItGives(
            titles, requests: [classicFont, FontRequest(pattern: "Noto Sans", size: 12)], steps: 20,
            engine: try TextEngine())
        #expect(ways.reusedRuns > 50, "\(ways.reusedRuns) runs reused")
    }

    @Test func aShapedCheckReshapesARunThatEndsTooNearTheCut() throws {
        // In "بيت ࢠبيت" the letter ࢠ (U+08A0) is in Noto Sans Arabic, a run of its own between
        // runs in DejaVu Sans, and it joins the letter after it. Cut after it, it stands alone
        // and takes its isolated form, about three times as wide: its run ends at the cut, so
        // HarfBuzz's context for it changed, and the check must shape it again rather than take
        // the line's shaping (runs are taken only five characters or more before the cut).
        let request = classicFont
        let engine = try TextEngine()
        var sawIsolated = false
        for title in ["بيت ࢠبيت", "بيت ࢠبيت بيت"] {
            for step in 60...160 {
                let cut = try engine.truncate(title, font: request, maxWidth: Double(step) / 2)
                guard cut.truncated, !cut.displayed.isEmpty else { continue }
                #expect(cut.measurement == (try sharedEngine.measure(cut.displayed, font: request)), "\(title) \(step)")
                if cut.displayed == "بيت ࢠ…" { sawIsolated = true }
            }
        }
        #expect(sawIsolated)
    }

    @Test func aShapedCheckTakesNoRunThatEndsPastTheCut() throws {
        // Found by the calls fuzzer: cutting "Intern{{{⌫{{…" after "Intern{" with an ellipsis of
        // ",." and DEL characters (which the primary face lacks), the text shown's first run,
        // "Intern{,." in the primary face, had the very range of the line's first run,
        // "Intern{{{", which ends past the cut; the check read the bytes from that end to the
        // cut as a range running backwards and trapped. Every width is now what measuring the
        // text shown gives.
        let title = "Intern{{{\u{7F}{{{{{{{{{{{{{{{{{atiyonalisation ]referecnes"
        let ellipsis = ",." + String(repeating: "\u{7F}", count: 52) + "."
        let engine = try TextEngine()
        let request = FontRequest(pattern: "Helvetica:bold", size: 12)
        for step in 20...200 {
            let cut = try engine.truncate(title, font: request, maxWidth: Double(step) / 2, ellipsis: ellipsis)
            guard cut.truncated, !cut.displayed.isEmpty else { continue }
            #expect(cut.measurement == (try sharedEngine.measure(cut.displayed, font: request)), "\(step)")
        }
    }

    @Test func aCheckSplicedFromTheLinesShapingIsTheShapingOfTheTextShown() throws {
        // Every cut of these titles, kerning on and off, at many widths: whether its check was
        // spliced (the line's glyphs before the cut, then the ellipsis shaped on its own) or
        // shaped, what it reports is what `measure` gives for the text shown, to the bit. Both
        // ways must be taken: Latin cuts clear of unsafe-to-concat are spliced; right-to-left
        // runs, kerning pairs across the cut and cuts after the first run are shaped.
        let engine = try TextEngine()
        let titles =
            sampleTitles + Self.fallbackTitles + Self.singleFaceTitles.map(\.0) + [
                "Wallpaper Accessibility", "AVATAR Tower Yacht", "Office affluent fjord", "Kontoeinstellungen",
            ]
        let ways = try Self.expectEveryCutIsWhatMeasuringItGives(
            titles, requests: [classicFont, FontRequest(pattern: "Liberation Sans", size: 12)], steps: 12,
            engine: engine)
        #expect(ways.spliced > 50, "\(ways.spliced) spliced checks")
        // Kerning pairs across cuts in Liberation Sans: the end of the prefix is shaped again.
        #expect(ways.partly > 10, "\(ways.partly) spliced checks that shaped the end of the prefix")
        #expect(ways.shaped > 10, "\(ways.shaped) shaped checks")
    }

    @Test func aKerningPairAcrossTheCutShapesOnlyTheEndOfThePrefixAgain() throws {
        // "A" and "V" kern both ways in Liberation Sans (hb-shape: A's advance shrinks before V,
        // V's before A), so HarfBuzz flags the cuts inside "AVAVAV" unsafe. The cut "Tower AVA…"
        // takes the line's glyphs up to the last cluster before it that HarfBuzz finds clear,
        // shapes the rest of the prefix with the ellipsis, and measures what hb-shape does.
        let request = FontRequest(pattern: "Liberation Sans", size: 12)
        let match = try ExternalTools.fcMatch("Liberation Sans")
        let expected = try ExternalTools.hbShapeWidth(file: match.file, text: "Tower AVA…", size: 12)
        let apart =
            try ExternalTools.hbShapeWidth(file: match.file, text: "Tower AV", size: 12)
            + ExternalTools.hbShapeWidth(file: match.file, text: "A…", size: 12)
        #expect(abs(expected - apart) > 0.01, "the kerning between V and A must count: \(expected) and \(apart)")
        var ways = CutWays()
        let cut = try ways.truncate("Tower AVAVAVAV", font: request, maxWidth: expected + 0.001, engine: TextEngine())
        #expect(cut.displayed == "Tower AVA…")
        #expect(abs(cut.width - expected) < 1e-9)
        #expect(ways.partly == 1)
        #expect(ways.shaped == 0)
    }

    @Test func aRightToLeftCheckSplicedIsTheShapingOfTheTextShown() throws {
        // Hebrew and Arabic cuts (and right-to-left runs in left-to-right lines) at every width
        // step: spliced with the ellipsis shaped right to left where HarfBuzz finds the cut and
        // the ellipsis clear of unsafe-to-concat, else shaped; either way what is reported is
        // what `measure` gives for the text shown, to the bit. Words end in letters that do not
        // join onward, so cuts between words are spliced: some must be.
        let titles = [
            "הגדרות חשבון ופרטיות", "תיבת דואר נכנס", "רשימת קריאה שמורה לאחר כך", "البريد الوارد الإعدادات",
            "الإعدادات العامة للحساب", "قائمة القراءة المحفوظة", "Settings הגדרות חשבון", "Inbox البريد الوارد",
        ]
        let ways = try Self.expectEveryCutIsWhatMeasuringItGives(
            titles,
            requests: [FontRequest(pattern: "DejaVu Sans", size: 13), FontRequest(pattern: "Noto Sans", size: 12)],
            steps: 16, engine: try TextEngine())
        #expect(ways.spliced > 50, "\(ways.spliced) spliced checks")
        #expect(ways.shaped > 0, "\(ways.shaped) shaped checks")
    }

    @Test func anEllipsisInARunOfItsOwnIsSplicedAfterTheCutRun() throws {
        // In a right-to-left line, an ellipsis after Latin text takes the paragraph's direction:
        // a run of its own. Its own shaping is spliced after the line's glyphs up to the cut (no
        // shaping of the text shown), and every cut is what `measure` gives for the text shown,
        // to the bit, its last run the ellipsis, right to left.
        let titles = ["הגדרות Settings and Privacy", "البريد Reading List Tower", "תיבת דואר Wallpaper Office"]
        let engine = try TextEngine()
        let requests = [FontRequest(pattern: "DejaVu Sans", size: 13), FontRequest(pattern: "Noto Sans", size: 12)]
        let ways = try Self.expectEveryCutIsWhatMeasuringItGives(titles, requests: requests, steps: 24, engine: engine)
        #expect(ways.apart > 5, "\(ways.apart) checks spliced with the ellipsis apart")
        let cut = try engine.truncate(titles[0], font: requests[0], maxWidth: 120)
        let runs = try #require(cut.measurement?.runs)
        #expect(cut.displayed.hasPrefix("הגדרות Settings") && cut.displayed.hasSuffix("…"), "\(cut.displayed)")
        #expect(runs.count == 3 && runs.last?.direction == .rtl && runs.last?.script == "Zyyy", "\(runs)")
    }

    @Test func anEllipsisOfLettersIsShapedNotSpliced() throws {
        // Letters (or marks) could join or attach across the cut, which the ellipsis shaped on
        // its own never saw: only an ellipsis of common-script characters is spliced.
        let engine = try TextEngine()
        let full = try engine.measure("Reading List Settings", font: classicFont)
        var ways = CutWays()
        let cut = try ways.truncate(
            "Reading List Settings", font: classicFont, maxWidth: full.width * 0.7, ellipsis: "etc", engine: engine)
        #expect(cut.truncated)
        #expect(cut.displayed.hasSuffix("etc"))
        #expect(cut.measurement == (try sharedEngine.measure(cut.displayed, font: classicFont)))
        #expect(ways.spliced == 0)
        #expect(ways.shaped == 1)
        // The same cut with "…" is spliced.
        _ = try ways.truncate("Reading List Settings", font: classicFont, maxWidth: full.width * 0.7, engine: engine)
        #expect(ways.spliced == 1)
    }

    @Test func aKerningPairAcrossTheCutIsShapedNotSpliced() throws {
        // "AV" kerns in Liberation Sans (hb-shape: A's advance shrinks before V), so HarfBuzz
        // flags the cut between them unsafe; the check shapes "A…" and measures it as hb-shape does.
        let request = FontRequest(pattern: "Liberation Sans", size: 12)
        let match = try ExternalTools.fcMatch("Liberation Sans")
        let expected = try ExternalTools.hbShapeWidth(file: match.file, text: "A…", size: 12)
        let engine = try TextEngine()
        let aWithEllipsis = try engine.measure("A…", font: request).width
        var ways = CutWays()
        let cut = try ways.truncate("AVVVVVVVVVV", font: request, maxWidth: aWithEllipsis + 0.01, engine: engine)
        #expect(cut.displayed == "A…")
        #expect(abs(cut.width - expected) < 1e-9)
        #expect(ways.shaped == 1)
    }

    @Test func theShapingThatCutsAlsoCachesTheMeasurement() throws {
        let engine = try TextEngine()
        let title = "Reading List — Ustawienia 🎉"
        let truncation = try engine.truncate(title, font: classicFont, maxWidth: 60)
        #expect(truncation.truncated)
        let before = engine.statistics.cache
        let measurement = try engine.measure(title, font: classicFont)
        let after = engine.statistics.cache
        #expect(after.hits == before.hits + 1)
        #expect(after.misses == before.misses)
        #expect(measurement == (try sharedEngine.measure(title, font: classicFont)))
        #expect(measurement.width == truncation.fullWidth)
    }

    /// The first `bytes` UTF-8 bytes of `text`, which end between two of its characters.
    static func prefix(of text: String, bytes: Int) -> String {
        String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
    }

    @Test func aCutUsuallyShapesOnlyTheTextItShows() throws {
        // The cost the cut is for: about one shaping besides the whole text's, not one per step
        // of a search. Counted through `settle`'s shaping, over titles in many scripts.
        var cuts = 0
        var shapings = 0
        for request in [classicFont, FontRequest(pattern: "Helvetica:bold", size: 12)] {
            let shaper = try sharedEngine.shaper(for: request, in: sharedEngine.currentSession)
            let ellipsisWidth = try sharedEngine.measure("…", font: request).width
            for title in sampleTitles + Self.fallbackTitles + Self.singleFaceTitles.map(\.0) {
                let (full, clusters) = try shaper.measureClusters(title)
                let candidates = CutCandidate.all(title, clusters: clusters, ellipsisWidth: ellipsisWidth)
                for maxWidth in [30.0, 60, 90, 140] where maxWidth < full.width {
                    let settled = try TextEngine.settle(
                        candidates, maxWidth: maxWidth, ellipsisWidth: ellipsisWidth, slack: 0.6
                    ) { (index) throws(TextError) -> (width: Double, ellipsis: Double) in
                        shapings += 1
                        let prefix = Self.prefix(of: title, bytes: candidates[index].utf8Length)
                        let (measurement, tail) = try shaper.measure(prefix + "…", tailFrom: prefix.utf8.count)
                        return (measurement.width, tail)
                    }
                    cuts += 1
                    let truncation = try sharedEngine.truncate(title, font: request, maxWidth: maxWidth)
                    let shown = settled.map { Self.prefix(of: title, bytes: candidates[$0.index].utf8Length) + "…" }
                    #expect(shown == truncation.displayed)
                }
            }
        }
        #expect(cuts > 40)
        #expect(Double(shapings) <= 1.2 * Double(cuts), "\(shapings) shapings for \(cuts) cuts")
    }

    @Test func theQuickCharacterCountIsTheStandardLibrarys() {
        // Counted by scalar when each stands alone, else by the standard library: the same
        // number either way, for titles of both kinds and texts that must take the slow count.
        let texts =
            sampleTitles + Self.fallbackTitles + Self.singleFaceTitles.map(\.0) + [
                "", "a\r\nb", "\r\n", "e\u{301}", "👍🏽 ok", "🇫🇷🇩🇪", "ก่า", "नमस्ते", "한국어", "\u{1100}\u{1161}",
                "Back", "設定 — Настройки", "البريد", "עברית", "a\rb", "\n\r", "\r\r\n\n", "tab\there\u{7F}",
                "ASCII then é", "a very long ASCII title well past the fifteen bytes a small string holds",
            ]
        for text in texts {
            #expect(text.characterCount == text.count, "\(text.debugDescription)")
        }
    }

    @Test func aMeasurementCountsItsCharactersAsTheStandardLibraryDoes() throws {
        // The itemiser counts Characters on its way (by scalar when each stands alone, by
        // Character when fallback walks the text so): the count tracking multiplies. Where it
        // says nothing (a mark the primary face covers), the layout counts by itself.
        let texts =
            sampleTitles + Self.fallbackTitles + [
                "Back", "a\r\nb", "設定 — Настройки", "👍🏽 ok", "🇫🇷🇩🇪", "नमस्ते", "e\u{301}", "Settings",
            ]
        var counted = 0
        for text in texts {
            let measurement = try sharedEngine.measure(text, font: classicFont)
            if let characters = measurement.characters {
                #expect(characters == text.count, "\(text.debugDescription)")
                counted += 1
            }
        }
        // Plain, fallback and emoji texts all carry the count.
        for text in ["Back", "設定 — Настройки", "👍🏽 ok", "🇫🇷🇩🇪"] {
            #expect(try sharedEngine.measure(text, font: classicFont).characters == text.count, "\(text)")
        }
        #expect(counted * 10 >= texts.count * 9, "\(counted) of \(texts.count) counted")
    }

    @Test func scalarsThatStandAloneAreEachACharacterAsTheStandardLibraryBreaksThem() {
        // Every scalar of the Basic Multilingual Plane the quick walk takes one by one, in order,
        // reversed, and next to a few neighbours (a soft hyphen, NEL, no-break space, ©, an em
        // dash, an Arabic alef, a Han character, Hangul syllables of both kinds); and texts that
        // must take the slow walk (combining marks, CR LF, a ZWJ sequence, a flag, Thai, a
        // conjoining jamo after a syllable, a kana voicing mark). The witness is the standard
        // library's own `Character` breaking.
        let standing = (0..<0x10000).compactMap(Unicode.Scalar.init).filter(\.standsAlone)
        #expect(standing.count > 40_000)
        var texts = [String(String.UnicodeScalarView(standing)), String(String.UnicodeScalarView(standing.reversed()))]
        let neighbours = [
            "a", " ", "\u{AD}", "\u{85}", "\u{A0}", "\u{A9}", "\u{2014}", "\u{627}", "\u{4E2D}", "가", "각",
        ]
        for neighbour in neighbours {
            texts.append(standing.map { String($0) + neighbour }.joined())
        }
        texts += [
            "e\u{301}te\u{301}", "line\r\nbreak", "👨‍👩‍👧 Family", "🇫🇷 France", "Ok\u{200D}", "สวัสดี",
            "\u{627}\u{64E}\u{644}", "\u{5E9}\u{5C1}\u{5DC}", "\u{AC00}\u{11A8}", "\u{304B}\u{3099}", "\u{418}\u{306}",
        ]
        for (number, text) in texts.enumerated() {
            let (lengths, whiteSpace) = ClusterAdvances.characters(of: text)
            let expected = text.map { ($0.utf8.count, $0.isWhitespace) }
            // Named by the first Character that differs: the texts are tens of thousands long.
            let differs = Array(zip(zip(lengths, whiteSpace), expected)).firstIndex { $0.0 != $1.0 || $0.1 != $1.1 }
            let first = differs.map { Array(text)[$0].unicodeScalars.map { String($0.value, radix: 16) } }
            #expect(lengths.count == expected.count && differs == nil, "text \(number): first at U+\(first ?? [])")
        }
    }

    @Test func itemisingScalarByScalarGivesTheRunsThatWalkingCharactersGives() throws {
        // Titles whose scalars all stand alone are itemised a scalar at a time; every other is
        // walked by Character, as every title was before. Both ways, over every pair of sample
        // titles (many scripts, emoji, marks) in two fonts, give the same runs and missing count.
        var texts = sampleTitles
        for first in sampleTitles { for second in sampleTitles { texts.append(first + " " + second) } }
        var quick = 0
        for request in [classicFont, FontRequest(pattern: "Noto Sans", size: 17)] {
            let font = try sharedEngine.resolvedFont(request, in: sharedEngine.currentSession)
            for text in texts {
                let (segments, missing) = try Itemizer.itemize(text, font: font)
                let (walked, walkedMissing) = try Itemizer.itemizeWalkingCharacters(text, font: font)
                #expect(missing == walkedMissing, "\(text)")
                #expect(segments.count == walked.count, "\(text)")
                #expect(zip(segments, walked).allSatisfy { $0.isSame(as: $1) }, "\(text)")
                if text.unicodeScalars.allSatisfy(\.standsAlone),
                    !text.unicodeScalars.allSatisfy({ font.primary.covers($0.value) })
                {
                    quick += 1
                }
            }
        }
        #expect(quick > 200)
    }

    @Test func anASCIITextIsItemisedFromItsBytesAsTheWalkItemisesIt() throws {
        // ASCII texts the primary face covers are itemised from their bytes (one run), others by
        // the scalar walk. Each printable character alone and after a letter, every pair of a
        // few, line breaks, a tab, controls the face lacks, and texts with one non-ASCII byte:
        // the runs and missing count the walk by Character gives, left to right, and as many
        // characters as Swift counts (nil where CR or LF make the walk count clusters).
        let printable = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        var texts = printable + printable.map { "A" + $0 } + printable.map { $0 + "7" }
        // Noto Sans maps CR to a glyph (hb-shape shows "CR"), so "\r" takes the byte path there.
        let few = [" ", "a", "Z", "1", "-", "…", "é", "\r\n", "\r", "\n", "\t", "\u{1}"]
        for first in few { for second in few { texts.append(first + second + "x") } }
        texts += ["", "Settings", "Privacy & Security", "2024", "--", "line\r\nbreak", "a\rb", "Caf\u{E9}"]
        var fromBytes = 0
        for request in [classicFont, FontRequest(pattern: "Noto Sans", size: 17)] {
            let font = try sharedEngine.resolvedFont(request, in: sharedEngine.currentSession)
            for text in texts {
                let line = try Itemizer.itemizeLine(text, font: font)
                let (walked, walkedMissing) = try Itemizer.itemizeWalkingCharacters(text, font: font)
                #expect(line.missing == walkedMissing, "\(text.debugDescription)")
                #expect(line.segments.count == walked.count, "\(text.debugDescription)")
                #expect(zip(line.segments, walked).allSatisfy { $0.isSame(as: $1) }, "\(text.debugDescription)")
                #expect(line.leftToRight, "\(text.debugDescription)")
                if let characters = line.characters { #expect(characters == text.count, "\(text.debugDescription)") }
                let ascii = Itemizer.asciiLine(text, primary: font.primary)
                if ascii != nil {
                    fromBytes += 1
                    #expect(text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
                    #expect(line.characters == (text.contains("\r") || text.contains("\n") ? nil : text.utf8.count))
                }
            }
        }
        // Most of them take the byte path, and some (…, é, controls the face lacks) do not.
        #expect(fromBytes > 400 && fromBytes < 2 * texts.count)
    }

    @Test func aRunContinuedPastTheCutIsWhatItemisingTheTextShownGives() throws {
        // For every cut of many titles (pairs of sample titles: many scripts, fallback faces,
        // emoji, marks) in two fonts, with three ellipses: wherever the line's runs are read as
        // continuing over the ellipsis, itemising the text shown gives exactly those runs (the
        // line's before the cut's, then the cut's run with the ellipsis) and nothing missing.
        // Both outcomes must occur often.
        var texts = sampleTitles + Self.fallbackTitles
        for first in sampleTitles.prefix(12) {
            for second in sampleTitles.suffix(12) { texts.append(first + " " + second) }
        }
        var continued = 0
        var declined = 0
        for request in [classicFont, FontRequest(pattern: "Noto Sans", size: 17)] {
            let shaper = try sharedEngine.shaper(for: request, in: sharedEngine.currentSession)
            let font = shaper.font
            for ellipsis in ["…", "...", " »"] {
                let joining = Itemizer.joiningScalars(ellipsis)
                for text in texts {
                    let line = try shaper.measureLine(text).1
                    var cut = text.startIndex
                    while cut < text.endIndex {
                        cut = text.index(after: cut)
                        let offset = text.utf8.distance(from: text.startIndex, to: cut)
                        guard offset < text.utf8.count,
                            let index = line.runs.firstIndex(where: { $0.segment.utf8Range.contains(offset) }),
                            offset > line.runs[index].segment.utf8Range.lowerBound
                        else { continue }
                        let shown = String(text[..<cut]) + ellipsis
                        guard
                            let last = try line.continuedRun(
                                shown, index: index, cut: offset, joining: joining, font: font)
                        else {
                            declined += 1
                            continue
                        }
                        continued += 1
                        let (segments, missing) = try Itemizer.itemize(shown, font: font)
                        let expected = line.runs[..<index].map(\.segment) + [last]
                        #expect(missing == 0, "\(shown)")
                        #expect(segments.count == expected.count, "\(shown)")
                        #expect(zip(segments, expected).allSatisfy { $0.isSame(as: $1) }, "\(shown)")
                    }
                }
            }
        }
        #expect(continued > 2000, "\(continued) continued")
        #expect(declined > 200, "\(declined) declined")
    }

    @Test func theQuickWhiteSpaceTestOfAScalarIsTheStandardLibrarys() {
        let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
        let wrong = scalars.filter { $0.isWhiteSpaceQuickly != $0.properties.isWhitespace }
        #expect(wrong.isEmpty, "\(wrong.map { "U+" + String($0.value, radix: 16) })")
        #expect(scalars.filter(\.isWhiteSpaceQuickly).count == 25)
    }

    @Test func theQuickWhiteSpaceTestIsTheStandardLibrarys() {
        for value in 0..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            #expect(character.isWhiteSpaceQuickly == character.isWhitespace, "U+\(String(value, radix: 16))")
        }
        #expect(Character("\r\n").isWhiteSpaceQuickly && Character("\r\n").isWhitespace)
    }
}
