import ArgumentParser
import ChevronCheck
import ChevronClient
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
        case truncate, fallback, missing, any
    }

    @Argument(help: "Localisation files to check (an .xcloc folder reads its XLIFF files; - is standard input).")
    var files: [String]

    @Option(name: .long, help: "A look to check against (repeatable), or `all`; default classic.")
    var look: [String] = []

    @Option(
        name: .long,
        help:
            "Exit 1 when a title is truncated or replaced (truncate), replaced (fallback), has glyphs no font covers (missing), or any of these (any); repeatable."
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

    /// The samples: the defaults, overridden by `--sample`.
    var samples: PlaceholderSamples {
        get throws {
            var samples = PlaceholderSamples()
            for assignment in sample {
                do { try samples.set(assignment) } catch { throw ValidationError("--sample \(error)") }
            }
            return samples
        }
    }

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print a JSON array of rows instead of a table.")
    var json = false

    /// Requests per SizeMany call; several calls are in flight at once.
    static let batchSize = 1000
    /// Connections to the daemon a check uses.
    static let connections = 4
    /// The most title bytes in one SizeMany call (the daemon refuses messages over 1 MiB).
    static let batchBytes = 256 << 10

    func validate() throws {
        _ = try samples
    }

    func run() async throws {
        let samples = try samples
        var entries: [TitleEntry] = []
        for file in files {
            do {
                entries += try TitleFile.read(file, format: inputFormat).map { $0.expandingPlaceholders(samples) }
            } catch {
                Output.fail(error.description, status: ExitStatus.usage)
            }
        }
        try await Output.reportingErrors {
            let connected = try await connection.connect()
            let client = connected.client
            let looks = try await chosenLooks(client)
            var maximumWidths: [String: Double] = [:]
            for name in looks { maximumWidths[name] = try await client.describeLook(name).maximumWidth }
            // The daemon answers one connection's calls in order: batches spread over a few
            // connections are measured side by side. In-process, one client runs them in parallel.
            var clients = [client]
            if !connected.isInProcess {
                for _ in 1..<Self.connections { clients.append(try await connected.another()) }
            }
            var substitutions = SubstitutionLog()
            let rows = try await measure(
                entries, looks: looks, clients: clients, maximumWidths: maximumWidths, substitutions: &substitutions)
            if json {
                let fingerprint = try await FingerprintCommand.fetch(from: client)
                try Output.printJSON(
                    CheckReport(
                        rows: rows, titles: entries.count, substitutions: substitutions, fingerprint: fingerprint))
            } else {
                printTable(rows)
            }
            substitutions.warn()
            if rows.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.remoteError) }
            if rows.contains(where: { row in failOn.contains { row.fails($0) } }) {
                throw ExitCode(ExitStatus.checkFailed)
            }
        }
    }

    private func chosenLooks(_ client: ChevronClient) async throws -> [String] {
        if look.isEmpty { return ["classic"] }
        if look.contains("all") { return try await client.listLooks().map(\.name) }
        return look
    }

    /// Sizes every title in every look with SizeMany, a few batches in flight at a time.
    private func measure(
        _ entries: [TitleEntry], looks: [String], clients: [ChevronClient], maximumWidths: [String: Double],
        substitutions: inout SubstitutionLog
    ) async throws -> [CheckRow] {
        let language = language
        let jobs = entries.flatMap { entry in looks.map { (entry, $0) } }
        // Batches of up to 1,000 titles, and well under the daemon's message limit in bytes.
        var batches: [[(TitleEntry, String)]] = [[]]
        var batchBytes = 0
        for job in jobs {
            let bytes = job.0.title.utf8.count + job.1.utf8.count + 64
            if batches[batches.count - 1].count == Self.batchSize || batchBytes + bytes > Self.batchBytes {
                batches.append([])
                batchBytes = 0
            }
            batches[batches.count - 1].append(job)
            batchBytes += bytes
        }
        let progress = ProgressBar(total: jobs.count)
        var rows = [[(CheckRow, LayoutReply?)]](repeating: [], count: batches.count)
        try await withThrowingTaskGroup(of: (Int, [(CheckRow, LayoutReply?)]).self) { group in
            var next = 0
            func submit() {
                guard next < batches.count else { return }
                let index = next
                let batch = batches[index]
                let client = clients[index % clients.count]
                next += 1
                group.addTask {
                    let results = try await client.sizeMany(
                        batch.map {
                            SizeParameters(
                                title: $0.0.title, look: $0.1, maxWidth: $0.0.maximumWidth,
                                language: $0.0.language ?? language)
                        }
                    )
                    // Each result says which request it answers; every request needs one.
                    var byIndex = [SizeResultReply?](repeating: nil, count: batch.count)
                    for result in results where byIndex.indices.contains(result.index) {
                        byIndex[result.index] = result
                    }
                    return (
                        index,
                        try zip(batch, byIndex).map { job, result in
                            guard let result else {
                                throw ChevronClientError(
                                    .protocolViolation, message: "SizeMany left a request unanswered")
                            }
                            return (
                                CheckRow(
                                    job.0, look: job.1, maximumWidth: job.0.maximumWidth ?? maximumWidths[job.1] ?? 0,
                                    language: job.0.language ?? language, result: result),
                                result.layout
                            )
                        }
                    )
                }
            }
            for _ in 0..<(2 * Self.connections) { submit() }
            while let (index, batch) = try await group.next() {
                rows[index] = batch
                progress.advance(by: batch.count)
                submit()
            }
        }
        progress.finish()
        for case (_, let layout?) in rows.joined() { substitutions.note(layout) }
        return rows.joined().map(\.0)
    }

    private func printTable(_ rows: [CheckRow]) {
        let places = rows.map { "\($0.file):\($0.line)" }
        let placeWidth = places.map(\.count).max() ?? 0
        let keyWidth = min(24, rows.map(\.key.count).max() ?? 0)
        let lookWidth = rows.map(\.look.count).max() ?? 0
        for (row, place) in zip(rows, places) {
            let width = row.width.map { "\(Output.points($0))/\(Output.points(row.maxWidth))" } ?? "-"
            print(
                "\(place.column(placeWidth))  \(String(row.key.prefix(24)).column(keyWidth))  "
                    + "\(row.look.column(lookWidth))  \(width.column(11))  \(row.shown)")
        }
    }
}

