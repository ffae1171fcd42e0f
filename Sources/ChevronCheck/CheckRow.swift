import ChevronClient
import ChevronJSON
import ChevronSupport
import Foundation

/// One title in one look, as `check --json` prints it.
///
/// A row is a view of its run's `CheckRowStore`: its entry's fields (file, key, title,
/// language) and its answer are kept there once, and the row holds their indices, its look's
/// and its problems.
public struct CheckRow: Sendable {
    let store: CheckRowStore
    let entryIndex: UInt32
    let outcomeIndex: UInt32
    /// The look's index in the store, or `CheckRowStore.noLook` (an unreadable file's row).
    let lookIndex: UInt16

    /// The row's problems a baseline holds (`--baseline`): accepted, not failing the run.
    public internal(set) var accepted = ProblemSet()

    /// The row's problems (`CheckProblem.of`), worked out when it is made.
    public private(set) var problems = ProblemSet()

    public var file: String { store.entries[Int(entryIndex)].file }
    public var line: Int { store.entries[Int(entryIndex)].line }
    public var key: String { store.entries[Int(entryIndex)].key }
    public var title: String { store.entries[Int(entryIndex)].title }
    public var look: String { lookIndex == CheckRowStore.noLook ? "" : store.looks[Int(lookIndex)].name }
    /// The device the row was measured on, for a look its bar sizes (modern); nil for the others.
    public var device: String? { lookIndex == CheckRowStore.noLook ? nil : store.looks[Int(lookIndex)].device }
    /// A project file's device's width, sent as the bar's width (nil for a built-in device).
    public var barWidth: Double? { lookIndex == CheckRowStore.noLook ? nil : store.looks[Int(lookIndex)].barWidth }
    /// How reports name the row's column: its look, and its device when the check measured
    /// several (`modern@iphone-16`); what groups, baselines and tables key rows by.
    public var slot: String { lookIndex == CheckRowStore.noLook ? "" : store.looks[Int(lookIndex)].label }
    public var width: Double? {
        let outcome = store.outcomes[Int(outcomeIndex)]
        return outcome.flags & CheckRowStore.Outcome.hasWidth != 0 ? outcome.width : nil
    }
    public var maxWidth: Double { ownMaximum ?? lookMaximum }
    public var truncated: Bool { store.outcomes[Int(outcomeIndex)].flags & CheckRowStore.Outcome.truncated != 0 }
    public var displayedTitle: String { store.displayed(outcomeIndex, title: title) }
    public var titleSource: String { store.sources[Int(store.outcomes[Int(outcomeIndex)].source)] }
    public var missingGlyphs: Int {
        let missing = store.outcomes[Int(outcomeIndex)].missingGlyphs
        return missing == UInt16.max ? store.rare[outcomeIndex]?.missingGlyphs ?? 0 : Int(missing)
    }
    public var language: String? { store.entries[Int(entryIndex)].language }
    /// Whether `maxWidth` is the entry's own limit (an XLIFF unit's maxwidth, smaller than the look's
    /// maximum), not the look's: which of the two limits holds the title.
    public var ownLimit: Bool { ownMaximum != nil }
    /// The look's minimum width when the entry's own limit is below it: no button of the look is
    /// that narrow, so the row is over its own limit whatever its title (measured at the minimum).
    public var lookMinimum: Double? {
        guard let ownMaximum, lookIndex != CheckRowStore.noLook else { return nil }
        let minimum = store.looks[Int(lookIndex)].minimum
        return ownMaximum < minimum ? minimum : nil
    }
    /// Whether the title is not shown whole within a limit its own file sets, or that limit is
    /// below the look's minimum (`lookMinimum`).
    public var overOwnLimit: Bool { ownLimit && (isCut || lookMinimum != nil) }
    /// The title as the file writes it, when placeholders in it were filled with samples or its
    /// markup was taken out.
    public var template: String? { extra?.template }
    /// Whether the title's markup styled a run (bold, italic, code) that is measured in the
    /// title's face: such a run may be wider on a device.
    public var styled: Bool { extra?.styled ?? false }
    public var error: String? {
        guard store.outcomes[Int(outcomeIndex)].flags & CheckRowStore.Outcome.hasRare != 0 else { return nil }
        return store.rare[outcomeIndex]?.error
    }
    /// Whether the title holds a line break: a one-line label shows its first line and "…"
    /// (`LineBreaks`).
    public var lineBreak: Bool { store.entries[Int(entryIndex)].lineBreak }
    /// The width the button would need to show the title measured whole (nil for an error): how
    /// far over its limit a cut or replaced title is (`overBy`).
    public var neededWidth: Double? {
        let outcome = store.outcomes[Int(outcomeIndex)]
        return outcome.flags & CheckRowStore.Outcome.hasNeededWidth != 0 ? outcome.neededWidth : nil
    }

