import ChevronClient

/// One whole check: the plan's files read, every title measured in every look, the rows and
/// their summary. The `chevron check` command prints what this returns; tests call it directly.
public struct CheckRun: Sendable {
    /// A row per title and look, in the files' order, then the looks'; a file that could not be
    /// read is a row of its own where its titles would have been.
    public let rows: [CheckRow]
    /// The looks checked, in order, as reports name them (`CheckSlot.label`: a look, or a look
    /// on a device when several devices are checked).
    public let looks: [String]
    /// The looks on their devices, in order, with their limits.
    public let slots: [CheckSlot]
    public let summary: CheckSummary
    /// The looks measured with a font other than the one they ask for.
    public let substitutions: SubstitutionLog
    /// The files, each once, in the plan's order, with titles measured whose language neither
    /// their path nor their contents say: they are measured in `--language`, else in none.
    public let unknownLanguageFiles: [String]
    /// The `--fail-on` rules that fail this run: each without a threshold, and each broken by
    /// more rows than its threshold (`--fail-on truncate>20`). Reports call the problems these
    /// rules fail errors, the others warnings.
    public let failing: [CheckPlan.FailOn]
    /// The run's counts per language and look (`LanguageSummary`), what needs attention first.
    public let languages: [LanguageSummary]

    /// With a baseline: the problems it holds that this run did not find, in rows it checked
    /// (the titles fixed since); sorted.
    public let fixed: [ProblemIdentity]
    /// What the run says besides its rows, a line each: files whose language is not found
    /// (`unknownLanguageFiles`), then strings with more combinations of plural forms than are
    /// measured.
    public let notes: [String]

    /// Reads the plan's files and measures their titles through `clients` (batches are spread
    /// over them; the first also answers the run's own questions: the looks, their limits).
    public init(_ plan: CheckPlan, clients: [ChevronClient], progress: (any CheckProgress)? = nil) async throws {
        precondition(!clients.isEmpty, "a check needs a client")
        let client = clients[0]
        var plan = try plan.canonicalizingLanguages()
        plan.files = CatalogueFolder.expanding(plan.files)
        let changed = try plan.changedSince.map { revision throws(CheckPlan.Problem) in
            try ChangedKeys(files: plan.files, since: revision, format: plan.inputFormat, limits: plan.limits)
        }
        let (entries, unreadable, untranslated, unknownLanguageFiles, unchanged, unselected, screenTitles) =
            try Self.entries(plan, changed: changed)
        self.unknownLanguageFiles = unknownLanguageFiles
        // A string's variations are one title.
        var titles = 0
        var notes = unknownLanguageFiles.map { Self.unknownLanguageNote(file: $0, language: plan.language) }
        if let revision = plan.changedSince {
            notes.append("note: --changed-since \(revision): \(unchanged) titles unchanged since it were left out")
        }
        var previous: String?
        for entry in entries {
            if entry.alternativesOf == nil || entry.alternativesOf != previous {
                titles += 1
                if let combinations = entry.combinations, combinations > PluralVariations.combinationLimit {
                    notes.append(
                        "note: \(entry.file): \(entry.alternativesOf ?? entry.key): \(combinations) combinations of "
                            + "plural forms; the first \(PluralVariations.combinationLimit) were measured")
                }
            }
            previous = entry.alternativesOf
        }
        // The entries in the rows' form, their fields kept once; the entries themselves are not
        // kept while the titles are measured.
        let table = CheckRowStoreBuilder(consume entries, language: plan.language)
        let lookNames = try await CheckMeasurer.chosenLooks(plan.looks, client: client)
        slots = try await CheckSlot.slots(
            looks: lookNames, devices: plan.deviceNames, project: plan.devices, client: client)
        looks = slots.map(\.label)
        var substitutions = SubstitutionLog()
        // Titles measured in a look their bar sizes with no screen to measure them beside.
        var withoutScreen = 0
        if slots.contains(where: { $0.device != nil }) {
            for entry in table.entries where !screenTitles.hasScreen(entry.key, plan: plan, language: entry.language) {
                withoutScreen += 1
            }
        }
        let measured = try await CheckMeasurer.measure(
            table, plan: plan, slots: slots, clients: clients, limits: try await client.limits(),
            screenTitles: screenTitles, substitutions: &substitutions, progress: progress)
        var rows = Self.widestAlternatives(Self.merging(measured, looks: slots.count, unreadable: unreadable))
        var baselineCounts: CheckSummary.BaselineCounts?
        if let path = plan.baseline {
            let baseline = try CheckBaseline.load(path, limit: plan.limits.fileMiB)
            (fixed, baselineCounts) = Self.compare(&rows, with: baseline)
        } else {
            fixed = []
        }
        self.rows = rows
        self.substitutions = substitutions.ordered(by: lookNames)
        var failing: [CheckPlan.FailOn] = []
        for rule in plan.failOn {
            guard let threshold = plan.failThresholds[rule] else {
                failing.append(rule)
                continue
            }
            var broken = 0
            for row in rows where row.newProblems.contains(where: { $0.failingRules.contains(rule) }) { broken += 1 }
            notes.append(
                "note: --fail-on \(rule.rawValue)>\(threshold): \(broken) rows break it"
                    + (broken > threshold ? ", over the threshold: it fails the run" : ", within the threshold"))
            if broken > threshold { failing.append(rule) }
        }
        self.failing = failing
        self.notes = notes
        var summary = CheckSummary(
            rows: rows, titles: titles, untranslated: untranslated, substitutions: self.substitutions,
            baseline: baselineCounts, leftOutBySelection: plan.selects ? unselected : nil)
        summary.withoutScreen = withoutScreen
        self.summary = summary
        languages = summary.languages
    }

