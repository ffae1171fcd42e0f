import ChevronTestSupport
import Foundation
import Testing

/// The CLI's smaller promises: --version, usage errors for scales and file names, render's
/// background, sheet pages, chevrond's --cache-mib, and completion of look names.
@Suite(.serialized)
struct CLIOptionsTests {
    static func chevron(_ arguments: [String], in folder: URL? = nil) throws -> CLITests.Result {
        try CLITests.run("chevron", arguments, directory: folder)
    }

    /// Calls `method` of `interface` on chevrond with PyPI's varlink package; the reply as JSON.
    static func varlink(_ socket: String, _ interface: String, _ method: String, _ parameters: String = "{}") throws
        -> [String: Any]
    {
        let script = """
            import json, sys, varlink
            with varlink.Client(address="unix:" + sys.argv[1]) as client:
                with client.open(sys.argv[2], namespaced=False) as remote:
                    print(json.dumps(getattr(remote, sys.argv[3])(**json.loads(sys.argv[4]))))
            """
        let result = try CLITests.run("python3", ["-c", script, socket, interface, method, parameters])
        #expect(result.status == 0, "\(result.error)")
        return try CLITests.json(result.output)
    }

    @Test func versionIsTheOneChevrondReports() throws {
        let version = try Self.chevron(["--version"])
        #expect(version.status == 0)
        let daemon = try DaemonProcess()
        let info = try Self.varlink(daemon.socketPath, "org.varlink.service", "GetInfo")
        #expect(version.output == "\(info["version"] as? String ?? "?")\n")
        #expect(version.output.split(separator: ".").count == 3)
    }

    @Test(arguments: [["size", "Settings"], ["render", "Settings", "-o", "out.png"]])
    func aScaleOtherThanOneTwoOrThreeIsAUsageError(_ question: [String]) throws {
        let result = try Self.chevron(question + ["--scale", "4", "--local"])
        #expect(result.status == 2)
        #expect(result.error.contains("--scale 4 is not 1, 2 or 3"), "\(result.error)")
    }

    @Test(arguments: [
        ["render", "Settings"], ["sheet", DaemonProcess.packageRoot.path + "/Tests/samples/titles.txt"],
    ])
    func aPictureIsWrittenOnlyUnderAPNGName(_ question: [String]) throws {
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.chevron(question + ["-o", "picture.jpg", "--local"], in: folder)
        #expect(result.status == 2)
        #expect(result.error.contains("--output picture.jpg: the picture is a PNG"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("picture.jpg").path))
    }

