import ChevronTestSupport
import ChevronText
import Testing

/// Widths and vertical metrics against hb-shape and the font's own tables.
struct MeasurementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: String
        let text: String
        let features: [String]
        var testDescription: String { "\(text) in \(pattern) \(features)" }
    }

    @Test func measurementsAndRequestsKeptBehindOneReferenceStayValues() throws {
        // Their fields live in one shared storage: a copy changed must leave the original as it
        // was, a changed request must hash anew, and both must still print their fields.
        let request = FontRequest(pattern: "Helvetica:bold", size: 12)
        let measured = try sharedEngine.measure("Settings", font: request)
        var changed = measured
        changed.width += 1
        #expect(changed.width == measured.width + 1)
        #expect(changed != measured && changed.runs == measured.runs)
        #expect(measured.debugDescription.contains("width: \(measured.width)"))
        var larger = request
        larger.size = 13
        #expect(request.size == 12 && larger.size == 13 && larger != request)
        #expect(larger.digest != request.digest)
        #expect(larger.faceDescription == "Helvetica:bold" && request.debugDescription.contains("size: 12.0"))
    }

    static let cases: [Case] = [
        Case(pattern: "Helvetica:bold", text: "Settings", features: ["-kern"]),
        Case(pattern: "Helvetica:bold", text: "Kontoeinstellungen", features: ["-kern"]),
        Case(pattern: "Liberation Sans:bold", text: "AVATAR Wavy Tokyo", features: []),
        Case(pattern: "Liberation Sans:bold", text: "AVATAR Wavy Tokyo", features: ["-kern"]),
        Case(pattern: "DejaVu Sans", text: "office affine", features: []),
        Case(pattern: "DejaVu Sans", text: "office affine", features: ["-liga"]),
        Case(pattern: "DejaVu Sans", text: "Входящие Ρυθμίσεις", features: []),
        Case(pattern: "Noto Sans Arabic", text: "البريد الوارد", features: []),
        Case(pattern: "Noto Sans Devanagari", text: "सेटिंग्स", features: []),
        Case(pattern: "Noto Sans Thai", text: "การตั้งค่า", features: []),
    ]

    @Test("width equals hb-shape's advances on the same file", arguments: cases)
    func widthMatchesHarfBuzzCommandLine(_ testCase: Case) throws {
        let request = FontRequest(pattern: testCase.pattern, size: 17, features: testCase.features)
        let measurement = try sharedEngine.measure(testCase.text, font: request)
        #expect(measurement.missing == 0)
        #expect(measurement.runs.count >= 1)
        let file = try #require(measurement.runs.first?.face.file)
        #expect(Set(measurement.runs.map(\.face.file)) == [file], "one face covers the whole text")
        let expected = try ExternalTools.hbShapeWidth(
            file: file, text: testCase.text, size: 17, features: testCase.features)
        #expect(abs(measurement.width - expected) < 1e-9)
    }

    @Test func kerningChangesTheWidthAsTheFontSays() throws {
        let file = try ExternalTools.fcMatch("Liberation Sans:bold").file
        let kerned = try sharedEngine.measure("AVATAR", font: FontRequest(pattern: "Liberation Sans:bold", size: 100))
        let unkerned = try sharedEngine.measure(
            "AVATAR", font: FontRequest(pattern: "Liberation Sans:bold", size: 100, features: ["-kern"]))
        let expectedKerned = try ExternalTools.hbShapeWidth(file: file, text: "AVATAR", size: 100)
        let expectedUnkerned = try ExternalTools.hbShapeWidth(
            file: file, text: "AVATAR", size: 100, features: ["-kern"])
        #expect(expectedKerned < expectedUnkerned, "the witness itself shows kerning")
        #expect(abs(kerned.width - expectedKerned) < 1e-9)
        #expect(abs(unkerned.width - expectedUnkerned) < 1e-9)
    }

    @Test func classicTitleWidthIsTheSumOfHelveticaBoldAdvances() throws {
        // Adobe's Helvetica-Bold AFM: S 667, e 556, t 333, t 333, i 278, n 611, g 611, s 556 (of 1000).
        // Nimbus Sans Bold, which fontconfig substitutes for Helvetica, carries the same advances.
        let expected = Double(667 + 556 + 333 + 333 + 278 + 611 + 611 + 556) * 12 / 1000
        let measurement = try sharedEngine.measure("Settings", font: classicFont)
        #expect(abs(measurement.width - expected) < 1e-9)
        #expect(measurement.runs.first?.face.family == "Nimbus Sans")
    }

    @Test func verticalMetricsComeFromTheHheaTable() throws {
        let file = try ExternalTools.fcMatch("DejaVu Sans").file
        let tables = try FontTables(file: file)
        let measurement = try sharedEngine.measure("Hxg", font: FontRequest(pattern: "DejaVu Sans", size: 20))
        let scale = 20 / Double(tables.unitsPerEm)
        #expect(abs(measurement.ascent - Double(tables.ascender) * scale) < 1e-9)
        #expect(abs(measurement.descent - Double(-tables.descender) * scale) < 1e-9)
        #expect(
            abs(measurement.lineHeight - Double(tables.ascender - tables.descender + tables.lineGap) * scale) < 1e-9)
    }

    @Test func widthScalesLinearlyWithSize() throws {
        let small = try sharedEngine.measure("Settings", font: FontRequest(pattern: "DejaVu Sans", size: 10))
        let large = try sharedEngine.measure("Settings", font: FontRequest(pattern: "DejaVu Sans", size: 30))
        #expect(abs(large.width - 3 * small.width) < 1e-9)
    }

    @Test func emptyTextHasZeroWidthAndNoRuns() throws {
        let measurement = try sharedEngine.measure("", font: classicFont)
        #expect(measurement.width == 0)
        #expect(measurement.runs.isEmpty)
        #expect(measurement.missing == 0)
        #expect(measurement.ascent > 0, "an empty line still has the primary face's height")
    }

    @Test func runRangesAreUTF16Offsets() throws {
        // "🇫🇷" is two scalars, four UTF-16 code units; "é" (precomposed) is one.
        let measurement = try sharedEngine.measure("é🇫🇷", font: FontRequest(pattern: "DejaVu Sans", size: 12))
        #expect(measurement.runs.first?.utf16Range.lowerBound == 0)
        #expect(measurement.runs.last?.utf16Range.upperBound == 5)
    }
}
