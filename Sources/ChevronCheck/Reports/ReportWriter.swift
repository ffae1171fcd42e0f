import CLinuxExtras
import ChevronClient
import ChevronJSON
import Foundation

/// A report of a check: one format, written with one signature. A new report is a file of its
/// own in `Reports/` holding a type that conforms, and one line in `ReportWriters.all`
/// (docs/architecture.md, "Where each kind of change goes").
public protocol ReportWriter: Sendable {
    /// The format it writes, as `--format` and `--output FORMAT=PATH` name it.
    static var format: CheckOutputFormat { get }
    /// Writes the report of `context` to `output`.
    /// - Throws: a client error when the engine cannot be reached (the html report draws).
    static func write(_ context: ReportContext, to output: ReportOutput) async throws
}

/// What every report is written from: the run, its plan, and what the caller knows of the
/// engine and the process.
public struct ReportContext {
    public let run: CheckRun
    public let plan: CheckPlan
    /// chevron's version, for SARIF's driver and the html footer.
    public let version: String
    /// The clients the run measured with (the html report draws its buttons through them).
    public let clients: [ChevronClient]
    /// The html report's choices (links, titles without a problem, pictures, one page).
    public let html: CheckHTML.Options
    /// The process's environment (GitHub's `GITHUB_STEP_SUMMARY`).
    public let environment: [String: String]
    /// How the text table on standard output prints keys: cut to stay distinct on a terminal,
    /// whole elsewhere (`CheckTable.KeyColumn`); a report written to a file has them whole.
    public var standardOutputKeys = CheckTable.KeyColumn.whole
    /// The engine's fingerprint, asked once however many reports show it.
    private let fingerprints: FingerprintOnce

    public init(
        run: CheckRun, plan: CheckPlan, version: String, clients: [ChevronClient], html: CheckHTML.Options,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        fingerprint: @escaping () async throws -> FingerprintReply
    ) {
        self.run = run
        self.plan = plan
        self.version = version
        self.clients = clients
        self.html = html
        self.environment = environment
        fingerprints = FingerprintOnce(fetch: fingerprint)
    }

    /// The engine's fingerprint (`chevron fingerprint`).
    public func fingerprint() async throws -> FingerprintReply {
        try await fingerprints.get()
    }
}

/// Fetches a fingerprint once.
private final class FingerprintOnce {
    private let fetch: () async throws -> FingerprintReply
    private var fetched: FingerprintReply?

    init(fetch: @escaping () async throws -> FingerprintReply) {
        self.fetch = fetch
    }

    func get() async throws -> FingerprintReply {
        if let fetched { return fetched }
        let reply = try await fetch()
        fetched = reply
        return reply
    }
}

/// Where one report's text goes: standard output (in order with the rest of the process's
/// output), or a file whose every write is checked. What a writer says besides its report (the
/// html report's "wrote DIR/index.html") is kept in `notes`, for standard error.
public final class ReportOutput {
    /// Standard output, or a path.
    public enum Destination: Equatable, Sendable {
        case standardOutput
        case path(String)
    }

    public let destination: Destination
    /// Lines for standard error, said once the reports are written.
    public internal(set) var notes: [String] = []
    private var file: ReportFile?

    /// An output to `destination`; a file is opened only when something is written to it.
    public init(_ destination: Destination) {
        self.destination = destination
    }

    private func openFile() -> ReportFile? {
        guard case .path(let path) = destination else { return nil }
        if file == nil { file = ReportFile(path) }
        return file
    }

    /// Writes `text`.
    public func write(_ text: String) {
        if let file = openFile() { return file.write(text) }
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, chevron_standard_output()) }
    }

    /// Writes `bytes`.
    public func write(_ bytes: [UInt8]) {
        if let file = openFile() { return file.write(bytes) }
        bytes.withUnsafeBufferPointer { buffer in
            _ = fwrite(buffer.baseAddress, 1, buffer.count, chevron_standard_output())
        }
    }

    /// Writes `lines`, each with its newline, a 64 KiB piece at a time.
    public func writeLines(_ lines: [String]) {
        var piece = ""
        piece.reserveCapacity(1 << 16)
        for line in lines {
            piece.append(line)
            piece.append("\n")
            if piece.utf8.count >= 1 << 16 {
                write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { write(piece) }
    }

    /// Writes what `produce` hands over as it hands it over: pieces of whole lines, each with its
    /// newline (`CheckTable.write`), never all of them at once.
    public func writeLines(_ produce: (_ write: (String) -> Void) -> Void) {
        produce { piece in write(piece) }
    }

    /// A JSON writer to this output.
    public func json() -> PrettyJSON {
        PrettyJSON { [self] bytes in write(bytes) }
    }

    /// Closes the file, when something was written to it.
    /// - Throws: `ReportFile.Failure` when a write failed.
    public func close() throws(ReportFile.Failure) {
        try file?.close()
    }
}

/// The reports `chevron check` writes, by format.
public enum ReportWriters {
    /// Every report, in `CheckOutputFormat`'s order.
    public static let all: [any ReportWriter.Type] = [
        TextReport.self, JSONReport.self, SARIFReport.self, JUnitReport.self, GitHubReport.self, HTMLReport.self,
    ]

    /// The writer of `format`.
    public static func writer(of format: CheckOutputFormat) -> any ReportWriter.Type {
        all.first { $0.format == format } ?? TextReport.self
    }

    /// Writes every report `reports` asks for. Returns the messages of those that could not be
    /// written (each a usage error of the run) and the notes the writers left for standard error.
    public static func write(_ reports: ReportPlan, context: ReportContext) async throws -> (
        failures: [String], notes: [String]
    ) {
        var failures: [String] = []
        var notes: [String] = []
        for report in reports.reports {
            let output = ReportOutput(report.destination)
            do {
                try await writer(of: report.format).write(context, to: output)
                try output.close()
            } catch let failure as CheckHTML.Failure {
                failures.append(failure.description)
            } catch let failure as ReportFile.Failure {
                failures.append(failure.description)
            }
            notes += output.notes
        }
        return (failures, notes)
    }
}
