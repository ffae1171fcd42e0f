import Testing

@testable import ChevronText

/// How the cuts of truncations were checked, found by checking each chosen cut again with the
/// check the engine cuts with (`TextEngine.checkCut`): the same measurement proves it is the check
/// that chose it, and its way is counted. Only the tests count; the engine keeps no tally.
struct CutWays {
    var spliced = 0
    /// Spliced checks that shaped the end of the prefix with the ellipsis (the cut was not clear).
    var partly = 0
    /// Spliced checks whose ellipsis is a run of its own after the cut run.
    var apart = 0
    var shaped = 0
    /// Runs the shaped checks took from the line's shaping instead of shaping them again.
    var reusedRuns = 0

    /// `engine.truncate`, its cut (when it made one) checked again and counted.
    mutating func truncate(
        _ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String = "…", engine: TextEngine,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Truncation {
        let cut = try engine.truncate(text, font: request, maxWidth: maxWidth, ellipsis: ellipsis)
        guard cut.truncated, !cut.displayed.isEmpty else { return cut }
        let session = engine.currentSession
        let shaper = try engine.shaper(for: request, in: session)
        let line = try shaper.measureLine(text).1
        let checked = try engine.checkCut(
            cut.displayed, cut: cut.displayed.utf8.count - ellipsis.utf8.count, line: line, ellipsis: ellipsis,
            shaper: shaper, request: request, generation: session.generation)
        #expect(checked.measurement == cut.measurement, "\(text) at \(maxWidth)", sourceLocation: sourceLocation)
        switch checked.way {
        case .spliced(let partly, let apart):
            spliced += 1
            if partly { self.partly += 1 }
            if apart { self.apart += 1 }
        case .shaped(let reused):
            shaped += 1
            reusedRuns += reused
        }
        return cut
    }
}