    /// How many points the title is over the row's limit (0 when it fits): `neededWidth − maxWidth`.
    /// (Not `overflow`: that is a request's overflow policy.)
    public var overBy: Double { max(0, (neededWidth ?? 0) - maxWidth) }

    /// The margin of the row's look and device: what a title shown whole must leave below its
    /// limit when the look's font was substituted (`CheckSlot.margin`), 0 with the real font.
    public var margin: Double { lookIndex == CheckRowStore.noLook ? 0 : store.looks[Int(lookIndex)].margin }

    /// Whether the title is shown whole but within the margin of its limit: measured in a
    /// stand-in face, it may not fit on a device.
    public var nearLimit: Bool {
        guard margin > 0, !isCut, error == nil, let needed = neededWidth ?? width else { return false }
        return needed > maxWidth - margin
    }

    /// The row's problems that no baseline accepts: those that fail a run, and that reports
    /// annotate.
    public var newProblems: [CheckProblem] { problems.subtracting(accepted).members }

    /// Whether the row has a problem no baseline accepts.
    public var hasNewProblems: Bool { !problems.subtracting(accepted).isEmpty }

    /// Whether the row stands for a file that could not be read (`error` says why).
    public var isUnreadableFile: Bool { store.entries[Int(entryIndex)].isUnreadableFile }
    /// For a variation of a string with several plural substitutions, the string's key
    /// (`TitleEntry.alternativesOf`): a check keeps the widest variation per look.
    public var alternativesOf: String? { extra?.alternativesOf }
    /// The limits on the title's length its file sets (an XLIFF unit's `maxwidth` in characters or
    /// bytes, XLIFF 2.0's restrictions), each with the title's length in its unit.
    public var lengthChecks: [LengthCheck] { extra?.lengthChecks ?? [] }

    /// Whether the title is longer than a length limit of its own allows.
    public var overLength: Bool { extra?.lengthChecks.contains(where: \.isOver) ?? false }

    /// The entry's less common fields, when it has some.
    private var extra: CheckRowStore.Extra? {
        let index = store.entries[Int(entryIndex)].extra
        return index < 0 ? nil : store.extras[Int(index)]
    }

    /// The look's limit: the room the row's bar left the button (its device's, beside its
    /// screen's title when the project pairs them), else the look's maximum width (0 for an
    /// unreadable file's row).
    private var lookMaximum: Double {
        guard lookIndex != CheckRowStore.noLook else { return 0 }
        let room = store.outcomes[Int(outcomeIndex)].room
        return room > 0 ? room : store.looks[Int(lookIndex)].maximum
    }

    /// The entry's own width limit where it holds the row (`ownLimit(_:lookMaximum:)`).
    private var ownMaximum: Double? {
        let index = store.entries[Int(entryIndex)].extra
        guard index >= 0, let own = store.extras[Int(index)].maximumWidth else { return nil }
        return own < lookMaximum ? own : nil
    }

    /// The row of `entry` in `look` of `store`, its answer `outcome`.
    init(_ store: CheckRowStore, entry: Int, look: UInt16, outcome: UInt32) {
        self.store = store
        entryIndex = UInt32(entry)
        lookIndex = look
        outcomeIndex = outcome
        problems = CheckProblem.set(of: self)
    }

