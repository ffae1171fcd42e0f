/// `--format junit`: JUnit XML (`CheckJUnit`), a suite per file and look.
public enum JUnitReport: ReportWriter {
    public static let format = CheckOutputFormat.junit

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        let run = context.run
        output.writeLines { CheckJUnit.write(run.rows, looks: run.looks, failOn: run.failing, to: $0) }
    }
}
