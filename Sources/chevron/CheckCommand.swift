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
            .xlf, or an .xcloc folder), CSV (key,title) and plain lines (.txt); --input-format says which, else \
            the extension, else the content; a file in none of them is an error. For each title and look: the width, the look's maximum, and what a user sees \
            (the title, a truncated title, the generic title, or the chevron alone). A title with characters \
            no installed font covers is never reported as fitting: it shows MISSING GLYPHS (n). Each title \
            is measured in its file's language (an .xcstrings localization, an XLIFF file's languages, an .lproj \
            or Android values-XX folder), else in --language; languages are read as canonical BCP 47 tags \
            (iw is he, pt_BR is pt-BR), and a file whose language is not found is named once on standard \
            error. --fail-on (repeatable) exits 1 when a title is not shown in full \
            (truncate), is replaced by another title or by the chevron alone (fallback), has missing glyphs \
            (missing), or any of these (any). A look whose font fontconfig replaced with another family is \
            named once on standard error. A file that cannot be read is reported as FILE:LINE: reason, \
            with exit status 2. One run writes several reports with --output FORMAT=PATH (repeatable); \
            a report that cannot be written is exit status 2, naming its path.
            """)

    @Argument(help: "Localisation files to check (an .xcloc folder reads its XLIFF files; - is standard input).")
    var files: [String] = []

    @Option(
        name: .long,
        help:
            "A project file (JSON: files, looks, keys, languages, samples, failOn, language, genericTitle, inputFormat, format, maxFileMiB, maxTitleBytes, devices); the command line adds to it."
    )
    var config: String?

    @Option(name: .long, help: "Check only keys matching this shell pattern (*.title); repeatable.")
    var key: [String] = []

    @Option(
        name: .long,
        help:
            "A list of the back-button titles' keys: one key or shell pattern a line, # comments; repeatable. With --key and --titles-comment, a string any of them selects is checked."
    )
    var titles: [String] = []

    @Option(
        name: .long,
        help:
            "Check the strings whose comment for translators (an .xcstrings comment, an XLIFF note, the comment before an Android string or a .strings key) matches this regular expression (\"nav(igation)? title\")."
    )
    var titlesComment: String?

    @Option(
        name: .long,
        help: "Check only titles in this language (de also takes de-CH, zh-Hans takes zh-CN, he takes iw); repeatable.")
    var onlyLanguage: [String] = []

    @Option(
        name: .long,
        help:
            "The generic title of the fallback chain (default: the title's language's, \"Zurück\" in German, else Back), or LANGUAGE=TITLE for titles in one language (de=Zurück; de also serves de-CH); repeatable."
    )
    var genericTitle: [String] = []

    @Option(
        name: .long, help: "A look to check against (repeatable), or `all`; default modern, today's iPhone.",
        completion: LookCompletion.kind)
    var look: [String] = []

    @Option(
        name: .long,
        help:
            "A device to measure modern on (repeatable; `chevron looks --devices`, a project file's devices), or `all`; default iphone-se, the narrowest iPhone."
    )
    var device: [String] = []

    @Option(
        name: .long,
        help:
            "Exit 1 when a title is truncated or replaced (truncate), replaced (fallback), has glyphs no font covers (missing), is not shown in full within its own limit (limit), holds a line break (line-break), or any of these (any); RULE>N fails only when more than N rows break it; repeatable."
    )
    var failOn: [String] = []

    @Option(
        name: .long,
        help:
            "The most results a SARIF report holds, the most severe first (default 5000, what code scanning shows; at most 25000, what it takes)."
    )
    var maxResults: Int?

    @Option(
        name: .long,
        help: "The language (BCP 47) of titles whose file does not say it; steers font fallback and shaping.")
    var language: String?

    @Option(
        name: .long,
        help:
            "The format of every file of the run (or of - for standard input), over what extensions and contents say: strings, stringsdict, xcstrings, android, xliff, csv or lines."
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
            "The report: text (a table), json ({rows, summary, fingerprint}), sarif (SARIF 2.1.0), junit (JUnit XML), github (GitHub Actions annotations) or html (a page with the buttons drawn: -o DIR, or --self-contained)."
    )
    var format: CheckOutputFormat?

    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Where a report goes: PATH for --format's report, or FORMAT=PATH for another (sarif=out.sarif, html=report/, junit=junit.xml); repeatable. - is standard output.",
            valueName: "[FORMAT=]PATH"))
    var output: [String] = []

    @Option(
        name: .long,
        help:
            "The html report's link for a title's file and line: a URL with {path} (from the top of the git repository), {line} and {commit} (git rev-parse HEAD)."
    )
    var linkTemplate: String?

    @Flag(name: .long, help: "The html report lists every title, not only those with a problem.")
    var htmlAll = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The most pictures the html report draws (default \(CheckHTML.defaultPictureLimit)), or all: each language and look's worst rows first; the other buttons show their title as text.",
            valueName: "N|all"))
    var htmlPictures: String?

    @Flag(
        name: .long,
        help:
            "The html report is one page with its pictures inline (-o FILE.html, or standard output), up to 20 MiB of pictures."
    )
    var selfContained = false

    @Option(
        name: .long,
        help:
            "A baseline file (written by --write-baseline): the problems it holds are accepted, so only new ones fail; those it holds that are gone are reported fixed."
    )
    var baseline: String?

    @Option(
        name: .long,
        help:
            "Writes this run's problems to this file as a baseline (JSON), replacing it: with --baseline FILE on the same file, fixed problems are pruned and new ones added."
    )
    var writeBaseline: String?

    @Option(
        name: .long,
        help:
            "A git revision (origin/main, HEAD~1): only the keys whose value, in any language, differs from the files at it are checked; a file it does not have is checked whole."
    )
    var changedSince: String?

    /// The run's plan: the project file's, with the command line's options added.
    var plan: CheckPlan {
        get throws {
            var plan: CheckPlan
            do { plan = try config.map(CheckPlan.load) ?? CheckPlan() } catch { throw ValidationError("\(error)") }
            plan.files += files
            plan.looks += look
            plan.deviceNames += device
            plan.keys += key
            do {
                for file in titles { try plan.addTitles(file: file) }
                if let titlesComment { try plan.setTitlesComment(titlesComment) }
            } catch {
                throw ValidationError("\(error)")
            }
            plan.onlyLanguages += onlyLanguage
            for rule in failOn {
                do { try plan.addFailOn(rule) } catch { throw ValidationError("--fail-on \(error)") }
            }
            if let maxResults {
                guard (1...CheckSARIF.hardMaxResults).contains(maxResults) else {
                    throw ValidationError("--max-results \(maxResults): give 1 to \(CheckSARIF.hardMaxResults)")
                }
                plan.maxResults = maxResults
            }
            plan.language = language ?? plan.language
            for option in genericTitle { plan.setGenericTitle(option) }
            plan.inputFormat = inputFormat ?? plan.inputFormat
            for assignment in sample {
                do { try plan.samples.set(assignment) } catch { throw ValidationError("--sample \(error)") }
            }
            if let format = format ?? (json ? .json : nil) { plan.format = format }
            plan.baseline = baseline ?? plan.baseline
            plan.writeBaseline = writeBaseline
            plan.changedSince = changedSince ?? plan.changedSince
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
        _ = try reports(try plan)
    }

    /// The reports this run writes (`--format`, `-o`, `--output`).
    func reports(_ plan: CheckPlan) throws -> CheckReports {
        _ = try pictureLimit
        return try CheckReports(
            format: plan.format, chosen: format != nil || json || plan.format != .text, outputs: output,
            selfContained: selfContained, htmlAll: htmlAll, linkTemplate: linkTemplate != nil,
            htmlPictures: htmlPictures != nil)
    }

    /// `--html-pictures`: a number of pictures, or nil for all.
    var pictureLimit: Int? {
        get throws {
            guard let htmlPictures else { return CheckHTML.defaultPictureLimit }
            if htmlPictures == "all" { return nil }
            guard let limit = Int(htmlPictures), limit >= 0 else {
                throw ValidationError("--html-pictures \(htmlPictures): give a number of pictures, or all")
            }
            return limit
        }
    }

    /// The cache budget of the engine a check runs in this process. A check asks each question
    /// once, so what its caches keep is seldom asked again before the process ends: a small
    /// budget keeps the first measurements (the generic titles among them) without holding
    /// tens of MiB that no later call reads.
    static let inProcessCacheBytes = 4 << 20

    func run() async throws {
        let plan = try plan
        let reports = try reports(plan)
        try await Output.reportingErrors {
            // A link template is read, and git asked, before the titles are measured.
            let links = try linkTemplate.map { template throws(CheckPlan.Problem) in try CheckLinkTemplate(template) }
            let connected = try await connection.connect(cacheByteBudget: Self.inProcessCacheBytes)
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
                Output.standardError("chevron: \(place.escapingControls): \((row.error ?? "").escapingControls)\n")
            }
            let failures = try await writeReports(reports, run: run, plan: plan, links: links, clients: clients)
            run.substitutions.warn()
            for note in run.notes { TrustNotes.warn(note) }
            let line = CheckSummaryLine.text(summary, slots: run.slots)
            if reports.summaryOnStandardError {
                Output.standardError(line + "\n")
            } else {
                print(line)
            }
            if let path = plan.writeBaseline {
                let written = run.baseline
                try written.write(to: path)
                Output.standardError("chevron: wrote \(written.problems.count) problems to \(path.escapingControls)\n")
            }
            // A report that could not be written is a usage error, whatever the titles.
            if !failures.isEmpty {
                for failure in failures { Output.standardError("chevron: \(failure.escapingControls)\n") }
                Output.finish(status: ExitStatus.usage)
            }
            // Only what no baseline accepts fails a run: a file not read (2), a title not
            // measured (4), a problem a --fail-on rule names (1).
            let fresh = rows.flatMap(\.newProblems)
            let status =
                if fresh.contains(.unreadableFile) {
                    ExitStatus.usage
                } else if fresh.contains(.error) {
                    ExitStatus.remoteError
                } else if run.fails(under: run.failing) {
                    ExitStatus.checkFailed
                } else {
                    Int32(0)
                }
            // The process ends here, with the rows, the entries and (in process) the engine and
            // its caches still held: releasing them one object at a time took about a tenth of
            // the last second of a 100,000-title check, for nothing. `exit` flushes standard output.
            Output.finish(status: status)
        }
    }

    /// Appends `text` to the file at `path`, made when missing (GitHub's job summary, which
    /// other steps write too).
    static func append(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            Output.standardError(
                "chevron: cannot write the job summary \(path.escapingControls): \(String(cString: strerror(errno)))\n")
            return
        }
        defer { close(descriptor) }
        var text = text
        let complete = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        if !complete {
            Output.standardError(
                "chevron: cannot write the job summary \(path.escapingControls): \(String(cString: strerror(errno)))\n")
        }
    }
}

/// `--input-format` takes a format's name (`xliff`, `lines`, …).
extension TitleFormat: ExpressibleByArgument {}

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
            Output.standardError("\r\(done) done")
            return
        }
        guard total > 0 else { return }
        let filled = done * 30 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
        Output.standardError("\r[\(bar)] \(done)/\(total)")
    }

    func finish() {
        if enabled, done > 0 || total ?? 0 > 0 { Output.standardError("\n") }
    }
}