/// One title in one look, as `check --json` prints it.
struct CheckRow: Encodable {
    let file: String
    let line: Int
    let key: String
    let title: String
    let look: String
    let width: Double?
    let maxWidth: Double
    let truncated: Bool
    let displayedTitle: String
    let titleSource: String
    let missingGlyphs: Int
    let language: String?
    /// Whether `maxWidth` is the entry's own limit (an XLIFF unit's maxwidth), not the look's.
    let ownLimit: Bool
    /// The title as the file writes it, when placeholders in it were filled with samples.
    let template: String?
    let error: String?

    /// - Parameter language: the language the title was measured in (the file's, else `--language`).
    init(_ entry: TitleEntry, look: String, maximumWidth: Double, language: String?, result: SizeResultReply) {
        file = entry.file
        line = entry.line
        key = entry.key
        title = entry.title
        self.look = look
        maxWidth = maximumWidth
        width = result.layout?.width
        truncated = result.layout?.truncated ?? false
        displayedTitle = result.layout?.displayedTitle ?? ""
        titleSource = result.layout?.titleSource ?? "none"
        missingGlyphs = result.layout?.missingGlyphs ?? 0
        ownLimit = entry.maximumWidth != nil
        template = entry.template
        self.language = language
        error = result.failure.map { failure in
            [failure.error, failure.parameters.parameter, failure.parameters.message].compactMap { $0 }
                .joined(separator: ": ")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, key, title, look, width, maxWidth, truncated, displayedTitle, titleSource, missingGlyphs
        case language, ownLimit, template, error
    }

    /// Every key on every row: `width` is null (not absent) when the engine refused the title.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(key, forKey: .key)
        try container.encode(title, forKey: .title)
        try container.encode(look, forKey: .look)
        try container.encode(width, forKey: .width)
        try container.encode(maxWidth, forKey: .maxWidth)
        try container.encode(truncated, forKey: .truncated)
        try container.encode(displayedTitle, forKey: .displayedTitle)
        try container.encode(titleSource, forKey: .titleSource)
        try container.encode(missingGlyphs, forKey: .missingGlyphs)
        try container.encode(language, forKey: .language)
        try container.encode(ownLimit, forKey: .ownLimit)
        try container.encodeIfPresent(template, forKey: .template)
        try container.encodeIfPresent(error, forKey: .error)
    }