    /// - Parameter language: the language the title was measured in (the file's, else `--language`).
    /// - Parameter lookMaximum: the look's maximum width; the row is held to the entry's own
    ///   limit where that is smaller.
    public init(_ entry: TitleEntry, look: String, lookMaximum: Double, language: String?, outcome: CheckOutcome) {
        var builder = CheckRowStoreBuilder()
        builder.append(entry, language: language)
        let index = builder.append(outcome)
        self.init(
            builder.store(looks: [CheckRowStore.Look(name: look, maximum: lookMaximum)]), entry: 0, look: 0,
            outcome: index)
    }

    /// The entry's own width limit (an XLIFF unit's `maxwidth`) when it is smaller than the look's
    /// maximum, which it then replaces; nil when the look's maximum is the smaller (or the same):
    /// a title is held to the smaller limit, and a larger one never lets it grow past the look's.
    public static func ownLimit(_ entry: TitleEntry, lookMaximum: Double?) -> Double? {
        guard let own = entry.maximumWidth else { return nil }
        guard let lookMaximum else { return own }
        return own < lookMaximum ? own : nil
    }

    /// A file that could not be read, where its titles would be: no key, look or width; the
    /// reason is its `error` (`FILE:LINE: reason` without the place).
    public init(unreadable problem: TitleFileError) {
        var builder = CheckRowStoreBuilder()
        builder.append(unreadable: problem)
        let index = builder.append(CheckOutcome(error: problem.reason))
        self.init(builder.store(looks: []), entry: 0, look: CheckRowStore.noLook, outcome: index)
    }
    /// The row as `check --json` writes it: every key on every row (`width` is null, not absent,
    /// when the engine refused the title), `template`, `error` and `lengthLimits` only when there
    /// is one; keys in sorted order.
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.member("device", device)
            json.member("displayedTitle", displayedTitle)
            if let error {
                json.member("error", error)
            }
            json.member("file", file)
            if isUnreadableFile {
                json.member("fileError", true)
            }
            if !accepted.isEmpty {
                json.array("inBaseline") { json in
                    for problem in CheckProblem.of(self) where accepted.contains(problem) {
                        json.element()
                        json.string(problem.rawValue)
                    }
                }
            }
            json.member("key", key)
            json.member("language", language)
            if !lengthChecks.isEmpty {
                json.array("lengthLimits") { json in
                    for check in lengthChecks {
                        json.element()
                        json.object { json in
                            json.member("length", check.length)
                            json.member("maximum", check.limit.maximum)
                            json.member("over", check.isOver)
                            json.member("setBy", check.limit.setBy)
                            json.member("unit", check.limit.unit.rawValue)
                        }
                    }
                }
            }
            json.member("line", line)
            json.member("lineBreak", lineBreak)
            json.member("look", look)
            if let lookMinimum {
                json.member("lookMinimum", lookMinimum)
            }
            json.member("maxWidth", maxWidth)
            json.member("missingGlyphs", missingGlyphs)
            json.member("nearLimit", nearLimit)
            // How far over: on every row whose title is not shown whole (cut or replaced).
            if isCut, error == nil, let neededWidth {
                json.member("neededWidth", Points.rounded(neededWidth))
                json.member("overBy", Points.rounded(overBy))
            }
            json.member("ownLimit", ownLimit)
            if styled {
                json.member("styled", true)
            }
            if let template {
                json.member("template", template)
            }
            json.member("title", title)
            json.member("titleSource", titleSource)
            json.member("truncated", truncated)
            json.member("width", width)
        }
    }

    /// What a user sees, in words. Missing glyphs come first: such a row never reads as fitting.
    public var shown: String {
        if isUnreadableFile { return "FILE NOT READ: \(error ?? "")" }
        if let error { return "error: \(error)" }
        let seen: String
        switch titleSource {
        case "title" where lineBreak: seen = "line break: \(displayedTitle)"
        case "title": seen = truncated ? "truncated: \(displayedTitle)" : "full title"
        case "none": seen = "the chevron alone"
        default: seen = "\(titleSource): \(displayedTitle)"
        }
        // How far over: what the whole title needs, and by how much that passes the limit.
        let over = isCut && overBy > 0 ? " (needs \(Points.text(neededWidth ?? 0)), +\(Points.text(overBy)))" : ""
        var limited = overOwnLimit ? "; OVER ITS OWN LIMIT" : ""
        if let lookMinimum { limited += " (\(look)'s button is at least \(Points.text(lookMinimum)) pt)" }
        for check in lengthChecks where check.isOver {
            limited +=
                "; OVER ITS LENGTH LIMIT (\(check.length) of \(check.limit.maximum) \(check.limit.unit.rawValue))"
        }
        if styled { limited += "; styled runs measured in the title's face" }
        if nearLimit {
            limited += "; near the limit (within a substituted font's \(Points.text(margin))-pt margin)"
        }
        // Every problem of the row is one a baseline accepts.
        let baseline = !accepted.isEmpty && !hasNewProblems ? "; in the baseline" : ""
        guard missingGlyphs > 0 else { return seen + over + limited + baseline }
        // Whatever is shown, its width is not the device's: the row never reads as fitting.
        return
            (seen == "full title" ? "MISSING GLYPHS (\(missingGlyphs))" : "MISSING GLYPHS (\(missingGlyphs)); \(seen)")
            + over + limited + baseline
    }

    /// Whether the title is not shown in full: cut, or replaced by another title or nothing.
    public var isCut: Bool { truncated || titleSource != "title" }

    /// Whether the row fails `--fail-on`.
    public func fails(_ rule: CheckPlan.FailOn) -> Bool {
        switch rule {
        case .truncate: isCut || overOwnLimit
        case .fallback: titleSource != "title"
        case .missing: missingGlyphs > 0
        case .limit: overOwnLimit || overLength
        case .lineBreak: lineBreak
        case .any: isCut || overOwnLimit || missingGlyphs > 0 || overLength
        case .nearLimit: nearLimit
        }
    }
}

