import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronJSON
import ChevronText
import Foundation

/// The reports one `chevron check` run writes: its format (`--format`, `--json`, the project
/// file's `format`) on standard output or to `-o PATH`, and each `--output FORMAT=PATH`, so
/// that CI checks once and writes every report it needs.
struct CheckReports {
    /// Where a report goes.
    enum Destination: Equatable {
        case standardOutput
        case path(String)
    }

    struct Report {
        let format: CheckOutputFormat
        let destination: Destination
    }

    /// The reports, the one on standard output (if any) first.
    let reports: [Report]

    /// The reports asked for.
    /// - Parameters:
    ///   - format: the run's format (`CheckPlan.format`).
    ///   - chosen: whether a format was chosen (`--format`, `--json`, a project file's `format`);
    ///     without one, `--output FORMAT=PATH` reports leave standard output to the summary line.
    ///   - outputs: the `-o`/`--output` values, `PATH` (the format's report) or `FORMAT=PATH`.
    /// - Throws: `ValidationError` for a report that cannot be written as asked.
    init(
        format: CheckOutputFormat, chosen: Bool, outputs: [String], selfContained: Bool, htmlAll: Bool,
        linkTemplate: Bool, htmlPictures: Bool
    ) throws {
        var reports: [Report] = []
        var plain: [String] = []
        for value in outputs {
            if let equals = value.firstIndex(of: "="),
                let named = CheckOutputFormat(rawValue: String(value[..<equals]))
            {
                let path = String(value[value.index(after: equals)...])
                guard !path.isEmpty else { throw ValidationError("--output \(value): give a path after the =") }
                reports.append(Report(format: named, destination: path == "-" ? .standardOutput : .path(path)))
            } else {
                plain.append(value)
            }
        }
        guard plain.count <= 1 else {
            throw ValidationError(
                "-o \(plain[1]): one path for --format \(format); name the others' formats (--output sarif=out.sarif)")
        }
        if let path = plain.first {
            reports.insert(Report(format: format, destination: path == "-" ? .standardOutput : .path(path)), at: 0)
        } else if chosen || reports.isEmpty {
            reports.insert(Report(format: format, destination: .standardOutput), at: 0)
        }
        var seen: Set<String> = []
        var onStandardOutput: CheckOutputFormat?
        for report in reports {
            switch report.destination {
            case .standardOutput:
                if let other = onStandardOutput {
                    throw ValidationError(
                        "the \(other) and \(report.format) reports would both go to standard output; give one a path")
                }
                onStandardOutput = report.format
                if report.format == .html, !selfContained {
                    throw ValidationError(
                        "the html report is a folder with its pictures: give it one (-o DIR, --output html=DIR), "
                            + "or --self-contained for one page on standard output")
                }
            case .path(let path):
                guard seen.insert((path as NSString).standardizingPath).inserted else {
                    throw ValidationError("\(path) is given for two reports")
                }
                if report.format == .html, !selfContained, path.lowercased().hasSuffix(".html") {
                    throw ValidationError(
                        "\(path): the html report is a folder (index.html and buttons/); give a folder, or "
                            + "--self-contained to write one page with its pictures inline")
                }
            }
        }
        if !reports.contains(where: { $0.format == .html }) {
            for (given, option) in [
                (selfContained, "--self-contained"), (htmlAll, "--html-all"),
                (linkTemplate, "--link-template"), (htmlPictures, "--html-pictures"),
            ] where given {
                throw ValidationError("\(option) is for the html report: add --format html or --output html=DIR")
            }
        }
        self.reports = reports
    }

    /// Whether standard output holds a document another tool parses (or nothing): the summary
    /// line then goes to standard error, except when standard output has no report at all.
    var summaryOnStandardError: Bool {
        guard let report = reports.first(where: { $0.destination == .standardOutput }) else { return false }
        return report.format.summaryOnStandardError
    }
}

/// Where one report's text goes: standard output (through `print`, in order with the rest) or
/// a file whose every write is checked.
final class ReportSink {
    private let file: ReportFile?

    init(_ destination: CheckReports.Destination) {
        if case .path(let path) = destination { file = ReportFile(path) } else { file = nil }
    }

    func write(_ text: String) {
        if let file { file.write(text) } else { print(text, terminator: "") }
    }

    func write(_ bytes: [UInt8]) {
        if let file { file.write(bytes) } else { print(String(decoding: bytes, as: UTF8.self), terminator: "") }
    }

    /// Writes `lines`, each with its newline, a 64 KiB piece at a time.
    func writeLines(_ lines: [String]) {
        guard let file else { return Output.printLines(lines) }
        for line in lines {
            file.write(line)
            file.write("\n")
        }
    }

    /// Writes what `produce` hands over as it hands it over: pieces of whole lines, each with its
    /// newline (`CheckTable.write`), never all of them at once.
    func writeLines(_ produce: (_ write: (String) -> Void) -> Void) {
        guard let file else { return Output.printLines(produce) }
        produce { piece in file.write(piece) }
    }

