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

    /// Notes that `fit` (a `result: "fit"` answer, which names no file) was measured with a
    /// substitute when its look has no entry yet: `resolve` asks `request` again for the font.
    public mutating func note(_ fit: FitReply, asked request: SizeParameters) {
        guard fit.substituted, !entries.contains(where: { $0.look == fit.look }),
            !unresolved.contains(where: { $0.look == fit.look })
        else { return }
        unresolved.append((fit.look, request))
    }

    /// Looks noted from a fit, with the request to ask for their font's whole description.
    private var unresolved: [(look: String, request: SizeParameters)] = []

    /// Asks `client` for the layout of each look noted from a fit only, and notes its font.
    public mutating func resolve(with client: ChevronClient) async throws {
        let asks = unresolved
        unresolved = []
        for ask in asks where !entries.contains(where: { $0.look == ask.look }) {
            note(try await client.size(ask.request))
        }
    }

    /// Adds `other`'s entries for looks that have none yet.
    public mutating func merge(_ other: SubstitutionLog) {
        for entry in other.entries where !entries.contains(where: { $0.look == entry.look }) { entries.append(entry) }
        for ask in other.unresolved
        where !entries.contains(where: { $0.look == ask.look }) && !unresolved.contains(where: { $0.look == ask.look }) {
            unresolved.append(ask)
        }
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
