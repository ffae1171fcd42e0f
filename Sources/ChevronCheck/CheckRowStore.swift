import ChevronSupport

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
        /// Whether its markup styled a run in a way that may change its width (`TitleEntry.styled`).
        var styled = false
    }

    /// One answer of the engine, or why there is none, in 24 bytes. Its displayed title is
    /// the title, or the title's start and "…", or an index into `texts`; an error, and more
    /// missing glyphs than 16 bits hold, are in `rare`.
    struct Outcome: Sendable {
        var width = 0.0
        var neededWidth = 0.0
        /// The room its bar left the button (its limit), 0 for a look with its own maximum.
        var room = 0.0
        /// `sameAsTitle`; `cut` and a count of the title's UTF-8 bytes; else an index into `texts`.
        var displayed: UInt32 = 0
        /// The missing glyphs, up to `UInt16.max - 1`; `UInt16.max`: in `rare`.
        var missingGlyphs: UInt16 = 0
        /// The title source's index in `sources`.
        var source: UInt8 = 0
        var flags: UInt8 = 0

        static let sameAsTitle = UInt32.max
        static let cut: UInt32 = 1 << 31
        static let truncated: UInt8 = 1
        static let hasWidth: UInt8 = 2
        static let hasNeededWidth: UInt8 = 4
        /// Set once an answer is in (a question's outcome is made before it is asked).
        static let answered: UInt8 = 8
        /// Set when `rare` holds the outcome's error or missing glyphs.
        static let hasRare: UInt8 = 16
    }

    /// What few outcomes have: an error, a count of missing glyphs over 16 bits.
    struct Rare: Sendable {
        var error: String?
        var missingGlyphs = 0
    }

    /// How an answer's displayed title relates to the title asked about, found where the
    /// answer comes in: the same bytes, the title's first bytes and "…", or neither.
    enum Shown: Sendable {
        case title
        case cut(Int)
        case text

        /// How `displayed` shows `title`.
        init(_ displayed: String, of title: String) {
            if displayed.utf8.elementsEqual(title.utf8) {
                self = .title
                return
            }
            let ellipsis = "…".utf8
            let count = displayed.utf8.count - ellipsis.count
            if count >= 0, count < Int(Outcome.sameAsTitle - Outcome.cut),
                displayed.utf8.suffix(ellipsis.count).elementsEqual(ellipsis),
                title.utf8.starts(with: displayed.utf8.prefix(count))
            {
                self = .cut(count)
                return
            }
            self = .text
        }
    }

    /// A look as its rows read it; unreadable files' rows have the look `CheckRowStore.noLook`.
    struct Look: Sendable {
        let name: String
        let maximum: Double
        /// The device, for a look its bar sizes (`CheckSlot`), and its width for a project's own.
        var device: String? = nil
        var barWidth: Double? = nil
        /// How reports name the column (`CheckSlot.label`); the look's name by default.
        var label: String
        /// The substitution margin (`CheckSlot.margin`).
        var margin = 0.0
        /// The device's bar width (`CheckSlot.deviceWidth`).
        var deviceWidth: Double?
        /// The look's minimum width (`CheckSlot.minimum`).
        var minimum = 0.0

        init(name: String, maximum: Double, device: String? = nil, barWidth: Double? = nil, label: String? = nil) {
            self.name = name
            self.maximum = maximum
            self.device = device
            self.barWidth = barWidth
            self.label = label ?? name
        }

        init(_ slot: CheckSlot) {
            self.init(
                name: slot.look, maximum: slot.maximum, device: slot.device, barWidth: slot.barWidth, label: slot.label)
            margin = slot.margin
            deviceWidth = slot.deviceWidth
            minimum = slot.minimum
        }
    }

    static let noLook = UInt16.max

    let entries: [Entry]
    let extras: [Extra]
    let looks: [Look]
    let outcomes: [Outcome]
    /// Displayed titles that are not the title or its start; the first is "".
    let texts: [String]
    /// The title sources (`title`, `generic`, `none`), each once; the first is "none".
    let sources: [String]
    /// By outcome, what few outcomes have (`Outcome.hasRare`).
    let rare: [UInt32: Rare]

    init(
        entries: [Entry], extras: [Extra], looks: [Look], outcomes: [Outcome], texts: [String], sources: [String],
        rare: [UInt32: Rare]
    ) {
        self.entries = entries
        self.extras = extras
        self.looks = looks
        self.outcomes = outcomes
        self.texts = texts
        self.sources = sources
        self.rare = rare
    }

    /// The displayed title of outcome `index` for a row whose title is `title`.
    func displayed(_ index: UInt32, title: @autoclosure () -> String) -> String {
        let displayed = outcomes[Int(index)].displayed
        if displayed == Outcome.sameAsTitle { return title() }
        if displayed >= Outcome.cut {
            return String(decoding: title().utf8.prefix(Int(displayed - Outcome.cut)), as: UTF8.self) + "…"
        }
        return texts[Int(displayed)]
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
            || !entry.lengthLimits.isEmpty || entry.problem != nil || entry.styled
        {
            extra = Int32(extras.count)
            extras.append(
                CheckRowStore.Extra(
                    template: entry.template, alternativesOf: entry.alternativesOf, maximumWidth: entry.maximumWidth,
                    lengthChecks: entry.lengthLimits.map { LengthCheck($0, entry: entry) }, problem: entry.problem,
                    styled: entry.styled))
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

    var rare: [UInt32: CheckRowStore.Rare] = [:]

    /// Keeps `outcome` as outcome `index` (which `outcomes` has); `shown` says how its displayed
    /// title relates to the title asked about.
    mutating func answer(_ index: UInt32, _ outcome: CheckOutcome, shown: CheckRowStore.Shown) {
        var stored = CheckRowStore.Outcome()
        if let width = outcome.width {
            stored.width = width
            stored.flags |= CheckRowStore.Outcome.hasWidth
        }
        if let needed = outcome.neededWidth {
            stored.neededWidth = needed
            stored.flags |= CheckRowStore.Outcome.hasNeededWidth
        }
        stored.room = outcome.room ?? 0
        if outcome.truncated { stored.flags |= CheckRowStore.Outcome.truncated }
        stored.flags |= CheckRowStore.Outcome.answered
        switch shown {
        case .title: stored.displayed = CheckRowStore.Outcome.sameAsTitle
        case .cut(let count): stored.displayed = CheckRowStore.Outcome.cut + UInt32(count)
        case .text:
            if !outcome.displayedTitle.isEmpty {
                stored.displayed = UInt32(texts.count)
                texts.append(outcome.displayedTitle)
            }
        }
        if outcome.error != nil || outcome.missingGlyphs >= Int(UInt16.max) || outcome.missingGlyphs < 0 {
            stored.flags |= CheckRowStore.Outcome.hasRare
            stored.missingGlyphs = UInt16.max
            rare[index] = CheckRowStore.Rare(error: outcome.error, missingGlyphs: outcome.missingGlyphs)
        } else {
            stored.missingGlyphs = UInt16(outcome.missingGlyphs)
        }
        if let source = sources.firstIndex(where: { $0.utf8.elementsEqual(outcome.titleSource.utf8) }) {
            stored.source = UInt8(source)
        } else {
            stored.source = UInt8(sources.count)
            sources.append(outcome.titleSource)
        }
        outcomes[Int(index)] = stored
    }

    /// Appends `outcome` (a displayed title of its own); returns its index.
    mutating func append(_ outcome: CheckOutcome) -> UInt32 {
        let index = UInt32(outcomes.count)
        outcomes.append(CheckRowStore.Outcome())
        answer(index, outcome, shown: .text)
        return index
    }

    /// The store, with `looks`.
    consuming func store(looks: [CheckRowStore.Look]) -> CheckRowStore {
        CheckRowStore(
            entries: entries, extras: extras, looks: looks, outcomes: outcomes, texts: texts, sources: sources,
            rare: rare)
    }
}
