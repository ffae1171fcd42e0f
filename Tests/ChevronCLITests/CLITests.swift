import Foundation
import Testing

/// The built `chevron` binary, run as a user would, checked against fc-match and hb-shape.
struct CLITests {
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// The directory holding the built executables: `make test` exports it; otherwise the debug
    /// build folder of this package.
    static var binaryDirectory: URL {
        if let directory = ProcessInfo.processInfo.environment["CHEVRON_BIN_DIR"] {
            return URL(fileURLWithPath: directory)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.currentDirectoryURL = directory
        process.executableURL =
            executable.hasPrefix("/")
            ? URL(fileURLWithPath: executable) : binaryDirectory.appendingPathComponent(executable)
        if executable.hasPrefix("/") == false, executable.contains("/") == false,
            !FileManager.default.fileExists(atPath: process.executableURL!.path)
        {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        } else {
            process.arguments = arguments
        }
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe()
        // Standard error goes to a file: two pipes read one after the other could deadlock.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let inputPipe = Pipe()
        if input != nil { process.standardInput = inputPipe }
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// hb-shape's advance sum for `text` in `file`, in font units.
    static func hbShapeUnits(_ file: String, _ text: String, features: String) throws -> Int {
        let result = try run(
            "hb-shape", ["--output-format=json", "--no-glyph-names", "--features=\(features)", file, text])
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        return glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
    }

    @Test func measureJSONHasTheDocumentedKeysAndHbShapesWidth() throws {
        let result = try Self.run(
            "chevron",
            [
                "measure", "--local", "Settings", "--font", "DejaVu Sans", "--size", "20", "--features=-kern,-liga",
                "--json",
            ])
        #expect(result.status == 0)
        let report = try Self.json(result.output)
        for key in ["width", "ascent", "descent", "lineHeight", "runs", "missing"] {
            #expect(report[key] != nil, "missing key \(key)")
        }
        #expect(report["displayed"] == nil, "displayed only with --max-width")
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        for key in ["file", "family", "style", "start", "end", "glyphs", "width"] {
            #expect(run[key] != nil, "missing run key \(key)")
        }
        let file = try #require(run["file"] as? String)
        // DejaVu Sans has 2048 units per em (its head table; FontTables in the core's tests reads it).
        let expected = Double(try Self.hbShapeUnits(file, "Settings", features: "-kern,-liga")) * 20 / 2048
        #expect(abs((report["width"] as? Double ?? -1) - expected) < 1e-9)
        #expect(run["start"] as? Int == 0 && run["end"] as? Int == 8 && run["glyphs"] as? Int == 8)
    }

    @Test func measureWithMaxWidthReportsTheDisplayedText() throws {
        let result = try Self.run(
            "chevron", ["measure", "--local", "Settings and Privacy", "--max-width", "60", "--json"])
        #expect(result.status == 0)
        let report = try Self.json(result.output)
        #expect(report["truncated"] as? Bool == true)
        #expect((report["displayed"] as? String)?.hasSuffix("…") == true)
    }

    @Test func fontJSONIsFcMatchsAnswer() throws {
        let result = try Self.run("chevron", ["font", "--local", "Helvetica:bold", "--json"])
        #expect(result.status == 0)
        let report = try Self.json(result.output)
        let expected = try Self.run("fc-match", ["-f", "%{family[0]}|%{style[0]}|%{file}|%{index}", "Helvetica:bold"])
            .output
        let fields = expected.split(separator: "|").map(String.init)
        #expect(report["family"] as? String == fields[0])
        #expect(report["style"] as? String == fields[1])
        #expect(report["file"] as? String == fields[2])
        #expect(report["index"] as? Int == Int(fields[3]))
        #expect((report["fallbacks"] as? [Any])?.isEmpty == false)
    }

    @Test func fontWithTextListsTheFallbackForCJK() throws {
        let result = try Self.run("chevron", ["font", "--local", "Helvetica:bold", "--text", "设置", "--json"])
        let report = try Self.json(result.output)
        let fallbacks = try #require(report["fallbacks"] as? [[String: Any]])
        #expect(fallbacks.count == 1)
        #expect(report["missing"] as? Int == 0)
    }

    @Test func humanOutputIsATable() throws {
        let result = try Self.run("chevron", ["measure", "--local", "Back"])
        #expect(result.status == 0)
        #expect(result.output.contains("width"))
        #expect(result.output.contains("Nimbus Sans"))
    }

    @Test(
        "usage errors exit 2 with a message naming the option",
        arguments: [
            (["measure", "Back", "--size", "nan"], "size"),
            (["measure"], "text"),
            (["frobnicate"], "frobnicate"),
            (["size", "Back", "--max-width", "inf"], "max-width"),
        ])
    func usageErrorsExitTwo(arguments: [String], parameter: String) throws {
        // Refused while parsing, before any daemon is asked.
        let result = try Self.run("chevron", arguments)
        #expect(result.status == 2)
        #expect(result.error.contains(parameter))
        #expect(result.output.isEmpty)
    }

    @Test(
        "values the engine refuses exit 4 with its error naming the parameter",
        arguments: [
            (["measure", "Back", "--size", "0"], "font.size"),
            (["measure", "Back", "--font", "Helvetica:weight=abc"], "font.pattern"),
            (["measure", "Back", "--features=kern=x"], "font.features"),
            (["measure", "Back", "--max-width", "-3"], "maxWidth"),
            (["measure", String(repeating: "x", count: 5000)], "text"),
        ])
    func refusedValuesExitFour(arguments: [String], parameter: String) throws {
        let result = try Self.run("chevron", arguments + ["--local"])
        #expect(result.status == 4)
        #expect(result.error.contains(parameter))
        #expect(result.output.isEmpty)
    }

    @Test func sizeJSONHasTheDocumentedKeys() throws {
        let result = try Self.run(
            "chevron", ["size", "--local", "Settings", "--look", "instagram", "--scale", "2", "--json"])
        #expect(result.status == 0)
        let report = try Self.json(result.output)
        for key in [
            "look", "width", "height", "titleFrame", "displayedTitle", "titleSource", "truncated", "capInsets",
            "titleInsets", "hitRect", "direction", "font", "textWidth",
        ] {
            #expect(report[key] != nil, "missing key \(key)")
        }
        let frame = try #require(report["titleFrame"] as? [String: Any])
        #expect(Set(frame.keys) == ["x", "y", "width", "height"])
        #expect(report["look"] as? String == "instagram")
        #expect(report["height"] as? Double == 31)
    }

    @Test func sizeWithAStackShowsThePreviousItem() throws {
        let result = try Self.run("chevron", ["size", "--local", "Detail", "--stack", "Inbox", "--json"])
        let report = try Self.json(result.output)
        #expect(report["displayedTitle"] as? String == "Inbox")
        #expect(report["titleSource"] as? String == "title")
    }

    @Test func looksListsTheSixBuiltInLooks() throws {
        let result = try Self.run("chevron", ["looks", "--local", "--json"])
        #expect(result.status == 0)
        let looks = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(
            Set(looks.compactMap { $0["name"] as? String }) == [
                "classic", "reeder", "instagram", "dailybooth", "bbcustom", "modern",
            ])
    }

    @Test func anUnknownLookExitsFourListingTheKnownOnes() throws {
        let result = try Self.run("chevron", ["size", "--local", "Back", "--look", "aqua"])
        #expect(result.status == 4)
        #expect(result.error.contains("classic"))
    }
}
