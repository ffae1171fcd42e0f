import ChevronTestSupport
import ChevronText
import Testing

/// Font resolution against `fc-match`, and its cache.
struct ResolutionTests {
    @Test(
        "the primary face is fc-match's",
        arguments: [
            "Helvetica:bold", "Helvetica", "sans-serif", "serif:italic", "monospace", "Times:bold:italic",
            "Noto Sans:weight=200", "DejaVu Serif:italic", "Liberation Mono", "Droid Sans Fallback",
            "sans-serif:lang=ja", "sans-serif:lang=ar", "A font nobody has",
        ])
    func primaryFaceIsFcMatchs(pattern: String) throws {
        let expected = try ExternalTools.fcMatch(pattern)
        let resolution = try sharedEngine.resolve(FontRequest(pattern: pattern, size: 12))
        #expect(resolution.primary.file == expected.file)
        #expect(resolution.primary.index == expected.index)
        #expect(resolution.primary.family == expected.family)
        #expect(resolution.primary.style == expected.style)
    }

    /// The request's language does not choose the primary face (the stand-in for a family is the
    /// same in every language); it steers the fallback for the characters the primary lacks, as
    /// fontconfig's `lang` does (`fc-match 'sans-serif:lang=he'` for Hebrew letters).
    @Test func languageFieldSteersTheFallbackNotThePrimaryFace() throws {
        let request = FontRequest(pattern: "sans-serif", size: 12, language: "he")
        let resolution = try sharedEngine.resolve(request)
        #expect(resolution.primary.file == (try ExternalTools.fcMatch("sans-serif")).file)
        let hebrew = try sharedEngine.measure("שלום", font: request)
        let expected = try ExternalTools.fcMatch("sans-serif:lang=he")
        #expect(hebrew.runs.map(\.face.file) == [expected.file], "\(hebrew.runs.map(\.face.file))")
    }

    @Test func familyWeightAndSlantFieldsResolveLikeTheEquivalentPattern() throws {
        let expected = try ExternalTools.fcMatch("DejaVu Sans:weight=bold:slant=italic")
        let request = FontRequest(face: .fields(family: "DejaVu Sans", weight: 700, slant: .italic), size: 12)
        let resolution = try sharedEngine.resolve(request)
        #expect(resolution.primary.file == expected.file)
        #expect(resolution.primary.style == expected.style)
    }

    @Test func aRepeatedRequestNeverReachesFontconfigAgain() throws {
        let engine = try TextEngine()
        let request = FontRequest(pattern: "Liberation Serif", size: 12)
        _ = try engine.resolve(request)
        _ = try engine.measure("Back", font: request)
        _ = try engine.measure("Forward", font: FontRequest(pattern: "Liberation Serif", size: 30))
        #expect(engine.statistics.fontconfigMatches == 1)
        _ = try engine.measure("Back", font: FontRequest(pattern: "Liberation Serif:bold", size: 12))
        #expect(engine.statistics.fontconfigMatches == 2)
    }

    @Test func metricsNameTheUnitsPerEmOfTheFile() throws {
        let resolution = try sharedEngine.resolve(FontRequest(pattern: "Helvetica:bold", size: 12))
        #expect(resolution.metrics.unitsPerEm == (try FontTables(file: resolution.primary.file).unitsPerEm))
        #expect(resolution.metrics.glyphCount > 200)
        #expect(resolution.metrics.bitmapStrikes.isEmpty)
    }

    @Test func withoutTextTheFallbacksAreTheWholeChainWithoutThePrimary() throws {
        let resolution = try sharedEngine.resolve(FontRequest(pattern: "Helvetica:bold", size: 12))
        #expect(!resolution.fallbacks.contains(resolution.primary))
        #expect(resolution.fallbacks.count >= 5)
    }
}
