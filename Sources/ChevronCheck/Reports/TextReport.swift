/// `--format text`: the table (`CheckTable`), the problems fixed since the baseline, the counts per
/// language and look when there are several, and, in a file, the summary line (standard output
/// has it after the notes).
public enum TextReport: ReportWriter {
    public static let format = CheckOutputFormat.text

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        let run = context.run
        let keys = output.destination == .standardOutput ? context.standardOutputKeys : .whole
        output.writeLines { CheckTable.write(run.rows, keys: keys, to: $0) }
        output.writeLines(run.fixed.map { "fixed since the baseline: \(CheckTable.describe($0))".escapingControls })
        // With languages and more than one language or look, their counts: what needs attention first.
        if run.languages.count > 1, run.languages.contains(where: { $0.language != nil }) {
            output.writeLines([""] + LanguageSummary.table(run.languages))
        }
        if output.destination != .standardOutput {
            output.writeLines([CheckSummaryLine.text(run.summary, slots: run.slots)])
        }
    }
}
