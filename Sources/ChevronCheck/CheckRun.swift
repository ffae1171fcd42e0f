import ChevronClient

/// One whole check: the plan's files read, every title measured in every look, the rows and
/// their summary. The `chevron check` command prints what this returns; tests call it directly.
public struct CheckRun: Sendable {
    /// A row per title and look, in the files' order, then the looks'; a file that could not be
    /// read is a row of its own where its titles would have been.
    public let rows: [CheckRow]
    /// The looks checked, in order.
    public let looks: [String]
    public let summary: CheckReport.Summary
    /// The looks measured with a font other than the one they ask for.
    public let substitutions: SubstitutionLog
    /// The files, each once, in the plan's order, with titles measured whose language neither
    /// their path nor their contents say: they are measured in `--language`, else in none.
    public let unknownLanguageFiles: [String]
    /// A note per file of `unknownLanguageFiles`, as the CLI says them on standard error.
    public let unknownLanguageNotes: [String]

    /// Reads the plan's files and measures their titles through `clients` (batches are spread
    /// over them; the first also answers the run's own questions: the looks, their limits).
    public init(_ plan: CheckPlan, clients: [ChevronClient], progress: (any CheckProgress)? = nil) async throws {
        precondition(!clients.isEmpty, "a check needs a client")
        let client = clients[0]
        let plan = try plan.canonicalizingLanguages()
        let (entries, unreadable, unknownLanguageFiles) = try Self.entries(plan)
        self.unknownLanguageFiles = unknownLanguageFiles
        unknownLanguageNotes = unknownLanguageFiles.map { Self.unknownLanguageNote(file: $0, language: plan.language) }
        looks = try await CheckMeasurer.chosenLooks(plan.looks, client: client)
        var maximumWidths: [String: Double] = [:]
        for name in looks { maximumWidths[name] = try await client.describeLook(name).maximumWidth }
        var substitutions = SubstitutionLog()
        let measured = try await CheckMeasurer.measure(
            entries, plan: plan, looks: looks, clients: clients, limits: try await client.limits(),
            maximumWidths: maximumWidths, substitutions: &substitutions, progress: progress)
        rows = Self.merging(measured, looks: looks.count, unreadable: unreadable)
        self.substitutions = substitutions
        summary = CheckReport.Summary(rows: rows, titles: entries.count, substitutions: substitutions)
    }

    /// What the CLI says of a file whose titles' language neither its path nor its contents
    /// say, measured in `language` (`--language`) or in none.
    public static func unknownLanguageNote(file: String, language: String?) -> String {
        "note: \(file): no language in its path or contents; "
            + (language.map { "measured in \($0) (--language)" } ?? "measured with no language")
    }

    /// The titles of the plan's files that the plan admits, placeholders filled; the files that
    /// could not be read, each with the index of the entry it stands before; and the files, each
    /// once, with an admitted title of no language.
    /// - Throws: `CheckPlan.Problem` naming a `--key` or `--only-language` filter that matches
    ///   no title of the files read: a typo would otherwise pass as a clean check.
    static func entries(
        _ plan: CheckPlan
    ) throws -> (entries: [TitleEntry], unreadable: [(Int, TitleFileError)], unknownLanguage: [String]) {
        var entries: [TitleEntry] = []
        var unreadable: [(Int, TitleFileError)] = []
        var unknownLanguage: [String] = []
        var unmatched = plan.filters
        for file in plan.files {
            do {
                let read = try TitleFile.read(file, format: plan.inputFormat)
                if !unmatched.isEmpty { unmatched.removeAll { filter in read.contains { filter.matches($0) } } }
                let admitted = read.filter(plan.admits)
                if admitted.contains(where: { $0.language == nil }), !unknownLanguage.contains(file) {
                    unknownLanguage.append(file)
                }
                entries += admitted.map { $0.expandingPlaceholders(plan.samples) }
            } catch {
                unreadable.append((entries.count, error))
            }
        }
        if let filter = unmatched.first {
            throw CheckPlan.Problem(description: "\(filter) matches no title of the files checked")
        }
        return (entries, unreadable, unknownLanguage)
    }

    /// `measured` (a row per entry and look, `looks` of them per entry) with a row for each
    /// unreadable file put where its entries would be.
    private static func merging(
        _ measured: [CheckRow], looks: Int, unreadable: [(Int, TitleFileError)]
    ) -> [CheckRow] {
        guard !unreadable.isEmpty else { return measured }
        var rows: [CheckRow] = []
        rows.reserveCapacity(measured.count + unreadable.count)
        var pending = unreadable[...]
        for (index, row) in measured.enumerated() {
            while let (before, error) = pending.first, before * looks <= index {
                rows.append(CheckRow(unreadable: error))
                pending = pending.dropFirst()
            }
            rows.append(row)
        }
        rows += pending.map { CheckRow(unreadable: $0.1) }
        return rows
    }
}
