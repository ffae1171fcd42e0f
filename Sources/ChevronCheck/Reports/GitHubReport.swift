import ChevronSupport
import Foundation

/// `--format github`: workflow commands (`CheckGitHub`), and the job summary
/// (`LanguageSummary.markdown`) appended to `GITHUB_STEP_SUMMARY` where GitHub gives one.
public enum GitHubReport: ReportWriter {
    public static let format = CheckOutputFormat.github

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        let run = context.run
        output.writeLines(CheckGitHub.lines(run.rows, failOn: run.failing))
        // The job summary: every count the annotations cannot hold.
        if let path = context.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            let markdown = LanguageSummary.markdown(
                run.languages, baselined: run.summary.baseline != nil, measuredFor: CheckSlot.measuredFor(run.slots))
            // A job summary that cannot be written is a report that cannot be: exit 2.
            if let reason = append(markdown, to: path) { throw ReportFile.Failure(path: path, reason: reason) }
        }
        if let counts = run.summary.baseline {
            output.writeLines([
                "::notice title=chevron check%3A baseline::\(counts.accepted) problems are in the baseline "
                    + "(not annotated); \(counts.fixed) of its problems are fixed since it"
            ])
        }
    }

    /// Appends `text` to the file at `path`, made when missing (other steps write the job summary
    /// too); nil, or why a write failed.
    static func append(_ text: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        func failure() -> String { "the job summary cannot be written (\(String(cString: strerror(errno))))" }
        guard descriptor >= 0 else { return failure() }
        defer { close(descriptor) }
        return FileIO.writeAll(descriptor, text) ? nil : failure()
    }
}