    /// A JSON writer to this sink.
    func json() -> PrettyJSON {
        PrettyJSON { [self] bytes in write(bytes) }
    }

    /// Closes the file.
    /// - Throws: `ReportFile.Failure` when a write failed.
    func close() throws(ReportFile.Failure) {
        try file?.close()
    }
}

extension CheckCommand {
    /// Writes every report of `run`; returns the messages of those that could not be written.
    func writeReports(
        _ reports: CheckReports, run: CheckRun, plan: CheckPlan, links: CheckLinkTemplate?, clients: [ChevronClient]
    ) async throws -> [String] {
        let client = clients[0]
        var fingerprint: FingerprintReply?
        func fetchFingerprint() async throws -> FingerprintReply {
            if let fingerprint { return fingerprint }
            let fetched = try await FingerprintCommand.fetch(from: client)
            fingerprint = fetched
            return fetched
        }
        var failures: [String] = []
        for report in reports.reports {
            if report.format == .html {
                do {
                    try await writeHTML(
                        report.destination, run: run, plan: plan, links: links, clients: clients,
                        fingerprint: try await fetchFingerprint())
                } catch let failure as CheckHTML.Failure {
                    failures.append(failure.description)
                } catch let failure as ReportFile.Failure {
                    failures.append(failure.description)
                }
                continue
            }
            let sink = ReportSink(report.destination)
            let (rows, summary) = (run.rows, run.summary)
            switch report.format {
            case .text:
                sink.writeLines { CheckTable.write(rows, to: $0) }
                sink.writeLines(
                    run.fixed.map { "fixed since the baseline: \(CheckTable.describe($0))".escapingControls })
                // With languages and more than one language or look, their counts, what needs
                // attention first.
                if run.languages.count > 1, run.languages.contains(where: { $0.language != nil }) {
                    sink.writeLines([""] + LanguageSummary.table(run.languages))
                }
                // A file holds its summary line too; standard output has it after the notes.
                if report.destination != .standardOutput {
                    sink.writeLines([CheckSummaryLine.text(summary, slots: run.slots)])
                }
            case .json:
                var json = sink.json()
                CheckReport(rows: rows, summary: summary, fingerprint: try await fetchFingerprint(), fixed: run.fixed)
                    .write(to: &json)
                json.finish()
            case .sarif:
                var json = sink.json()
                CheckSARIF.write(
                    rows, failOn: run.failing, version: Chevron.version,
                    fingerprint: try await fetchFingerprint().fingerprint, baselined: summary.baseline != nil,
                    fixed: run.fixed, maxResults: plan.maxResults, to: &json)
                json.finish()
            case .junit: sink.writeLines { CheckJUnit.write(rows, looks: run.looks, failOn: run.failing, to: $0) }
            case .github:
                sink.writeLines(CheckGitHub.lines(rows, failOn: run.failing))
                // The job summary, where GitHub gives one: every count the annotations cannot hold.
                if let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
                    Self.append(LanguageSummary.markdown(
                            run.languages, baselined: summary.baseline != nil,
                            measuredFor: CheckSlot.measuredFor(run.slots)), to: path)
                }
                if let counts = summary.baseline {
                    sink.writeLines([
                        "::notice title=chevron check%3A baseline::\(counts.accepted) problems are in the baseline "
                            + "(not annotated); \(counts.fixed) of its problems are fixed since it"
                    ])
                }
            case .html: break
            }
            do { try sink.close() } catch { failures.append(error.description) }
        }
        return failures
    }

    /// `1 title`, `2 titles`.
    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Draws the buttons and writes the html report to `destination`: a folder, or with
    /// `--self-contained` one page.
    private func writeHTML(
        _ destination: CheckReports.Destination, run: CheckRun, plan: CheckPlan, links: CheckLinkTemplate?,
        clients: [ChevronClient], fingerprint: FingerprintReply
    ) async throws {
        var options = CheckHTML.Options()
        options.links = links
        options.listPassing = htmlAll
        options.pictureLimit = try pictureLimit
        options.selfContained = selfContained
        options.version = Chevron.version
        options.fingerprint = fingerprint.fingerprint
        options.bars = try await CheckHTML.describeBars(run.slots, client: clients[0])
        let renderers: [CheckHTMLPictures.Renderer] = clients.map { client in
            { request in try await client.render(request) }
        }
        let report = try await CheckHTML.make(run, plan: plan, options: options, renderers: renderers)
        switch destination {
        case .standardOutput:
            print(report.page, terminator: "")
        case .path(let path) where selfContained:
            try ReportFile.write(report.page.utf8, to: path)
        case .path(let path):
            try CheckHTML.write(report, folder: path)
            let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            Output.standardError(
                "chevron: wrote \(folder.escapingControls)/index.html: \(Self.count(report.listedTitles, "title")), "
                    + "\(Self.count(report.listedRows, "button")), \(Self.count(report.pictures.count, "picture"))"
                    + (report.undrawn > 0 ? " (\(report.undrawn) buttons not drawn: --html-pictures)" : "") + "\n")
        }
    }
}
