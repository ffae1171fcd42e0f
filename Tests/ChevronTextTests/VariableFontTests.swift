import ChevronTestSupport
import ChevronText
import Foundation
import Testing

/// A variable font that fontconfig matches itself (not a named instance) is set to the weight
/// asked for, and an optical-size axis to the point size; hb-shape with the same coordinates
/// gives the widths.
struct VariableFontTests {
    @Test func theVariableFontGetsTheWeightAskedFor() throws {
        // fontconfig's weight 190 is OpenType 650; fc-match says which file and coordinates.
        let pattern = "Inter:variable=true:weight=190"
        let fields = try ExternalTools.fcMatchFields(pattern, format: "%{file}|%{fontvariations}")
        let (file, variations) = (fields[0], fields[1])
        try #require(variations == "wght=650", "fontconfig sets the weight axis: \(fields)")
        let measurement = try sharedEngine.measure("Settings", font: FontRequest(pattern: pattern, size: 17))
        let run = try #require(measurement.runs.first)
        #expect(measurement.runs.count == 1)
        #expect(run.face.file == file)
        #expect(run.face.variations == variations)
        #expect(measurement.primary.variations == variations)
        let expected = try ExternalTools.hbShapeWidth(file: file, text: "Settings", size: 17, variations: [variations])
        #expect(abs(measurement.width - expected) < 1e-9, "\(measurement.width) vs hb-shape \(expected)")
        // At the default weight the same text is narrower: the coordinates did something.
        let regular = try ExternalTools.hbShapeWidth(file: file, text: "Settings", size: 17, variations: ["wght=400"])
        #expect(abs(measurement.width - regular) > 0.5)
    }

    /// Without `variable=true` fontconfig picks a named instance (the face index's upper 16 bits,
    /// 1-based): it is measured at that instance's coordinates, which fontTools reads from the
    /// font's fvar table (hb-shape 6 ignores the upper bits of --face-index).
    @Test func aNamedInstanceIsMeasuredAtItsCoordinates() throws {
        let pattern = "Inter:weight=190"
        let fields = try ExternalTools.fcMatchFields(pattern, format: "%{file}|%{index}|%{style[0]}")
        let (file, index) = (fields[0], Int(fields[1]) ?? 0)
        try #require(index >> 16 > 0, "fontconfig matched a named instance: \(fields)")
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            instance = TTFont(sys.argv[1])["fvar"].instances[int(sys.argv[2])]
            print(",".join(f"{tag}={value:g}" for tag, value in instance.coordinates.items()), end="")
            """
        let coordinates = try #require(try ExternalTools.run("python3", ["-c", script, file, "\((index >> 16) - 1)"]))
        let measurement = try sharedEngine.measure("Settings", font: FontRequest(pattern: pattern, size: 17))
        let run = try #require(measurement.runs.first)
        #expect(run.face.file == file && run.face.index == index && run.face.style == fields[2])
        #expect(run.face.variations.isEmpty, "a named instance is used as it is")
        let expected = try ExternalTools.hbShapeWidth(
            file: file, text: "Settings", size: 17, variations: coordinates.split(separator: ",").map(String.init))
        #expect(abs(measurement.width - expected) < 1e-9, "\(coordinates): \(measurement.width) vs \(expected)")
        let regular = try ExternalTools.hbShapeWidth(file: file, text: "Settings", size: 17)
        #expect(abs(measurement.width - regular) > 0.5, "not the default instance")
    }

    @Test func aStaticFaceHasNoVariations() throws {
        let measurement = try sharedEngine.measure("Settings", font: classicFont)
        #expect(measurement.runs.allSatisfy { $0.face.variations.isEmpty })
    }

    /// No Debian font has an `opsz` axis: the fixture is Inter with its weight axis re-tagged
    /// `opsz` (6…28, default 17), so that each size reaches a different design.
    @Test func anOpticalSizeAxisFollowsThePointSize() throws {
        let folder = try FontFixtures.folder("chevron-opsz")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try FontFixtures.opticalSizeFont(in: folder)
        var configuration = TextEngine.Configuration()
        configuration.fontDirectories = [folder.path]
        let engine = try TextEngine(configuration: configuration)
        var widths: [Double] = []
        for size in [12.0, 17, 20] {
            let measurement = try engine.measure(
                "Settings", font: FontRequest(pattern: "Chevron Opsz Test", size: size))
            let run = try #require(measurement.runs.first)
            #expect(run.face.file == file)
            let coordinate = "opsz=\(Int(size))"
            #expect(run.face.variations == coordinate)
            let expected = try ExternalTools.hbShapeWidth(
                file: file, text: "Settings", size: size, variations: [coordinate])
            #expect(
                abs(measurement.width - expected) < 1e-9, "\(size) pt: \(measurement.width) vs hb-shape \(expected)")
            widths.append(measurement.width / size)
        }
        // Per point, each size is a different design (the default, 17, is none of the others).
        #expect(Set(widths).count == 3)
    }
}
