/// `--format json`: the rows and the summary (`CheckReport`), with the engine's fingerprint.
public enum JSONReport: ReportWriter {
    public static let format = CheckOutputFormat.json

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        let run = context.run
        var json = output.json()
        CheckReport(
            rows: run.rows, summary: run.summary, fingerprint: try await context.fingerprint(), fixed: run.fixed
        )
        .write(to: &json)
        json.finish()
    }
}
