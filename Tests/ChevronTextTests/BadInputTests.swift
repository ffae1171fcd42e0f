import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// Every bad input is a typed error naming the input and the limit; nothing crashes.
struct BadInputTests {
    @Test("sizes outside (0, 1000] are refused", arguments: [0, -1, .nan, .infinity, -.infinity, 1000.5])
    func badSizes(size: Double) {
        #expect {
            try sharedEngine.measure("Back", font: FontRequest(pattern: "Helvetica", size: size))
        } throws: { error in
            let error = error as? TextError
            return error?.code == .invalidSize && error?.parameter == "size" && error?.message.contains("1000") == true
        }
    }

    @Test func theLargestSizeIsAccepted() throws {
        #expect(try sharedEngine.measure("Back", font: FontRequest(pattern: "Helvetica", size: 1000)).width > 0)
    }

    @Test("empty and unparsable patterns are refused", arguments: ["", "   ", "Helvetica:weight=abc"])
    func badPatterns(pattern: String) {
        #expect {
            try sharedEngine.measure("Back", font: FontRequest(pattern: pattern, size: 12))
        } throws: { error in
            (error as? TextError)?.code == .invalidPattern && (error as? TextError)?.parameter == "pattern"
        }
    }

    @Test("unparsable features are refused, naming the feature", arguments: ["kern=x", "bogus!!", "", "-kern,-liga"])
    func badFeatures(feature: String) {
        #expect {
            try sharedEngine.measure("Back", font: FontRequest(pattern: "Helvetica", size: 12, features: [feature]))
        } throws: { error in
            (error as? TextError)?.code == .invalidFeature
                && (error as? TextError)?.message.contains("\"\(feature)\"") == true
        }
    }

    @Test func tooManyFeaturesAreRefused() {
        let features = Array(repeating: "-kern", count: TextLimits.maximumFeatures + 1)
        #expect(throws: TextError.self) {
            try sharedEngine.measure("Back", font: FontRequest(pattern: "Helvetica", size: 12, features: features))
        }
    }

    @Test(
        "malformed language tags are refused",
        arguments: [
            "", "x", "en_US", "toolonglanguage", "en--US", "日本", "en-", "-en", "1en", "en-toolongsub", "de-CH-",
            "é", "en-US!",
        ])
    func badLanguages(language: String) {
        #expect {
            try sharedEngine.measure("Back", font: FontRequest(pattern: "Helvetica", size: 12, language: language))
        } throws: { error in
            (error as? TextError)?.code == .invalidLanguage
        }
    }

    @Test(
        "well-formed language tags are measured",
        arguments: ["en", "de-CH", "zh-Hant", "zh-Hant-HK", "sr-Latn-RS", "es-419", "EN-us", "abcdefgh-12345678"])
    func goodLanguages(language: String) throws {
        let measured = try sharedEngine.measure(
            "Back", font: FontRequest(pattern: "Helvetica", size: 12, language: language))
        #expect(measured.width > 0)
    }

    @Test func weightsOutsideTheOpenTypeRangeAreRefused() {
        #expect(throws: TextError.self) {
            try sharedEngine.resolve(
                FontRequest(face: .fields(family: "DejaVu Sans", weight: 0, slant: .roman), size: 12))
        }
    }

    @Test func textOverTheBoundIsRefusedAndTextAtTheBoundIsMeasured() throws {
        let atLimit = String(repeating: "a", count: 4096)
        #expect(try sharedEngine.measure(atLimit, font: classicFont).runs.first?.glyphCount == 4096)
        #expect {
            try sharedEngine.measure(atLimit + "é", font: classicFont)
        } throws: { error in
            let error = error as? TextError
            return error?.code == .textTooLong && error?.message.contains("4098") == true
                && error?.message.contains("4096") == true
        }
    }

    @Test func theTextBoundIsConfigurable() throws {
        var configuration = TextEngine.Configuration()
        configuration.limits.maximumTextBytes = 8
        let engine = try TextEngine(configuration: configuration)
        #expect(throws: TextError.self) { try engine.measure("Settings!", font: classicFont) }
        #expect(try engine.measure("Settings", font: classicFont).width > 0)
    }

    @Test("negative and NaN maximum widths are refused", arguments: [-1, .nan])
    func badMaximumWidths(width: Double) {
        #expect {
            try sharedEngine.truncate("Back", font: classicFont, maxWidth: width)
        } throws: { error in
            (error as? TextError)?.code == .invalidWidth
        }
    }

    @Test func anOverlongEllipsisIsRefused() {
        #expect(throws: TextError.self) {
            try sharedEngine.truncate(
                "Back", font: classicFont, maxWidth: 1, ellipsis: String(repeating: ".", count: 65))
        }
    }

    /// A private font directory holding a copy of DejaVu Sans, known to fontconfig by its path.
    private func engineWithPrivateFont() throws -> (TextEngine, FontRequest, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("ChevronPrivate.ttf")
        try FileManager.default.copyItem(
            atPath: try ExternalTools.fcMatch("DejaVu Sans").file, toPath: copy.path)
        var configuration = TextEngine.Configuration()
        configuration.fontDirectories = [directory.path]
        let engine = try TextEngine(configuration: configuration)
        return (engine, FontRequest(pattern: ":file=\(copy.path)", size: 12), copy)
    }

    @Test func aFontFileThatVanishedIsReportedWithItsPath() throws {
        let (engine, request, file) = try engineWithPrivateFont()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try FileManager.default.removeItem(at: file)
        #expect {
            try engine.measure("Back", font: request)
        } throws: { error in
            let error = error as? TextError
            return error?.code == .fontFileMissing && error?.message.contains(file.path) == true
        }
    }

    @Test func aCorruptFontFileIsReportedWithItsPath() throws {
        let (engine, request, file) = try engineWithPrivateFont()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(repeating: 0x5A, count: 4096).write(to: file)
        #expect {
            try engine.measure("Back", font: request)
        } throws: { error in
            let error = error as? TextError
            return error?.code == .fontFileCorrupt && error?.message.contains(file.path) == true
        }
        // The engine is still usable for every other font.
        #expect(try engine.measure("Back", font: classicFont).width > 0)
    }
}
