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
            is measured in its file's language (an .xcstrings localization, an .lproj or Android values-XX \
            folder), else in --language. --fail-on (repeatable) exits 1 when a title is not shown in full \
            (truncate), is replaced by another title or by the chevron alone (fallback), has missing glyphs \
            (missing), or any of these (any). A look whose font fontconfig replaced with another family is \
            named once on standard error. A file that cannot be read is reported as FILE:LINE: reason, \
            with exit status 2.
            """)

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case truncate, fallback, missing, limit, any
    }

    @Argument(help: "Localisation files to check (an .xcloc folder reads its XLIFF files; - is standard input).")
    var files: [String] = []

    @Option(
        name: .long,
        help:
            "A project file (JSON: files, looks, keys, languages, samples, failOn, language, genericTitle, inputFormat, format); the command line adds to it."
    )
    var config: String?

    @Option(name: .long, help: "Check only keys matching this shell pattern (*.title); repeatable.")
    var key: [String] = []

    @Option(name: .long, help: "Check only titles in this language (de also takes de-CH); repeatable.")
    var onlyLanguage: [String] = []

    @Option(name: .long, help: "The generic title of the fallback chain (default Back).")
    var genericTitle: String?

    @Option(
        name: .long, help: "A look to check against (repeatable), or `all`; default classic.",
        completion: LookCompletion.kind)
    var look: [String] = []

    @Option(
        name: .long,
        help:
            "Exit 1 when a title is truncated or replaced (truncate), replaced (fallback), has glyphs no font covers (missing), is not shown in full within its own limit (limit), or any of these (any); repeatable."
    )
    var failOn: [FailOn] = []

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
            "A placeholder's sample, PLACEHOLDER=VALUE (%@=Alexandra, %d=10000, %f=2.5); repeatable. Defaults: %@ and %s \"Alex Smith\", %d \"128\", %f 3.14159."
    )
    var sample: [String] = []

    @OptionGroup var connection: ConnectionOptions

    @Option(
        name: .long,
        help:
            "The report: text (a table), json ({rows, summary, fingerprint}), sarif (SARIF 2.1.0), junit (JUnit XML) or github (GitHub Actions annotations)."
    )
    var format: CheckOutputFormat?

    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    /// Requests per SizeMany call (fewer when the daemon's limit is lower); several calls are in
    /// flight at once.
    static let batchSize = 1000
    /// Connections to the daemon a check uses.
    static let connections = 4
    /// The most bytes of one SizeMany call, when the daemon's message limit is higher.
    static let batchBytes = 256 << 10

    /// The run's plan: the project file's, with the command line's options added.
    var plan: CheckPlan {
        get throws {
            var plan = try config.map(CheckPlan.load) ?? CheckPlan()
            plan.files += files
            plan.looks += look
            plan.keys += key
            plan.onlyLanguages += onlyLanguage
            plan.failOn += failOn
            plan.language = language ?? plan.language
            plan.genericTitle = genericTitle ?? plan.genericTitle
            plan.inputFormat = inputFormat ?? plan.inputFormat
            for assignment in sample {
                do { try plan.samples.set(assignment) } catch { throw ValidationError("--sample \(error)") }
            }
            if let format = format ?? (json ? .json : nil) { plan.format = format }
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
        var entries: [TitleEntry] = []
        for file in plan.files {
            do {
                entries += try TitleFile.read(file, format: plan.inputFormat).filter(plan.admits)
                    .map { $0.expandingPlaceholders(plan.samples) }
            } catch {
                Output.fail(error.description, status: ExitStatus.usage)
            }
        }
        try await Output.reportingErrors {
            let connected = try await connection.connect()
            let client = connected.client
            let looks = try await Self.chosenLooks(plan.looks, client: client)
            var maximumWidths: [String: Double] = [:]
            for name in looks { maximumWidths[name] = try await client.describeLook(name).maximumWidth }
            // The daemon answers one connection's calls in order: batches spread over a few
            // connections are measured side by side. In-process, one client runs them in parallel.
            var clients = [client]
            if !connected.isInProcess {
                for _ in 1..<Self.connections { clients.append(try await connected.another()) }
            }
            let limits = try await client.limits()
            var substitutions = SubstitutionLog()
            let rows = try await measure(
                entries, plan: plan, looks: looks, clients: clients, limits: limits, maximumWidths: maximumWidths,
                substitutions: &substitutions)
            let summary = CheckReport.Summary(rows: rows, titles: entries.count, substitutions: substitutions)
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
            substitutions.warn()
            let line = CheckSummaryLine.text(summary, looks: looks.count)
            if plan.format.summaryOnStandardError {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            } else {
                print(line)
            }
            let status =
                if rows.contains(where: { $0.error != nil }) {
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

    private static func chosenLooks(_ looks: [String], client: ChevronClient) async throws -> [String] {
        if looks.isEmpty { return ["classic"] }
        if looks.contains("all") { return try await client.listLooks().map(\.name) }
        return looks
    }

    /// One SizeMany request: rows asking the same question share its answer.
    ///
    /// Its strings are compared and hashed by their UTF-8 bytes, as chevrond's caches key them:
    /// "é" and "e\u{301}" are equal Strings but different titles (each row shows its own
    /// displayed title, and they may cut differently), and a String's hash normalises its text
    /// first, which took a few percent of a 100,000-title check. Hashed once, when it is made.
    private struct Question: Hashable {
        let title: String
        let look: String
        let maximumWidth: Double?
        let language: String?
        let digest: Int

        init(title: String, look: String, maximumWidth: Double?, language: String?) {
            self.title = title
            self.look = look
            self.maximumWidth = maximumWidth
            self.language = language
            var hasher = KeyHasher()
            hasher.combine(title)
            hasher.combine(look)
            hasher.combine(maximumWidth?.bitPattern ?? UInt64.max)
            hasher.combine(language)
            digest = hasher.finalize()
        }

        static func == (left: Question, right: Question) -> Bool {
            left.digest == right.digest && left.maximumWidth == right.maximumWidth
                && left.title.hasSameBytes(as: right.title) && left.look.hasSameBytes(as: right.look)
                && left.language.hasSameBytes(as: right.language)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// Sizes every title in every look with SizeMany, a few batches in flight at a time; a
    /// question asked by several rows (the same title, look, limit and language) is asked once.
    /// A title over the text limit is not sent: its row is the TextTooLong error, in process and
    /// through the daemon alike. Batches stay under the daemon's message and request limits.
    ///
    /// Batches go out as the plan fills them: planning the rest (hashing every question) runs
    /// while the first batches are measured, instead of before them.
    private func measure(
        _ entries: [TitleEntry], plan: CheckPlan, looks: [String], clients: [ChevronClient], limits: LimitsReply,
        maximumWidths: [String: Double], substitutions: inout SubstitutionLog
    ) async throws -> [CheckRow] {
        let language = plan.language
        let genericTitle = plan.genericTitle
        let batchLimit = max(1, min(Self.batchSize, limits.sizeManyRequests))
        // The call's own bytes (method, braces) and a request's beyond its strings.
        let callOverhead = 128
        let requestOverhead = 160 + SizeCall.escapedBytes(genericTitle ?? "") + SizeCall.escapedBytes(language ?? "")
        let byteLimit = min(Self.batchBytes, limits.messageBytes - callOverhead)

        var questions: [Question] = []
        var known: [Question: Int] = [:]
        // Per row (entry × look, in that order): its question, or why it is not asked.
        enum Ask {
            case question(Int)
            case refused(CheckOutcome)
        }
        var asks: [Ask] = []
        var batches: [[Int]] = [[]]
        var batchBytes = 0
        asks.reserveCapacity(entries.count * looks.count)
        known.reserveCapacity(entries.count * looks.count)
        let progress = ProgressBar()
        // Per question, its answer once its batch came back.
        var outcomes: [CheckOutcome?] = []
        outcomes.reserveCapacity(entries.count * looks.count)
        try await withThrowingTaskGroup(of: (Int, [CheckOutcome], SubstitutionLog).self) { group in
            // Batches sent and not yet answered: passed to the nested functions by hand, which
            // the compiler's flow analysis follows (captured, it judged the last loop dead).
            var inFlight = 0
            /// Takes one batch's answers.
            func receive(_ inFlight: inout Int) async throws {
                guard let (index, answers, found) = try await group.next() else {
                    inFlight = 0  // nothing left in the group: nothing is in flight
                    return
                }
                inFlight -= 1
                for (question, answer) in zip(batches[index], answers) { outcomes[question] = answer }
                substitutions.merge(found)
                progress.advance(by: answers.count)
            }
            /// Sends batch `index` once fewer than two per connection are in flight.
            func send(_ index: Int, _ inFlight: inout Int) async throws {
                while inFlight >= 2 * Self.connections { try await receive(&inFlight) }
                let batch = batches[index].map { questions[$0] }
                let client = clients[index % clients.count]
                inFlight += 1
                group.addTask {
                    let results = try await client.sizeMany(
                        batch.map {
                            SizeParameters(
                                look: $0.look, title: $0.title, maxWidth: $0.maximumWidth, genericTitle: genericTitle,
                                language: $0.language)
                        }
                    )
                    // Each result says which request it answers; every request needs one.
                    var answers = [CheckOutcome?](repeating: nil, count: batch.count)
                    var substitutions = SubstitutionLog()
                    for result in results where answers.indices.contains(result.index) {
                        answers[result.index] = CheckOutcome(result)
                        if let layout = result.layout { substitutions.note(layout) }
                    }
                    let answered = answers.compactMap { $0 }
                    guard answered.count == batch.count else {
                        throw ChevronClientError(.protocolViolation, message: "SizeMany left a request unanswered")
                    }
                    return (index, answered, substitutions)
                }
            }
            for entry in entries {
                for look in looks {
                    let titleBytes = entry.title.utf8.count
                    if titleBytes > limits.textBytes {
                        asks.append(
                            .refused(
                                CheckOutcome(
                                    error:
                                        "io.chevron.Text.TextTooLong: title: the title is \(titleBytes) UTF-8 bytes long; the limit is \(limits.textBytes)"
                                )))
                        continue
                    }
                    let question = Question(
                        title: entry.title, look: look, maximumWidth: entry.maximumWidth,
                        language: entry.language ?? language)
                    if let index = known[question] {
                        asks.append(.question(index))
                        continue
                    }
                    let bytes =
                        requestOverhead + SizeCall.escapedBytes(entry.title) + SizeCall.escapedBytes(look)
                        + SizeCall.escapedBytes(entry.language ?? "")
                    if bytes > byteLimit {
                        asks.append(
                            .refused(
                                CheckOutcome(
                                    error:
                                        "io.chevron.Service.MessageTooLong: the request is up to \(bytes + callOverhead) bytes; the limit is \(limits.messageBytes)"
                                )))
                        continue
                    }
                    if batches[batches.count - 1].count == batchLimit || batchBytes + bytes > byteLimit {
                        try await send(batches.count - 1, &inFlight)
                        batches.append([])
                        batchBytes = 0
                    }
                    known[question] = questions.count
                    batches[batches.count - 1].append(questions.count)
                    batchBytes += bytes
                    asks.append(.question(questions.count))
                    questions.append(question)
                    outcomes.append(nil)
                }
            }
            progress.total = questions.count
            if batches[batches.count - 1].isEmpty == false { try await send(batches.count - 1, &inFlight) }
            while inFlight > 0 { try await receive(&inFlight) }
        }
        progress.finish()
        // A row per entry and look, in the files' order, then the looks'.
        var rows: [CheckRow] = []
        rows.reserveCapacity(asks.count)
        var position = 0
        for entry in entries {
            let entryLanguage = entry.language ?? language
            for look in looks {
                let outcome: CheckOutcome
                switch asks[position] {
                case .refused(let refusal): outcome = refusal
                case .question(let index):
                    // Every batch's answers were checked complete as it came back.
                    guard let answer = outcomes[index] else {
                        throw ChevronClientError(.protocolViolation, message: "SizeMany left a request unanswered")
                    }
                    outcome = answer
                }
                rows.append(
                    CheckRow(
                        entry, look: look, maximumWidth: entry.maximumWidth ?? maximumWidths[look] ?? 0,
                        language: entryLanguage, outcome: outcome))
                position += 1
            }
        }
        return rows
    }
}

/// The bytes of one SizeMany request, to cut batches under the daemon's message limit.
enum SizeCall {
    /// The most bytes `text` takes as a JSON string's contents: `"` and `\\` as two, other
    /// control characters as six (`\\u0001`), everything else as its UTF-8 bytes.
    static func escapedBytes(_ text: String) -> Int {
        var bytes = 0
        for byte in text.utf8 {
            bytes += byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 2 : byte < 0x20 ? 6 : 1
        }
        return bytes
    }
}

/// `--input-format` takes a format's name (`xliff`, `lines`, …).
extension TitleFormat: ExpressibleByArgument {}