    /// Every problem of the run, as a baseline records them (`--write-baseline`).
    public var baseline: CheckBaseline {
        CheckBaseline(problems: Set(rows.flatMap { row in CheckProblem.of(row).map { ProblemIdentity(row, $0) } }))
    }

    /// Whether the run fails under `rules`: a problem no baseline accepts fails one of them.
    public func fails(under rules: [CheckPlan.FailOn]) -> Bool {
        rows.contains { row in row.hasNewProblems && row.newProblems.contains { $0.fails(under: rules) } }
    }

    /// Marks the problems of `rows` that `baseline` holds as accepted; returns the baseline's
    /// problems found in none of them, among the rows checked (a problem of a file, key or look
    /// this run did not check is not fixed), and the counts.
    private static func compare(
        _ rows: inout [CheckRow], with baseline: CheckBaseline
    ) -> ([ProblemIdentity], CheckSummary.BaselineCounts) {
        var found: Set<ProblemIdentity> = []
        var checked: Set<[String]> = []
        var new = 0
        for index in rows.indices {
            let row = rows[index]
            checked.insert(ProblemIdentity(row, .error).place)
            for problem in CheckProblem.of(row) {
                let identity = ProblemIdentity(row, problem)
                if baseline.problems.contains(identity) {
                    rows[index].accepted.insert(problem)
                    found.insert(identity)
                } else {
                    new += 1
                }
            }
        }
        let fixed = baseline.problems.filter { !found.contains($0) && checked.contains($0.place) }.sorted()
        return (fixed, .init(new: new, accepted: found.count, fixed: fixed.count))
    }

    /// What the CLI says of a file whose titles' language neither its path nor its contents
    /// say, measured in `language` (`--language`) or in none.
    public static func unknownLanguageNote(file: String, language: String?) -> String {
        "note: \(file): no language in its path or contents; "
            + (language.map { "measured in \($0) (--language)" } ?? "measured with no language")
    }

