import ChevronClient

/// The looks whose requested font fontconfig replaced with another family, one entry per look,
/// in the order they were met: a run says each once.
public struct SubstitutionLog: Sendable {
    public private(set) var entries: [(look: String, font: BackButtonInterface.Font)] = []

    public init() {}

    /// Notes `layout`'s font when it was substituted and its look has no entry yet.
    public mutating func note(_ layout: LayoutReply) {
        guard layout.font.substituted, !entries.contains(where: { $0.look == layout.look }) else { return }
        entries.append((layout.look, layout.font))
    }

    /// Adds `other`'s entries for looks that have none yet.
    public mutating func merge(_ other: SubstitutionLog) {
        for entry in other.entries where !entries.contains(where: { $0.look == entry.look }) { entries.append(entry) }
    }

    /// The log with its entries in the order of `looks` (batches come back in any order; a
    /// report lists the looks as the run does).
    public func ordered(by looks: [String]) -> SubstitutionLog {
        var log = self
        log.entries.sort { (looks.firstIndex(of: $0.look) ?? .max) < (looks.firstIndex(of: $1.look) ?? .max) }
        return log
    }

    /// A line per substitution, as the CLI says them on standard error.
    public var messages: [String] {
        entries.compactMap { Self.message(look: $0.look, font: $0.font) }
    }

    /// One line for a look whose requested font was replaced by another family, or nil.
    public static func message(look: String, font: BackButtonInterface.Font) -> String? {
        guard font.substituted else { return nil }
        return "note: \(look) asks for \"\(font.requested)\"; no installed font is that family, so widths are "
            + "measured with \(font.family) \(font.style) (\(font.file)); provide the real font with "
            + "chevrond --fonts-dir DIR (or --local --fonts-dir DIR)"
    }
}
