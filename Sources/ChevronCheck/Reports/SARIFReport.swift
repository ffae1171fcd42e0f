/// `--format sarif`: SARIF 2.1.0 (`CheckSARIF`), the most severe `maxResults` problems.
public enum SARIFReport: ReportWriter {
    public static let format = CheckOutputFormat.sarif

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        let run = context.run
        var json = output.json()
        CheckSARIF.write(
            run.rows, failOn: run.failing, version: context.version,
            fingerprint: try await context.fingerprint().fingerprint, baselined: run.summary.baseline != nil,
            fixed: run.fixed, maxResults: context.plan.maxResults, to: &json)
        json.finish()
    }
}
