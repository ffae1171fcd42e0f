import ChevronText

/// What the rows of a check share, each kept once: an entry's file, key, title and language; a
/// look's name and maximum; an answer of the engine. A `CheckRow` is a few indices into it, so
/// that a check of 600,000 rows holds a few tens of bytes per row, not a copy of every field.
/// Never changed once made: rows read it from any thread.
final class CheckRowStore: Sendable {
    /// One title as its rows read it.
    struct Entry: Sendable {
        let file: String
        let key: String
        let title: String
        /// The language the title is measured in: its file's, else `--language`.
        let language: String?
        let line: Int
        /// The index of the entry's less common fields in `extras`, or -1 when it has none.
        let extra: Int32
        /// Whether the title holds a line break (`LineBreaks`).
        let lineBreak: Bool
        /// Whether the entry stands for a file that could not be read.
        let isUnreadableFile: Bool
    }

    /// What few entries have: a template, a limit of their own, a problem.
    struct Extra: Sendable {
        var template: String?
        var alternativesOf: String?
        var maximumWidth: Double?
        var lengthChecks: [LengthCheck] = []
        /// Why the title cannot be measured as its file writes it (`TitleEntry.problem`).
        var problem: String?
    }

    /// One answer of the engine, or why there is none, in 32 bytes: its texts are indices into
    /// `texts`, and a displayed title that is the title itself is not kept again.
    struct Outcome: Sendable {
        var width = 0.0
        var neededWidth = 0.0
        var missingGlyphs: Int32 = 0
        /// The displayed title's index in `texts`, or `sameAsTitle`.
        var displayed: UInt32 = 0
        /// The error's index in `texts`, or `noText`.
        var error = Outcome.noText
        /// The title source's index in `sources`.
        var source: UInt8 = 0
        var flags: UInt8 = 0

        static let sameAsTitle = UInt32.max
        static let noText = UInt32.max
        static let truncated: UInt8 = 1
        static let hasWidth: UInt8 = 2
        static let hasNeededWidth: UInt8 = 4
        /// Set once an answer is in (a question's outcome is made before it is asked).
        static let answered: UInt8 = 8
    }

    /// A look as its rows read it; unreadable files' rows have the look `CheckRowStore.noLook`.
    struct Look: Sendable {
        let name: String
        let maximum: Double
    }

    static let noLook = UInt16.max

    let entries: [Entry]
    let extras: [Extra]
    let looks: [Look]
    let outcomes: [Outcome]
    /// Displayed titles other than the title, and errors; the first is "".
    let texts: [String]
    /// The title sources (`title`, `generic`, `none`), each once; the first is "none".
    let sources: [String]

    init(
        entries: [Entry], extras: [Extra], looks: [Look], outcomes: [Outcome], texts: [String], sources: [String]
    ) {
        self.entries = entries
        self.extras = extras
        self.looks = looks
        self.outcomes = outcomes
        self.texts = texts
        self.sources = sources
    }
}

/// A store's parts while they are made: the entries first, then an outcome per question as its
/// answer comes in.
struct CheckRowStoreBuilder {
    var entries: [CheckRowStore.Entry] = []
    var extras: [CheckRowStore.Extra] = []
    var outcomes: [CheckRowStore.Outcome] = []
    var texts: [String] = [""]
    var sources: [String] = ["none"]

    /// The entries of `titles`, each measured in its own language, else in `language`.
    init(_ titles: [TitleEntry], language: String?) {
        entries.reserveCapacity(titles.count)
        for title in titles { append(title, language: title.language ?? language) }
    }

    init() {}

    /// Appends `entry`, measured in `language`.
    mutating func append(_ entry: TitleEntry, language: String?) {
        var extra: Int32 = -1
        if entry.template != nil || entry.alternativesOf != nil || entry.maximumWidth != nil
            || !entry.lengthLimits.isEmpty || entry.problem != nil
        {
            extra = Int32(extras.count)
            extras.append(
                CheckRowStore.Extra(
                    template: entry.template, alternativesOf: entry.alternativesOf, maximumWidth: entry.maximumWidth,
                    lengthChecks: entry.lengthLimits.map { LengthCheck($0, entry: entry) }, problem: entry.problem))
        }
        entries.append(
            CheckRowStore.Entry(
                file: entry.file, key: entry.key, title: entry.title, language: language, line: entry.line,
                extra: extra, lineBreak: LineBreaks.contains(entry.title), isUnreadableFile: false))
    }

    /// Appends a file that could not be read.
    mutating func append(unreadable problem: TitleFileError) {
        entries.append(
            CheckRowStore.Entry(
                file: problem.file, key: "", title: "", language: nil, line: problem.line, extra: -1, lineBreak: false,
                isUnreadableFile: true))
    }

    /// The entry's less common fields (none: all empty).
    func extra(of entry: Int) -> CheckRowStore.Extra? {
        let index = entries[entry].extra
        return index < 0 ? nil : extras[Int(index)]
    }

    /// `outcome` in the store's form; `sameAsTitle` says its displayed title is the title
    /// asked about, byte for byte.
    mutating func stored(_ outcome: CheckOutcome, sameAsTitle: Bool) -> CheckRowStore.Outcome {
        var stored = CheckRowStore.Outcome()
        if let width = outcome.width {
            stored.width = width
            stored.flags |= CheckRowStore.Outcome.hasWidth
        }
        if let needed = outcome.neededWidth {
            stored.neededWidth = needed
            stored.flags |= CheckRowStore.Outcome.hasNeededWidth
        }
        if outcome.truncated { stored.flags |= CheckRowStore.Outcome.truncated }
        stored.flags |= CheckRowStore.Outcome.answered
        stored.missingGlyphs = Int32(clamping: outcome.missingGlyphs)
        if sameAsTitle {
            stored.displayed = CheckRowStore.Outcome.sameAsTitle
        } else if !outcome.displayedTitle.isEmpty {
            stored.displayed = UInt32(texts.count)
            texts.append(outcome.displayedTitle)
        }
        if let error = outcome.error {
            stored.error = UInt32(texts.count)
            texts.append(error)
        }
        if let source = sources.firstIndex(where: { $0.utf8.elementsEqual(outcome.titleSource.utf8) }) {
            stored.source = UInt8(source)
        } else {
            stored.source = UInt8(sources.count)
            sources.append(outcome.titleSource)
        }
        return stored
    }

    /// Appends an outcome; returns its index.
    mutating func append(_ outcome: CheckOutcome, sameAsTitle: Bool = false) -> UInt32 {
        let made = stored(outcome, sameAsTitle: sameAsTitle)
        outcomes.append(made)
        return UInt32(outcomes.count - 1)
    }

    /// The store, with `looks`.
    consuming func store(looks: [CheckRowStore.Look]) -> CheckRowStore {
        CheckRowStore(
            entries: entries, extras: extras, looks: looks, outcomes: outcomes, texts: texts, sources: sources)
    }
}
