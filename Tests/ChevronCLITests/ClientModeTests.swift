import ChevronTestSupport
import Foundation
import Testing

/// The CLI against a running chevrond, and the same questions with --local: every subcommand,
/// the exit codes, and the examples in Examples/.
@Suite(.serialized)
struct ClientModeTests {
    static let helveticaBold = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf"

    static func chevron(_ arguments: [String]) throws -> CLITests.Result {
        try CLITests.run("chevron", arguments)
    }

    @Test func everySubcommandAnswersTheSameOverTheDaemonAndLocally() throws {
        let daemon = try DaemonProcess()
        let questions: [[String]] = [
            ["size", "Settings", "--look", "instagram", "--json"],
            ["size", "Detail", "--stack", "Inbox", "--look", "modern", "--scale", "3", "--json"],
            ["size", "Settings"],
            ["measure", "Wave To Ya", "--font", "Liberation Sans:bold", "--json"],
            ["measure", "Notifications and Settings", "--max-width", "80", "--json"],
            ["font", "Helvetica:bold", "--text", "设置", "--json"],
            ["looks", "--json"],
            ["fingerprint"],
            [
                "check", DaemonProcess.packageRoot.appendingPathComponent("Tests/samples/titles.csv").path, "--look",
                "all",
                "--json",
            ],
        ]
        for question in questions {
            let remote = try Self.chevron(question + ["--socket", daemon.socketPath])
            let local = try Self.chevron(question + ["--local"])
            #expect(remote.status == 0, "\(question): \(remote.error)")
            #expect(!remote.output.isEmpty)
            #expect(remote.output == local.output, "\(question)")
        }
        // Both run the same service: the answers are also checked against other tools. Settings
        // in instagram is min(160, text + 21) snapped up (docs/looks.md), the text's width from
        // hb-shape on fc-match's face; Wave To Ya in Liberation Sans Bold 12 is hb-shape's width.
        let size = try CLITests.json(try Self.chevron(["size", "Settings", "--look", "instagram", "--json", "--local"]).output)
        let helvetica = try ExternalTools.fcMatch("Helvetica:bold")
        let text = try ExternalTools.hbShapeWidth(file: helvetica.file, text: "Settings", size: 12, features: ["-kern"])
        #expect(size["width"] as? Double == min(160, text + 21).rounded(.up), "\(size)")
        let measure = try CLITests.json(
            try Self.chevron(["measure", "Wave To Ya", "--font", "Liberation Sans:bold", "--json", "--local"]).output)
        let liberation = try ExternalTools.fcMatch("Liberation Sans:bold")
        let wave = try ExternalTools.hbShapeWidth(file: liberation.file, text: "Wave To Ya", size: 12, features: [])
        #expect(abs((measure["width"] as? Double ?? -1) - wave) < 1e-6, "\(measure) vs hb-shape \(wave)")
    }

