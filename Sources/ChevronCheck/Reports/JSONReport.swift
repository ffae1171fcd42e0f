import ChevronClient
import ChevronJSON
import ChevronSupport
import Foundation

/// `--format json`: the rows and the summary (`CheckJSONDocument`), with the engine's fingerprint.
public enum JSONReport: ReportWriter {
    public static let format = CheckOutputFormat.json

    public static func write(_ context: ReportContext, to output: ReportOutput) async throws {
        let run = context.run
        var json = output.json()
        CheckJSONDocument(
            rows: run.rows, summary: run.summary, fingerprint: try await context.fingerprint(), fixed: run.fixed
        )
        .write(to: &json)
        json.finish()
    }
}

/// `check --json`'s document: the rows, the run's summary, the fingerprint, the problems fixed.
public struct CheckJSONDocument {
    public let rows: [CheckRow]
    public let summary: CheckSummary
    /// What the answers were measured with (`chevron fingerprint`): the same on every host that
    /// answers alike.
    public let fingerprint: Fingerprint

    /// The fingerprint and its parts (not the timing, which differs from run to run).
    public struct Fingerprint {
        let fingerprint: String
        let parts: ServiceInterface.FingerprintParts
    }

    /// With a baseline: its problems fixed since (`CheckRun.fixed`).
    public let fixed: [ProblemIdentity]

    public init(rows: [CheckRow], summary: CheckSummary, fingerprint: FingerprintReply, fixed: [ProblemIdentity] = []) {
        self.rows = rows
        self.summary = summary
        self.fingerprint = Fingerprint(fingerprint: fingerprint.fingerprint, parts: fingerprint.parts)
        self.fixed = fixed
    }

    /// The report as `check --json` prints it: `{fingerprint, rows, summary}` (and `fixed` with a
    /// baseline), keys sorted.
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.object("fingerprint") { json in
                json.member("fingerprint", fingerprint.fingerprint)
                json.object("parts") { json in
                    json.member("fontconfig", fingerprint.parts.fontconfig)
                    json.member("fonts", fingerprint.parts.fonts)
                    json.member("libraries", fingerprint.parts.libraries)
                    json.member("looks", fingerprint.parts.looks)
                }
            }
            if summary.baseline != nil {
                json.array("fixed") { json in
                    for problem in fixed {
                        json.element()
                        problem.write(to: &json)
                    }
                }
            }
            json.array("rows") { json in
                for row in rows {
                    json.element()
                    row.write(to: &json)
                }
            }
            json.key("summary")
            summary.write(to: &json)
        }
    }
}
