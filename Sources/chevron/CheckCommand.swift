import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronText
import Foundation

/// `chevron check`: will these titles fit? A localisation fit report over strings files.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report how every title of localisation files shows on a back button, look by look.",
        discussion: """
            Reads Apple .strings, .stringsdict and .xcstrings, Android strings.xml, XLIFF 1.2 and 2.0 (.xliff, \
            .xlf, or an .xcloc folder), CSV (key,title) and plain lines (.txt); the extension says which, else \
            the content, else --input-format; a file in none of them is an error. For each title and look: the width, the look's maximum, and what a user sees \
            (the title, a truncated title, the generic title, or the chevron alone). A title with characters \
            no installed font covers is never reported as fitting: it shows MISSING GLYPHS (n). Each title \
            is measured in its file's language (an .xcstrings localization, an XLIFF file's languages, an .lproj \
            or Android values-XX folder), else in --language; languages are read as canonical BCP 47 tags \
            (iw is he, pt_BR is pt-BR), and a file whose language is not found is named once on standard \
            error. --fail-on (repeatable) exits 1 when a title is not shown in full \
            (truncate), is replaced by another title or by the chevron alone (fallback), has missing glyphs \
            (missing), or any of these (any). A look whose font fontconfig replaced with another family is \
            named once on standard error. A file that cannot be read is reported as FILE:LINE: reason, \
            with exit status 2.
            """)

    @Argument(help: "Localisation files to check (an .xcloc folder reads its XLIFF files; - is standard input).")
    var files: [String] = []

    @Option(
        name: .long,
        help:
            "A project file (JSON: files, looks, keys, languages, samples, failOn, language, genericTitle, inputFormat, format, maxFileMiB, maxTitleBytes); the command line adds to it."
    )
    var config: String?

    @Option(name: .long, help: "Check only keys matching this shell pattern (*.title); repeatable.")
    var key: [String] = []

    @Option(
        name: .long,
        help: "Check only titles in this language (de also takes de-CH, zh-Hans takes zh-CN, he takes iw); repeatable.")
    var onlyLanguage: [String] = []

    @Option(
        name: .long,
        help:
            "The generic title of the fallback chain (default Back), or LANGUAGE=TITLE for titles in one language (de=Zurück; de also serves de-CH); repeatable."
    )
    var genericTitle: [String] = []

    @Option(
        name: .long, help: "A look to check against (repeatable), or `all`; default classic.",
        completion: LookCompletion.kind)
    var look: [String] = []

    @Option(
        name: .long,
        help:
            "Exit 1 when a title is truncated or replaced (truncate), replaced (fallback), has glyphs no font covers (missing), is not shown in full within its own limit (limit), or any of these (any); repeatable."
    )
    var failOn: [CheckPlan.FailOn] = []

    @Option(
        name: .long,
        help: "The language (BCP 47) of titles whose file does not say it; steers font fallback and shaping.")
    var language: String?

    @Option(
        name: .long,
        help:
            "The files' format, for files whose extension does not say it (or - for standard input): strings, stringsdict, xcstrings, android, xliff, csv or lines."
    )
    var inputFormat: TitleFormat?

    @Option(
        name: .long,
        help:
            "A placeholder's sample, [KEY:]PLACEHOLDER=VALUE (%@=Alexandra, %lld=10000, %.2f=2.5, unread.*:%d=3); repeatable. It fills that placeholder as written (%lld is not %d), for every key or those matching KEY. Defaults: strings \"Alex Smith\", integers \"128\" (a plural form's: a number of its category), reals 3.14159."
    )
    var sample: [String] = []

    @Option(
        name: .long,
        help: "The most a file (or standard input) may hold, in MiB (default 256); a larger one is not read.")
    var maxFileMib: Int?

    @Option(
        name: .long,
        help: "The most UTF-8 bytes a title may have (default 65536); a longer one is an error row.")
    var maxTitleBytes: Int?

    @OptionGroup var connection: ConnectionOptions

    @Option(
        name: .long,
        help:
            "The report: text (a table), json ({rows, summary, fingerprint}), sarif (SARIF 2.1.0), junit (JUnit XML) or github (GitHub Actions annotations)."
    )
    var format: CheckOutputFormat?

    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    /// The run's plan: the project file's, with the command line's options added.
    var plan: CheckPlan {
        get throws {
            var plan: CheckPlan
            do { plan = try config.map(CheckPlan.load) ?? CheckPlan() } catch { throw ValidationError("\(error)") }
            plan.files += files
            plan.looks += look
            plan.keys += key
            plan.onlyLanguages += onlyLanguage
            plan.failOn += failOn
            plan.language = language ?? plan.language
            for option in genericTitle { plan.setGenericTitle(option) }
            plan.inputFormat = inputFormat ?? plan.inputFormat
            for assignment in sample {
                do { try plan.samples.set(assignment) } catch { throw ValidationError("--sample \(error)") }
            }
            if let format = format ?? (json ? .json : nil) { plan.format = format }
            do {
                if let maxFileMib {
                    plan.limits.fileMiB = try CheckPlan.limit(
                        maxFileMib, "--max-file-mib", largest: ReadLimits.largestFileMiB)
                }
                if let maxTitleBytes {
                    plan.limits.titleBytes = try CheckPlan.limit(
                        maxTitleBytes, "--max-title-bytes", largest: ReadLimits.largestTitleBytes)
                }
            } catch { throw ValidationError("\(error)") }
            guard !plan.files.isEmpty else {
                throw ValidationError("no files to check: name some, or a --config with files")
            }
            return plan
        }
    }

    func validate() throws {
        if json, let format, format != .json { throw ValidationError("--json and --format \(format) disagree") }
        _ = try plan
    }

    func run() async throws {
        let plan = try plan
        try await Output.reportingErrors {
            let connected = try await connection.connect()
            let client = connected.client
            // The daemon answers one connection's calls in order: batches spread over a few
            // connections are measured side by side. In-process, one client runs them in parallel.
            var clients = [client]
            if !connected.isInProcess {
                for _ in 1..<CheckMeasurer.connections { clients.append(try await connected.another()) }
            }
            let run = try await CheckRun(plan, clients: clients, progress: ProgressBar())
            let (rows, looks, summary) = (run.rows, run.looks, run.summary)
            // A file that could not be read is said on standard error too, whatever the report.
            for row in rows where row.isUnreadableFile {
                let place = row.line > 0 ? "\(row.file):\(row.line)" : row.file
                FileHandle.standardError.write(Data("chevron: \(place): \(row.error ?? "")\n".utf8))
            }
            switch plan.format {
            case .text: Output.printLines(CheckTable.lines(rows))
            case .json:
                let fingerprint = try await FingerprintCommand.fetch(from: client)
                var json = PrettyJSON.toStandardOutput()
                CheckReport(rows: rows, summary: summary, fingerprint: fingerprint).write(to: &json)
                json.finish()
            case .sarif:
                let fingerprint = try await FingerprintCommand.fetch(from: client)
                var json = PrettyJSON.toStandardOutput()
                CheckSARIF.write(
                    rows, failOn: plan.failOn, version: Chevron.version, fingerprint: fingerprint.fingerprint,
                    to: &json)
                json.finish()
            case .junit: Output.printLines(CheckJUnit.document(rows, looks: looks, failOn: plan.failOn))
            case .github: Output.printLines(CheckGitHub.lines(rows, failOn: plan.failOn))
            }
            run.substitutions.warn()
            for note in run.notes { TrustNotes.warn(note) }
            let line = CheckSummaryLine.text(summary, looks: looks.count)
            if plan.format.summaryOnStandardError {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            } else {
                print(line)
            }
            let status =
                if summary.unreadableFiles > 0 {
                    ExitStatus.usage
                } else if rows.contains(where: { $0.error != nil }) {
                    ExitStatus.remoteError
                } else if rows.contains(where: { row in plan.failOn.contains { row.fails($0) } }) {
                    ExitStatus.checkFailed
                } else {
                    Int32(0)
                }
            // The process ends here, with the rows, the entries and (in process) the engine and
            // its caches still held: releasing them one object at a time took about a tenth of
            // the last second of a 100,000-title check, for nothing. `exit` flushes standard output.
            Foundation.exit(status)
        }
    }
}

/// `--input-format` takes a format's name (`xliff`, `lines`, …).
extension TitleFormat: ExpressibleByArgument {}

/// `--fail-on` takes a rule's name (`truncate`, `any`, …).
extension CheckPlan.FailOn: ExpressibleByArgument {}

/// `--format` takes a report's name (`sarif`, …).
extension CheckOutputFormat: ExpressibleByArgument {}

/// A progress bar on standard error, drawn only when it is a terminal. Advanced by the one task
/// that collects a check's batches.
final class ProgressBar: CheckProgress {
    /// How many there are to do: nil while they are still being counted (the bar then shows
    /// only how many are done).
    private var total: Int?
    private var done = 0
    private let enabled = isatty(STDERR_FILENO) == 1

    func expect(total: Int) {
        self.total = total
    }

    func advance(by count: Int) {
        done += count
        guard enabled else { return }
        guard let total else {
            FileHandle.standardError.write(Data("\r\(done) done".utf8))
            return
        }
        guard total > 0 else { return }
        let filled = done * 30 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        if enabled, done > 0 || total ?? 0 > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