    @Test func aCheckOfManyBatchesIsTheSameOverTheDaemonAndLocally() throws {
        let daemon = try DaemonProcess()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.txt")
        // 2,500 titles, every 100th far over the text limit: several batches (cut by count and by
        // bytes) over several connections, and rows the engine refuses; the last one is 1.1 MB,
        // more than a whole call may be, and more than the check reads of a title.
        var titles = (0..<2500).map {
            $0 % 100 == 0 ? String(repeating: "Langer Titel \($0) ", count: 300) : "Title \($0)"
        }
        titles.append(String(repeating: "x", count: 1_100_000))
        try titles.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let remote = try Self.chevron(["check", file.path, "--json", "--socket", daemon.socketPath])
        let local = try Self.chevron(["check", file.path, "--json", "--local"])
        #expect(remote.status == 4, "\(remote.error)")  // TextTooLong rows
        #expect(remote.output == local.output)
        let rows = try #require(try CheckTests.reportRows(remote.output))
        #expect(rows.count == 2501)
        #expect(rows.filter { $0["error"] != nil }.count == 26)
        #expect(rows.filter { $0["width"] is NSNull }.count == 26)
        #expect(rows.map { $0["line"] as? Int } == (1...2501).map { $0 })
        // Each refused row names the title's length and the limit: the check's own for a title
        // over 64 KiB, which is never read whole, else the daemon's (4,096 by default).
        #expect(rows.last?["error"] as? String == "title is 1100000 bytes; the limit is 65536 (--max-title-bytes)")
        #expect(
            (rows[0]["error"] as? String)?.hasPrefix(
                "io.chevron.Text.TextTooLong: title: the title is \(titles[0].utf8.count - 1) UTF-8 bytes long")
                == true, "the line's trailing space is trimmed")
    }

    /// A daemon with small limits: check learns them with GetLimits and cuts its calls to fit, so
    /// nothing is refused as a whole; one request that cannot fit any call is its own error row.
    @Test func checkKeepsEveryCallUnderTheDaemonsLimits() throws {
        let daemon = try DaemonProcess(["--max-message-bytes", "4096", "--max-text-bytes", "1000"])
        let folder = try TrustTests.folder([
            // 300 titles of about 40 bytes: 12,000 bytes of titles, three times the message limit.
            "titles.txt": (1...300).map { "Title number \($0) of the long list" }.joined(separator: "\n") + "\n"
                // 700 quotes: under the text limit, but 1,400 bytes once escaped in JSON, and
                // 1,000 + 1 bytes: over the text limit.
                + String(repeating: "\"", count: 700) + "\n" + String(repeating: "y", count: 1001) + "\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.txt").path
        let limits = try Self.chevron(["check", file, "--json", "--socket", daemon.socketPath])
        #expect(limits.status == 4, "\(limits.error)")
        let rows = try #require(try CheckTests.reportRows(limits.output))
        #expect(rows.count == 302)
        #expect(rows.prefix(301).allSatisfy { $0["error"] == nil && $0["width"] is Double }, "every call fitted")
        #expect(
            rows.last?["error"] as? String
                == "io.chevron.Text.TextTooLong: title: the title is 1001 UTF-8 bytes long; the limit is 1000")
        #expect(!daemon.log.contains("MessageTooLong"), "\(daemon.log)")
        let statistics = try Self.chevron(["stats", "--json", "--socket", daemon.socketPath])
        let calls = try #require(try CLITests.json(statistics.output)["calls"] as? [[String: Any]])
        let sizeMany = try #require(calls.first { $0["method"] as? String == "io.chevron.BackButton.SizeMany" })
        // The 301 requests' texts (`{"look":"classic","title":"Title number 1 of the long list"}`
        // and so on, written by Python's json.dumps) and their commas are 20,222 bytes, and a
        // call's own text
        // (`{"method":"io.chevron.BackButton.SizeMany","parameters":{"requests":[],"result":"fit"}}`)
        // 87: at least 6 calls under 4 KiB, none refused; counted exactly, calls filled to the
        // limit need no more than one more.
        #expect((6...7).contains(sizeMany["calls"] as? Int ?? 0), "\(sizeMany)")
        #expect(sizeMany["errors"] as? Int == 0)
    }

    /// A call of exactly the daemon's message limit is sent and answered; one byte more is the
    /// request's own error row. A one-title call is the call's own text
    /// (`{"method":"io.chevron.BackButton.SizeMany","parameters":{"requests":[],"result":"fit"}}`,
    /// 87 bytes) and the request's (`{"look":"classic","title":""}`, 29 bytes, and the title's):
    /// 116 bytes and the title, 4,096 with a title of 3,980.
    @Test(arguments: [(3980, true), (3981, false)])
    func aCallOfExactlyTheLimitIsSent(titleBytes: Int, fits: Bool) throws {
        let daemon = try DaemonProcess(["--max-message-bytes", "4096", "--max-text-bytes", "4000"])
        let folder = try TrustTests.folder(["titles.txt": String(repeating: "y", count: titleBytes) + "\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.txt").path
        let run = try Self.chevron(["check", file, "--json", "--look", "classic", "--socket", daemon.socketPath])
        let rows = try #require(try CheckTests.reportRows(run.output), "\(run.error)")
        #expect(rows.count == 1)
        if fits {
            #expect(rows.first?["error"] == nil && rows.first?["width"] is Double, "\(rows)")
        } else {
            #expect(
                rows.first?["error"] as? String
                    == "io.chevron.Service.MessageTooLong: the request is 4097 bytes; the limit is 4096")
        }
        #expect(!daemon.log.contains("MessageTooLong"), "\(daemon.log)")
    }

    @Test func statsAndReloadReportTheDaemon() throws {
        let daemon = try DaemonProcess()
        _ = try Self.chevron(["size", "Settings", "--socket", daemon.socketPath])
        let stats = try Self.chevron(["stats", "--json", "--socket", daemon.socketPath])
        #expect(stats.status == 0)
        let report = try CLITests.json(stats.output)
        let calls = try #require(report["calls"] as? [[String: Any]])
        #expect(calls.contains { $0["method"] as? String == "io.chevron.BackButton.Size" && $0["calls"] as? Int == 1 })
        #expect((report["connections"] as? [String: Int])?["open"] == 1)  // this stats call's
        // The cache budget is the default chevrond's help states, 128 MiB: what keeps the
        // measurements of a 100,000-title catalogue in six looks (README, "Cache budget").
        let help = try CLITests.run("chevrond", ["--help"]).output
        let stated = try #require(
            help.firstMatch(of: /--cache-mib <cache-mib>[^\n]*\(default: (\d+)\)/).flatMap { Int($0.1) })
        #expect(stated == 128)
        #expect((report["cache"] as? [String: Any])?["byteBudget"] as? Int == stated << 20)
        let reload = try Self.chevron(["reload", "--json", "--socket", daemon.socketPath])
        #expect(reload.status == 0)
        #expect(try CLITests.json(reload.output)["generation"] as? Int == 2)
        let human = try Self.chevron(["stats", "--socket", daemon.socketPath])
        #expect(human.output.contains("io.chevron.Service.Reload"))
    }

    @Test func benchReportsThroughputAndOrderedPercentiles() throws {
        let daemon = try DaemonProcess()
        let result = try Self.chevron([
            "bench", "--count", "400", "--connections", "2", "--depth", "4", "--mix", "size=3,unique=1,measure=1",
            "--json", "--socket", daemon.socketPath,
        ])
        #expect(result.status == 0, "\(result.error)")
        let report = try CLITests.json(result.output)
        #expect(report["calls"] as? Int == 400)
        #expect(report["errors"] as? Int == 0)
        let percentiles = ["p50", "p90", "p99", "p999", "max"].compactMap { report[$0] as? Int }
        #expect(percentiles.count == 5)
        #expect((report["callsPerSecond"] as? Double ?? 0) > 0)
        // The daemon answered exactly the calls bench counted, in the mix's proportions (3:1:1).
        let statistics = try daemon.connect().call("io.chevron.Service.GetStatistics")
        let calls = statistics.parameters["calls"] as? [[String: Any]] ?? []
        func count(_ method: String) -> Int { calls.first { $0["method"] as? String == method }?["calls"] as? Int ?? 0 }
        #expect(count("io.chevron.BackButton.Size") == 320)
        #expect(count("io.chevron.Text.MeasureText") == 80)
    }

    @Test func statsAndBenchRunInProcessToo() throws {
        let stats = try Self.chevron(["stats", "--local", "--json"])
        #expect(stats.status == 0)
        #expect(try CLITests.json(stats.output)["generation"] as? Int == 1)
        let bench = try Self.chevron(["bench", "--local", "--count", "50", "--json"])
        #expect(bench.status == 0)
        #expect(try CLITests.json(bench.output)["calls"] as? Int == 50)
    }

    @Test func completionScriptsNameEverySubcommand() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try Self.chevron(["--generate-completion-script", shell])
            #expect(script.status == 0)
            for subcommand in ["size", "measure", "font", "looks", "stats", "reload", "check", "bench"] {
                #expect(script.output.contains(subcommand), "\(shell) \(subcommand)")
            }
        }
    }

    @Test func renderWritesTheSamePNGOverTheDaemonAndLocally() throws {
        let daemon = try DaemonProcess()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let remotePath = directory.appendingPathComponent("remote.png").path
        let localPath = directory.appendingPathComponent("local.png").path
        let question = ["render", "Settings", "--look", "instagram", "--scale", "2"]
        let remote = try Self.chevron(question + ["-o", remotePath, "--socket", daemon.socketPath])
        let local = try Self.chevron(question + ["-o", localPath, "--local", "--json"])
        #expect(remote.status == 0, "\(remote.error)")
        #expect(local.status == 0, "\(local.error)")
        let png = try Data(contentsOf: URL(fileURLWithPath: remotePath))
        #expect(png == (try Data(contentsOf: URL(fileURLWithPath: localPath))))
        // instagram: min(160, textWidth + 21) with hb-shape's width, snapped up at 2x; height 31.
        let textWidth = Double(try CLITests.hbShapeUnits(Self.helveticaBold, "Settings", features: "-kern")) * 12 / 1000
        let width = ((min(160, textWidth + 21) * 2 - 1e-9).rounded(.up))
        func u32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(Double(u32(16)) == width)
        #expect(u32(20) == 62)
        let json = try CLITests.json(local.output)
        #expect(json["pixelWidth"] as? Int == u32(16))
        #expect(remote.output.contains("\(u32(16)) × 62 px"))

        let both = try Self.chevron(["render", "Back", "--json", "-o", "-", "--local"])
        #expect(both.status == 2 && both.output.isEmpty)
        let unwritable = try Self.chevron(["render", "Back", "-o", "/nonexistent/dir/x.png", "--local"])
        #expect(unwritable.status == 2)
        #expect(unwritable.error.contains("/nonexistent/dir/x.png"))
        let unknown = try Self.chevron([
            "render", "Back", "--look", "aqua", "-o", localPath, "--socket", daemon.socketPath,
        ])
        #expect(unknown.status == 4)
        #expect(unknown.error.contains("UnknownLook"))
    }

    @Test func sheetMarksTheRowsThatTruncate() throws {
        let daemon = try DaemonProcess()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let titles = directory.appendingPathComponent("titles.txt")
        // hb-shape: the second title is far over classic's 160 − 20 points; the first fits.
        #expect(
            Double(try CLITests.hbShapeUnits(Self.helveticaBold, "Internationalisation preferences", features: "-kern"))
                * 12 / 1000 > 140)
        try "Settings\nInternationalisation preferences\n".write(to: titles, atomically: true, encoding: .utf8)
        let sheet = directory.appendingPathComponent("sheet.png").path
        let result = try Self.chevron(
            ["sheet", titles.path, "--look", "classic", "--look", "modern", "-o", sheet, "--socket", daemon.socketPath])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("2 titles × 2 looks, 1 row marked"), "\(result.output)")
        let png = try Data(contentsOf: URL(fileURLWithPath: sheet))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))

        // The sheet's height bounds a page's rows: more titles make pages, which standard output
        // cannot hold; that is refused before any button is drawn (pages: CLIOptionsTests).
        let many = directory.appendingPathComponent("many.txt")
        try (1...1000).map { "Title \($0)" }.joined(separator: "\n").write(to: many, atomically: true, encoding: .utf8)
        let tooMany = try Self.chevron(["sheet", many.path, "-o", "-", "--local"])
        #expect(tooMany.status == 2)
        #expect(tooMany.error.contains("1000 titles") && tooMany.error.contains("at most"), "\(tooMany.error)")

        // A title over the daemon's 4,096-byte limit: its cells say why, the sheet is still
        // written, and the exit status is 4 as for `check`.
        let long = directory.appendingPathComponent("long.txt")
        try "Settings\n\(String(repeating: "x", count: 5000))\n".write(to: long, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: sheet)
        let refused = try Self.chevron([
            "sheet", long.path, "--look", "classic", "-o", sheet, "--socket", daemon.socketPath,
        ])
        #expect(refused.status == 4, "\(refused.error)")
        #expect(refused.error.contains("1 of 2 buttons were refused"), "\(refused.error)")
        #expect(FileManager.default.fileExists(atPath: sheet))
        let unknown = try Self.chevron(["sheet", titles.path, "--look", "aqua", "-o", sheet, "--local"])
        #expect(unknown.status == 4)
    }

    @Test func aRequiredDaemonThatIsUnreachableExitsThreeSayingWhatToStart() throws {
        for arguments in [["size", "Back", "--daemon"], ["stats"], ["reload"], ["bench", "--count", "1"]] {
            let result = try Self.chevron(arguments + ["--socket", "/nonexistent/chevrond.sock"])
            #expect(result.status == 3, "\(arguments)")
            #expect(result.error.contains("/nonexistent/chevrond.sock"))
            #expect(result.error.contains("chevrond"))
            #expect(!result.error.contains("errno"))
        }
        #expect(try Self.chevron(["size", "Back", "--local", "--daemon"]).status == 2)
    }

    /// Without chevrond, a one-shot query is answered in this process, the same as --local, with
    /// one line on standard error saying so (none with --quiet).
    @Test func withoutADaemonQueriesAreAnsweredInThisProcess() throws {
        let local = try Self.chevron(["size", "Settings", "--look", "instagram", "--json", "--local"])
        let fallback = try Self.chevron(
            ["size", "Settings", "--look", "instagram", "--json", "--socket", "/nonexistent/chevrond.sock"])
        #expect(fallback.status == 0)
        #expect(fallback.output == local.output)
        #expect(fallback.error.contains("chevrond does not answer at /nonexistent/chevrond.sock"))
        #expect(fallback.error.contains("answering in this process"))
        let quiet = try Self.chevron(["looks", "--quiet", "--socket", "/nonexistent/chevrond.sock"])
        #expect(quiet.status == 0 && quiet.error.isEmpty && quiet.output.contains("classic"))
    }

    @Test func anErrorFromTheDaemonExitsFour() throws {
        let daemon = try DaemonProcess()
        let result = try Self.chevron(["size", "Back", "--look", "aqua", "--socket", daemon.socketPath])
        #expect(result.status == 4)
        #expect(result.error.contains("UnknownLook"))
        #expect(result.error.contains("classic"))
    }

    @Test func thePythonAndSocatExamplesSizeATitle() throws {
        let daemon = try DaemonProcess()
        let text = try ExternalTools.hbShapeWidth(
            file: Self.helveticaBold, text: "Settings", size: 12, features: ["-kern"])
        let width = max(text + 20, 43).rounded(.up)  // docs/looks.md, "classic"
        let python = try #require(
            try ExternalTools.run(
                "python3",
                [
                    DaemonProcess.packageRoot.appendingPathComponent("Examples/varlink_client.py").path,
                    daemon.socketPath,
                ]))
        #expect(python.contains("classic: \(Int(width)) x 30 pt"))
        let socat = try #require(
            try ExternalTools.run(
                "sh", [DaemonProcess.packageRoot.appendingPathComponent("Examples/size.sh").path, daemon.socketPath]))
        let reply = try CLITests.json(socat.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((reply["parameters"] as? [String: Any])?["width"] as? Double == width)
    }
}