    /// What a user sees, in words. Missing glyphs come first: such a row never reads as fitting.
    var shown: String {
        if let error { return "error: \(error)" }
        let seen: String
        switch titleSource {
        case "title": seen = truncated ? "truncated: \(displayedTitle)" : "full title"
        case "none": seen = "the chevron alone"
        default: seen = "\(titleSource): \(displayedTitle)"
        }
        let limited = ownLimit && isCut ? "; OVER ITS OWN LIMIT" : ""
        guard missingGlyphs > 0 else { return seen + limited }
        // Whatever is shown, its width is not the device's: the row never reads as fitting.
        return
            (seen == "full title" ? "MISSING GLYPHS (\(missingGlyphs))" : "MISSING GLYPHS (\(missingGlyphs)); \(seen)")
            + limited
    }

    /// Whether the title is not shown in full: cut, or replaced by another title or nothing.
    var isCut: Bool { truncated || titleSource != "title" }

    /// Whether the row fails `--fail-on`.
    func fails(_ rule: CheckCommand.FailOn) -> Bool {
        switch rule {
        case .truncate: isCut
        case .fallback: titleSource != "title"
        case .missing: missingGlyphs > 0
        case .any: isCut || missingGlyphs > 0
        }
    }
}

/// `check --json`: the rows and the run's summary.
struct CheckReport: Encodable {
    /// What the run found, in counts, and which looks were measured with a substitute font.
    struct Summary: Encodable {
        /// A look whose requested font fontconfig replaced with another family.
        struct Substitution: Encodable {
            let look: String
            let requested: String
            let family: String
            let style: String
            let file: String
        }

        let titles: Int
        let rows: Int
        let truncated: Int
        let fellBack: Int
        let missingGlyphs: Int
        /// Rows with a limit of their own (XLIFF maxwidth) whose title is not shown in full there.
        let overOwnLimit: Int
        let errors: Int
        let substitutions: [Substitution]
    }

    let rows: [CheckRow]
    let summary: Summary
    /// What the answers were measured with (`chevron fingerprint`): the same on every host that
    /// answers alike.
    let fingerprint: Fingerprint

    /// The fingerprint and its parts (not the timing, which differs from run to run).
    struct Fingerprint: Encodable {
        let fingerprint: String
        let parts: FingerprintReply.Parts
    }

    init(rows: [CheckRow], titles: Int, substitutions: SubstitutionLog, fingerprint: FingerprintReply) {
        self.rows = rows
        self.fingerprint = Fingerprint(fingerprint: fingerprint.fingerprint, parts: fingerprint.parts)
        summary = Summary(
            titles: titles, rows: rows.count, truncated: rows.filter { $0.error == nil && $0.truncated }.count,
            fellBack: rows.filter { $0.error == nil && $0.titleSource != "title" }.count,
            missingGlyphs: rows.filter { $0.missingGlyphs > 0 }.count,
            overOwnLimit: rows.filter { $0.error == nil && $0.ownLimit && $0.isCut }.count,
            errors: rows.filter { $0.error != nil }.count,
            substitutions: substitutions.entries.map { entry in
                Summary.Substitution(
                    look: entry.look, requested: entry.font.requested, family: entry.font.family,
                    style: entry.font.style, file: entry.font.file)
            })
    }
}

/// A progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private let enabled = isatty(STDERR_FILENO) == 1

    init(total: Int) {
        self.total = total
    }

    func advance(by count: Int) {
        done += count
        guard enabled, total > 0 else { return }
        let filled = done * 30 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        if enabled, total > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// `--input-format` takes a format's name (`xliff`, `lines`, …).
extension TitleFormat: ExpressibleByArgument {}
