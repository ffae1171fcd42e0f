import Foundation

/// Font files made for a test with PyPI's fontTools (run as `python3 -c`, a separate process),
/// in fresh temporary folders: the code under test never writes them.
public enum FontFixtures {
    /// Liberation Sans Regular, whose widths are Arial's, renamed to "SF Pro Text" (name IDs 1
    /// and 16 the family, 4 the full name, 6 the PostScript name): a stand-in for the font the
    /// modern look asks for, as a user would drop the real one into a fonts folder.
    public static let liberationSans = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"

    /// A fresh, empty temporary folder.
    public static func folder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes a copy of `source` to `destination` with its names replaced: `names` maps a name ID
    /// to its new text, for every platform's record of that ID.
    public static func renamedCopy(of source: String, to destination: String, names: [Int: String]) throws {
        let script = """
            import sys, json
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1])
            names = {int(k): v for k, v in json.loads(sys.argv[3]).items()}
            for record in font["name"].names:
                if record.nameID in names:
                    record.string = names[record.nameID]
            for name_id, text in names.items():
                font["name"].setName(text, name_id, 3, 1, 0x409)
            font.save(sys.argv[2])
            """
        let json = String(
            decoding: try JSONSerialization.data(
                withJSONObject: Dictionary(uniqueKeysWithValues: names.map { ("\($0)", $1) })),
            as: UTF8.self)
        try python(script, [source, destination, json])
    }

    /// Writes Liberation Sans renamed "SF Pro Text" to `folder/SFProText-Regular.ttf`; its path.
    @discardableResult
    public static func sfProTextCopy(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("SFProText-Regular.ttf").path
        try renamedCopy(
            of: liberationSans, to: path,
            names: [1: "SF Pro Text", 16: "SF Pro Text", 4: "SF Pro Text Regular", 6: "SFProText-Regular"])
        return path
    }

    /// Writes a copy of Inter's variable font whose one axis is tagged `opsz` (optical size) instead
    /// of `wght`, spanning 6…28 pt with its default at 17, named "Chevron Opsz Test"; its path.
    /// The outlines still vary by weight: what matters is that the axis HarfBuzz is told to set is
    /// the one named `opsz`, and that hb-shape sets the same coordinate. Named instances and the
    /// STAT table (which name the old axis) are dropped, so fontconfig lists the variable face only.
    public static func opticalSizeFont(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("ChevronOpszTest.ttf").path
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1])
            axis = font["fvar"].axes[0]
            assert axis.axisTag == "wght" and len(font["fvar"].axes) == 1, font["fvar"].axes
            axis.axisTag = "opsz"
            axis.minValue, axis.defaultValue, axis.maxValue = 6.0, 17.0, 28.0
            font["fvar"].instances = []
            for table in ("STAT", "avar"):
                if table in font:
                    del font[table]
            for record in font["name"].names:
                if record.nameID in (1, 16):
                    record.string = "Chevron Opsz Test"
                elif record.nameID in (4,):
                    record.string = "Chevron Opsz Test Regular"
                elif record.nameID in (6,):
                    record.string = "ChevronOpszTest-Regular"
            font.save(sys.argv[2])
            """
        try python(script, ["/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", path])
        return path
    }

    /// Runs a Python script with fontTools; throws with its standard error when it fails.
    static func python(_ script: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExternalTools.ToolError.failed("python3 (fontTools): \(String(decoding: message, as: UTF8.self))")
        }
    }

    /// Nimbus Sans (a CFF-flavoured OpenType font) renamed `family`, every glyph's charstring
    /// replaced by a call of local subroutine 30000, which the font does not have.
    public static func damagedCFFFont(_ family: String, at path: String) throws {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1], recalcBBoxes=False)
            charStrings = font["CFF "].cff.topDictIndex[0].CharStrings
            for name in charStrings.keys():
                charString = charStrings[name]
                charString.decompile()
                charString.program = [30000, "callsubr", "endchar"]
                charString.bytecode = None
            family = sys.argv[3]
            for record in font["name"].names:
                if record.nameID in (1, 16):
                    record.string = family
                elif record.nameID == 4:
                    record.string = family + " Regular"
                elif record.nameID == 6:
                    record.string = family.replace(" ", "") + "-Regular"
            font.save(sys.argv[2])
            """
        _ = try ExternalTools.run(
            "python3", ["-c", script, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", path, family])
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExternalTools.ToolError.failed("fontTools did not write \(path)")
        }
    }
}
