import CHarfBuzz
import ChevronTestSupport
import Testing

@testable import ChevronText

/// Titles the primary face cannot show are shaped with a covering face from the fallback chain.
struct FallbackTests {
    @Test(
        "a title in another script has no missing characters and is shaped by a face covering it",
        arguments: [
            ("设置", "Hani"), ("設定を変更", "Hani"), ("الإعدادات", "Arab"), ("הגדרות", "Hebr"),
            ("सेटिंग्स", "Deva"), ("การตั้งค่า", "Thai"),
        ])
    func otherScriptsFallBack(title: String, script: String) throws {
        for scalar in title.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            try #require(!(try ExternalTools.filesCovering(scalar)).isEmpty, "a font covering \(scalar) is installed")
        }
        let measurement = try sharedEngine.measure(title, font: classicFont)
        #expect(measurement.missing == 0)
        let primary = try ExternalTools.fcMatch("Helvetica:bold").file
        for run in measurement.runs {
            #expect(run.face.file != primary, "Helvetica has no \(run.script) glyphs")
            let runText = try #require(
                String(title.utf16.dropFirst(run.utf16Range.lowerBound).prefix(run.utf16Range.count)))
            let first = try #require(runText.unicodeScalars.first)
            #expect(try ExternalTools.filesCovering(first).contains(run.face.file))
        }
        #expect(measurement.runs.contains { $0.script == script })
        // One fallback face shapes the whole title, so hb-shape on that file gives the same width.
        if measurement.runs.count == 1, let run = measurement.runs.first {
            let expected = try ExternalTools.hbShapeWidth(
                file: run.face.file, text: title, size: 12, features: ["-kern"])
            #expect(abs(measurement.width - expected) < 1e-9)
        }
    }

    @Test func rightToLeftTitlesReportTheirDirection() throws {
        #expect(try sharedEngine.measure("הגדרות", font: classicFont).direction == .rtl)
        #expect(try sharedEngine.measure("البريد الوارد", font: classicFont).direction == .rtl)
        #expect(try sharedEngine.measure("Settings", font: classicFont).direction == .ltr)
    }

    @Test func anArabicPhraseIsOneRunSpacesIncluded() throws {
        let measurement = try sharedEngine.measure("البريد الوارد", font: classicFont)
        #expect(measurement.runs.count == 1)
    }

    @Test func mixedScriptsSplitIntoRunsCoveringTheWholeText() throws {
        let title = "Photos Входящие 设置"
        let measurement = try sharedEngine.measure(title, font: classicFont)
        #expect(measurement.runs.map(\.script) == ["Latn", "Cyrl", "Hani"])
        #expect(measurement.runs.first?.utf16Range.lowerBound == 0)
        #expect(measurement.runs.last?.utf16Range.upperBound == title.utf16.count)
        for (left, right) in zip(measurement.runs, measurement.runs.dropFirst()) {
            #expect(left.utf16Range.upperBound == right.utf16Range.lowerBound)
        }
        #expect(abs(measurement.runs.reduce(0) { $0 + $1.width } - measurement.width) < 1e-9)
    }

    @Test func aScalarNoInstalledFontCoversIsCountedMissing() throws {
        let unassigned = Unicode.Scalar(0x0378)!  // unassigned in Unicode: no font can cover it
        try #require(try ExternalTools.filesCovering(unassigned).isEmpty)
        let measurement = try sharedEngine.measure("A\u{0378}B\u{0378}", font: classicFont)
        #expect(measurement.missing == 2)
    }

    @Test func resolvingWithTextListsOnlyTheFacesTheTextNeeds() throws {
        let resolution = try sharedEngine.resolve(FontRequest(pattern: "Helvetica:bold", size: 12), text: "Back 设置")
        #expect(resolution.fallbacks.count == 1)
        let cjk = try ExternalTools.filesCovering("设")
        #expect(resolution.fallbacks.allSatisfy { cjk.contains($0.file) })
        #expect(resolution.missing == 0)
    }
}

/// The itemiser reads an ASCII scalar's script without asking HarfBuzz; HarfBuzz's Unicode
/// functions are the witness, for all 128.
struct AsciiScriptTests {
    @Test func everyAsciiScalarHasTheScriptHarfBuzzGivesIt() {
        let functions = hb_unicode_funcs_get_default()
        var latin = 0
        for value in UInt32(0)..<0x80 {
            let expected = hb_unicode_script(functions, value)
            #expect(Itemizer.asciiScript(value) == expected, "U+\(String(value, radix: 16))")
            if expected == HB_SCRIPT_LATIN { latin += 1 }
        }
        // Scripts.txt: the 52 letters are Latin, everything else common.
        #expect(latin == 52)
    }
}