/// What the engine answered for one title in one look, as a row needs it: the layout's few
/// fields, or why there is none. One answer serves every row that asks the same question.
public struct CheckOutcome: Sendable {
    public var width: Double?
    public var truncated = false
    public var displayedTitle = ""
    public var titleSource = "none"
    public var missingGlyphs = 0
    public var error: String?
    /// The width the button would need to show its title whole (the layout's `neededWidth`):
    /// for a title cut or replaced by the generic title, more than its limit.
    public var neededWidth: Double?
    /// The room the bar left the button, for a look its bar sizes (the layout's `bar.room`).
    public var room: Double?

    public init(_ result: SizeResultReply) {
        if let fit = result.fit {
            width = fit.width
            room = fit.bar?.room
            neededWidth = fit.neededWidth
            truncated = fit.truncated
            displayedTitle = fit.displayedTitle
            titleSource = fit.titleSource.rawValue
            missingGlyphs = fit.missingGlyphs
        } else if let layout = result.layout {
            width = layout.width
            room = layout.bar?.room
            // An older daemon's layout has no neededWidth: a cut title's is its width with the
            // title's frame replaced by the whole text's width.
            neededWidth = layout.neededWidth ?? (layout.width - layout.titleFrame.width + layout.textWidth)
            truncated = layout.truncated
            displayedTitle = layout.displayedTitle
            titleSource = layout.titleSource.rawValue
            missingGlyphs = layout.missingGlyphs
        }
        error = result.failure.map { failure in
            [failure.error, failure.parameter, failure.message].compactMap { $0 }
                .joined(separator: ": ")
        }
    }

    /// A title that was not sent: `error` says why (`io.chevron.Text.TextTooLong: …`).
    public init(error: String) {
        self.error = error
    }
}