    /// The titles of the plan's files that the plan admits, placeholders filled; the files that
    /// could not be read, each with the index of the entry it stands before; how many admitted
    /// titles the catalogues mark untranslated (left out); and the files, each once, with a
    /// title measured in no language of its own.
    /// - Throws: `CheckPlan.Problem` naming a `--key` or `--only-language` filter that matches
    ///   no title of the files read: a typo would otherwise pass as a clean check.
    static func entries(_ plan: CheckPlan, changed: ChangedKeys? = nil) throws -> (
        entries: [TitleEntry], unreadable: [(Int, TitleFileError)], untranslated: Int, unknownLanguage: [String],
        unchanged: Int, unselected: Int, screenTitles: ScreenTitles
    ) {
        // The titles of the screens back titles lead back from, selected or not.
        let screenKeys = Set(plan.screens.values.joined())
        var screenTitles = ScreenTitles()
        var entries: [TitleEntry] = []
        var untranslated = 0
        var unchanged = 0
        var unselected = 0
        var unreadable: [(Int, TitleFileError)] = []
        var unknownLanguage: [String] = []
        var unmatched = plan.filters
        func read(_ file: String) -> Result<[TitleEntry], TitleFileError> {
            Result { () throws(TitleFileError) in
                try TitleFile.read(file, format: plan.inputFormat, limits: plan.limits)
            }
        }
        // Every file is read before any is selected from only when a comment pattern selects
        // (a key's comment may be in another file of its set); else one file at a time.
        let reads = plan.titlesComment == nil ? nil : plan.files.map { ($0, read($0)) }
        // A key whose comment matches in its catalogue set is a title in every file of the set:
        // translations exported by Crowdin or Weblate keep no comments. The source file's comment
        // (the file in no language: Android's values/, Apple's Base.lproj) decides where it has
        // one, since a translation can keep a stale comment above the next string; else a
        // matching comment in any file of the set.
        var commented: Set<String> = []
        if plan.titlesComment != nil {
            var decided: [String: Bool] = [:]
            var anywhere: Set<String> = []
            for case (let file, .success(let read)) in reads ?? [] {
                let set = CatalogueFolder.set(ofFile: file)
                let isSource = TitleFile.language(ofPath: file) == nil
                for entry in read where entry.comment != nil {
                    let key = set + "\u{0}" + entry.baseKey
                    let matches = plan.commentMatches(entry)
                    if isSource, entry.language == nil {
                        decided[key] = (decided[key] ?? false) || matches
                    } else if matches {
                        anywhere.insert(key)
                    }
                }
            }
            commented = anywhere.filter { decided[$0] == nil }.union(decided.filter(\.value).keys)
        }
        for (index, file) in plan.files.enumerated() {
            do {
                let read = try (reads?[index].1 ?? read(file)).get()
                let set = CatalogueFolder.set(ofFile: file)
                if !unmatched.isEmpty { unmatched.removeAll { filter in read.contains { filter.matches($0) } } }
                for written in read where plan.isInLanguage(written) {
                    let entry = plan.markup == .shown ? written.showingMarkup() : written
                    if !screenKeys.isEmpty, !entry.isUntranslated,
                        let expanded = entry.expandingPlaceholders(plan.samples)
                    {
                        var measured = expanded
                        if measured.language == nil { measured.language = plan.language }
                        screenTitles.note(measured, keys: screenKeys)
                    }
                    let byComment = plan.titlesComment.map { _ in commented.contains(set + "\u{0}" + entry.baseKey) }
                    if !plan.isSelected(entry, commented: byComment) {
                        unselected += 1
                    } else if let changed, !changed.admits(entry) {
                        unchanged += 1
                    } else if entry.isUntranslated {
                        untranslated += 1
                    } else if let expanded = entry.expandingPlaceholders(plan.samples) {
                        if expanded.language == nil, !unknownLanguage.contains(file) { unknownLanguage.append(file) }
                        entries.append(expanded)
                    }
                }
            } catch {
                unreadable.append((entries.count, error))
            }
        }
        if let filter = unmatched.first {
            throw CheckPlan.Problem(description: "\(filter) matches no title of the files checked")
        }
        return (entries, unreadable, untranslated, unknownLanguage, unchanged, unselected, screenTitles)
    }

    /// `rows` with each string's variations (rows with the same `alternativesOf`, which follow one
    /// another) reduced to the widest in each look: an error wins, then the widest text that is
    /// cut, then the widest button.
    private static func widestAlternatives(_ rows: [CheckRow]) -> [CheckRow] {
        guard rows.contains(where: { $0.alternativesOf != nil }) else { return rows }
        var result: [CheckRow] = []
        result.reserveCapacity(rows.count)
        var index = 0
        while index < rows.count {
            guard let group = rows[index].alternativesOf else {
                result.append(rows[index])
                index += 1
                continue
            }
            var end = index
            while end < rows.count, rows[end].alternativesOf == group, rows[end].file == rows[index].file { end += 1 }
            var widest: [String: CheckRow] = [:]
            var order: [String] = []
            for row in rows[index..<end] {
                guard let best = widest[row.slot] else {
                    widest[row.slot] = row
                    order.append(row.slot)
                    continue
                }
                func rank(_ row: CheckRow) -> (Int, Int, Double) {
                    (row.error == nil ? 0 : 1, row.isCut ? 1 : 0, row.width ?? 0)
                }
                if rank(row) > rank(best) {
                    widest[row.slot] = row
                }
            }
            result += order.compactMap { widest[$0] }
            index = end
        }
        return result
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