    @Test func renderFillsTheBackgroundWithAColourOrTheLooksBar() throws {
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        func corner(_ options: [String]) throws -> UInt32 {
            let result = try Self.chevron(
                ["render", "Settings", "--look", "classic", "--scale", "2", "-o", "b.png", "--local"] + options,
                in: folder)
            #expect(result.status == 0, "\(result.error)")
            let png = try [UInt8](Data(contentsOf: folder.appendingPathComponent("b.png")))
            return try Bitmap(png: png)[0, 0]  // read by cairo's PNG reader
        }
        // The classic button is a chevron: its top left corner is outside it, transparent.
        #expect(try corner([]) >> 24 == 0)
        #expect(try corner(["--background", "#FF0000"]) == 0xFFFF_0000)
        // The bar: the look's gradient (DescribeLook's barTop to barBottom) at the first row.
        let daemon = try DaemonProcess()
        let look = try Self.varlink(daemon.socketPath, "io.chevron.BackButton", "DescribeLook", #"{"look": "classic"}"#)
        let description = try #require(look["look"] as? [String: Any])
        let art = try #require(description["art"] as? [String: Any])
        let top = try #require(art["barTop"] as? String)
        let pixel = try corner(["--background", "bar"])
        #expect(pixel >> 24 == 0xFF)
        let expected = try #require(UInt32(top.dropFirst().prefix(6), radix: 16))
        // The first row's centre is half a pixel into a gradient tens of pixels tall: within 4
        // levels of the top colour in each channel.
        #expect(Bitmap.distance(pixel & 0xFF_FFFF, expected) <= 4, "\(String(pixel, radix: 16)) vs \(top)")
        let bad = try Self.chevron(["render", "Settings", "-o", "b.png", "--background", "red", "--local"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.error.contains("--background red is not #RRGGBB, #RRGGBBAA or bar"))
    }

    @Test func aSheetOfMoreTitlesThanAPageHoldsIsWrittenAsPages() throws {
        // The page size the help states: "At most … (96 at 2, 64 at 3)".
        let help = try Self.chevron(["sheet", "--help"]).output.replacingOccurrences(of: "\n", with: " ")
        let perPage = try #require(
            help.range(of: #"(\d+) at 3\)"#, options: .regularExpression).flatMap {
                Int(help[$0].prefix { $0.isNumber })
            })
        let folder = try TrustTests.folder([
            "titles.txt": (1...(perPage + 1)).map { "Title \($0)" }.joined(separator: "\n") + "\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.chevron(
            ["sheet", "titles.txt", "--look", "classic", "--scale", "3", "-o", "sheet.png", "--local"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.contains("sheet-1.png: ") == true
                && lines.first?.contains("page 1 of 2, \(perPage) titles") == true)
        #expect(lines.last?.contains("sheet-2.png: ") == true && lines.last?.contains("page 2 of 2, 1 title") == true)
        let first = try #require(
            pngHeaderSize(try [UInt8](Data(contentsOf: folder.appendingPathComponent("sheet-1.png")))))
        let second = try #require(
            pngHeaderSize(try [UInt8](Data(contentsOf: folder.appendingPathComponent("sheet-2.png")))))
        #expect(first.width == second.width && second.height < first.height)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet.png").path))
        let piped = try Self.chevron(["sheet", "titles.txt", "--scale", "3", "-o", "-", "--local"], in: folder)
        #expect(piped.status == 2)
        #expect(piped.error.contains("2 pages: give -o a file"), "\(piped.error)")
    }

    /// A sheet of plural forms draws their text as the file writes it: no row is marked for
    /// missing glyphs (the reader's marks in a form are no characters of the title).
    @Test func aSheetOfPluralFormsHasNoFalseMissingGlyphs() throws {
        let folder = try TrustTests.folder([
            "de.lproj/Localizable.stringsdict": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
            </dict></dict></plist>
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.chevron(
            ["sheet", "de.lproj/Localizable.stringsdict", "--look", "classic", "-o", "sheet.png", "--local"],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("2 titles × 1 look, 0 rows marked"), "\(result.output)")
    }

    @Test func chevrondTakesCacheMibAndStillTheOldSpelling() throws {
        for spelling in ["--cache-mib", "--cache-mi-b"] {
            let result = try CLITests.run("chevrond", [spelling, "70000"])
            #expect(result.status == 64)
            #expect(result.error.contains("--cache-mib 70000 is outside 0…65536"), "\(spelling): \(result.error)")
        }
        let help = try CLITests.run("chevrond", ["--help"])
        #expect(help.output.contains("--cache-mib") && !help.output.contains("--cache-mi-b"))
    }

    @Test func lookCompletionOffersTheLooksChevrondServes() throws {
        let manifests = DaemonProcess.packageRoot.appendingPathComponent("looks")
        let daemon = try DaemonProcess(["--looks-dir", manifests.path])
        // The names the manifests give themselves, read from the files here.
        let manifestNames = try FileManager.default.contentsOfDirectory(atPath: manifests.path).sorted().compactMap {
            name -> String? in
            let data = try Data(contentsOf: manifests.appendingPathComponent(name))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["name"] as? String
        }
        #expect(manifestNames.count == 2)
        let builtIn = try Self.chevron(["looks", "--local", "--json"])
        let builtInNames = try #require(
            try JSONSerialization.jsonObject(with: Data(builtIn.output.utf8)) as? [[String: Any]]
        ).compactMap { $0["name"] as? String }
        // What a shell asks: `chevron check --socket S --look <TAB>`, the cursor in an empty word.
        func complete(_ socket: String, prefix: String = "") throws -> [String] {
            let words = ["chevron", "check", "--socket", socket, "--look", prefix]
            let result = try Self.chevron(["---completion", "check", "--", "--look", "5", "\(prefix.count)"] + words)
            #expect(result.status == 0, "\(result.error)")
            return result.output.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete(daemon.socketPath) == (builtInNames + manifestNames).sorted())
        #expect(try complete(daemon.socketPath, prefix: "g") == manifestNames.filter { $0.hasPrefix("g") })
        // No daemon there: the looks this process would serve.
        #expect(try complete(daemon.folder.appendingPathComponent("absent.sock").path) == builtInNames.sorted())
    }
}
