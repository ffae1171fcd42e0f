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
            Reads \(TitleFormat.list); --input-format says which, else the extension, else the content. For each \
            title and look: the width, the limit, and what a user sees (the title, a truncated title, the generic \
            title, or the chevron alone; MISSING GLYPHS when no installed font covers a character). Each title is \
            measured in its file's language, else in --language. --fail-on makes the run exit 1; a file that \
            cannot be read, or a report that cannot be written, exit 2. docs/check.md is the guide.
            """)

    @Argument(help: "Localisation files to check (an .xcloc folder reads its XLIFF files; - is standard input).")
    var files: [String] = []

    @Option(
        name: .long,
        help:
            "A project file (JSON: \(CheckPlan.fields.joined(separator: ", "))); the command line adds to it."
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
            "shown (the default): SwiftUI Markdown in Apple catalogues and HTML tags in Android's are taken out and the text a device shows is measured; none: titles are measured as written, markers included."
    )
    var markup: CheckPlan.MarkupReading?

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

    @Flag(
        name: .long,
        help:
            "The text table prints every key whole on a terminal too (elsewhere it always does); without it a terminal's key column is as narrow as keeps distinct keys distinct."
    )
    var wide = false

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
            plan.language = language ?? plan.language
            for option in genericTitle { plan.setGenericTitle(option) }
            plan.inputFormat = inputFormat ?? plan.inputFormat
            plan.markup = markup ?? plan.markup
            for assignment in sample {
                do { try plan.samples.set(assignment) } catch { throw ValidationError("--sample \(error)") }
            }
            if let format = format ?? (json ? .json : nil) { plan.format = format }
            plan.baseline = baseline ?? plan.baseline
            plan.writeBaseline = writeBaseline
            plan.changedSince = changedSince ?? plan.changedSince
            do {
                try plan.setLimits(maxResults: maxResults, fileMiB: maxFileMib, titleBytes: maxTitleBytes)
            } catch { throw ValidationError("\(error)") }
            guard !plan.files.isEmpty else {
                throw ValidationError("no files to check: name some, or a --config with files")
            }
            return plan
        }
    }

    /// The options' own agreement; the plan (which reads the project and titles files) is built
    /// once, when the command runs, and its problems are usage errors too.
    func validate() throws {
        if json, let format, format != .json { throw ValidationError("--json and --format \(format) disagree") }
        _ = try pictureLimit
    }

    /// The reports this run writes (`--format`, `-o`, `--output`).
    func reports(_ plan: CheckPlan) throws -> ReportPlan {
        let htmlOptions = [
            (selfContained, "--self-contained"), (htmlAll, "--html-all"), (linkTemplate != nil, "--link-template"),
            (htmlPictures != nil, "--html-pictures"),
        ].filter(\.0).map(\.1)
        do {
            return try ReportPlan(
                format: plan.format, chosen: format != nil || json || plan.format != .text, outputs: output,
                selfContained: selfContained, htmlOptions: htmlOptions, writeBaseline: plan.writeBaseline)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// `--html-pictures`: a number of pictures, or nil for all.
    var pictureLimit: Int? {
        get throws {
            do { return try CheckHTML.pictureLimit(htmlPictures) } catch { throw ValidationError("\(error)") }
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
            let connected = try await connection.connect(
                cacheByteBudget: Self.inProcessCacheBytes, trusting: (plan.trustUsers, plan.trustGroups))
            // The daemon answers one connection's calls in order: batches spread over a few
            // connections are measured side by side. In-process, one client runs them in parallel.
            var clients = [connected.client]
            if !connected.isInProcess {
                for _ in 1..<CheckMeasurer.connections {
                    guard let other = await connected.another() else { break }
                    clients.append(other)
                }
            }
            let run = try await CheckRun(plan, clients: clients, progress: ProgressBar())
            for message in run.unreadableFileMessages { Output.standardError(message.escapingControls + "\n") }
            // Notes come before the report, so that a log that merges the two streams never has
            // one inside the report's lines; --quiet keeps them back (errors are still said).
            let quiet = connection.quiet
            if !quiet {
                run.substitutions.warn()
                for note in run.notes { TrustNotes.warn(note) }
            }
            var html = CheckHTML.Options()
            html.links = links
            html.listPassing = htmlAll
            html.pictureLimit = try pictureLimit
            html.selfContained = selfContained
            var context = ReportContext(
                run: run, plan: plan, version: Chevron.version, clients: clients, html: html,
                fingerprint: { try await FingerprintCommand.fetch(from: clients[0]) })
            context.standardOutputKeys = wide || isatty(STDOUT_FILENO) == 0 ? .whole : .distinct
            let (failures, notes) = try await ReportWriters.write(reports, context: context)
            if !quiet { for note in notes { Output.standardError(note.escapingControls + "\n") } }
            let line = CheckSummaryLine.text(run.summary, slots: run.slots)
            if reports.summaryOnStandardError { Output.standardError(line + "\n") } else { print(line) }
            if let path = plan.writeBaseline {
                let written = run.baseline
                try written.write(to: path)
                if !quiet {
                    Output.standardError(
                        "chevron: wrote \(written.problems.count) problems to \(path.escapingControls)\n")
                }
            }
            // A report that could not be written is a usage error, whatever the titles.
            for failure in failures { Output.standardError("chevron: \(failure.escapingControls)\n") }
            // The process ends here, with the rows, the entries and (in process) the engine and
            // its caches still held: releasing them one object at a time took about a tenth of
            // the last second of a 100,000-title check, for nothing. `exit` flushes standard output.
            Output.finish(status: failures.isEmpty ? run.exitStatus : CheckExitStatus.usage)
        }
    }
}

/// `--markup` takes `shown` or `none`.
extension CheckPlan.MarkupReading: ExpressibleByArgument {}

/// `--input-format` takes a format's name (`xliff`, `lines`, …).
extension TitleFormat: ExpressibleByArgument {}

/// `--format` takes a report's name (`sarif`, …).
extension CheckOutputFormat: ExpressibleByArgument {}
