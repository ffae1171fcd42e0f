import Foundation

/// The reports one `chevron check` run writes: its format (`--format`, `--json`, the project
/// file's `format`) on standard output or to `-o PATH`, and each `--output FORMAT=PATH`, so that
/// CI checks once and writes every report it needs.
public struct ReportPlan: Sendable {
    public struct Report: Sendable {
        public let format: CheckOutputFormat
        public let destination: ReportOutput.Destination
    }

    /// The reports, the one on standard output (if any) first.
    public let reports: [Report]

    /// The reports asked for.
    /// - Parameters:
    ///   - format: the run's format (`CheckPlan.format`).
    ///   - chosen: whether a format was chosen (`--format`, `--json`, a project file's `format`);
    ///     without one, `--output FORMAT=PATH` reports leave standard output to the summary line.
    ///   - outputs: the `-o`/`--output` values, `PATH` (the format's report) or `FORMAT=PATH`.
    ///   - htmlOptions: the html report's options given (`--self-contained`, …), by name, with
    ///     whether `selfContained` is one of them.
    /// - Throws: `CheckPlan.Problem` for a report that cannot be written as asked.
    /// - Parameter writeBaseline: where the run writes its baseline (`--write-baseline`), which no
    ///   report may overwrite either.
    public init(
        format: CheckOutputFormat, chosen: Bool, outputs: [String], selfContained: Bool, htmlOptions: [String],
        writeBaseline: String? = nil
    ) throws(CheckPlan.Problem) {
        func problem(_ text: String) -> CheckPlan.Problem { CheckPlan.Problem(description: text) }
        var reports: [Report] = []
        var plain: [String] = []
        for value in outputs {
            if let equals = value.firstIndex(of: "="),
                let named = CheckOutputFormat(rawValue: String(value[..<equals]))
            {
                let path = String(value[value.index(after: equals)...])
                guard !path.isEmpty else { throw problem("--output \(value): give a path after the =") }
                reports.append(Report(format: named, destination: path == "-" ? .standardOutput : .path(path)))
            } else {
                plain.append(value)
            }
        }
        guard plain.count <= 1 else {
            throw problem(
                "-o \(plain[1]): one path for --format \(format); name the others' formats (--output sarif=out.sarif)")
        }
        if let path = plain.first {
            reports.insert(Report(format: format, destination: path == "-" ? .standardOutput : .path(path)), at: 0)
        } else if chosen || reports.isEmpty {
            reports.insert(Report(format: format, destination: .standardOutput), at: 0)
        }
        var seen: Set<String> = []
        var onStandardOutput: CheckOutputFormat?
        for report in reports {
            switch report.destination {
            case .standardOutput:
                if let other = onStandardOutput {
                    throw problem(
                        "the \(other) and \(report.format) reports would both go to standard output; give one a path")
                }
                onStandardOutput = report.format
                if report.format == .html, !selfContained {
                    throw problem(
                        "the html report is a folder with its pictures: give it one (-o DIR, --output html=DIR), "
                            + "or --self-contained for one page on standard output")
                }
            case .path(let path):
                guard seen.insert((path as NSString).standardizingPath).inserted else {
                    throw problem("\(path) is given for two reports")
                }
                if report.format == .html, !selfContained, path.lowercased().hasSuffix(".html") {
                    throw problem(
                        "\(path): the html report is a folder (index.html and buttons/); give a folder, or "
                            + "--self-contained to write one page with its pictures inline")
                }
            }
        }
        try Self.refuseOverlaps(reports, selfContained: selfContained, writeBaseline: writeBaseline)
        if !reports.contains(where: { $0.format == .html }), let option = htmlOptions.first {
            throw problem("\(option) is for the html report: add --format html or --output html=DIR")
        }
        self.reports = reports
    }

    /// Whether standard output holds a document another tool parses (or nothing): the summary
    /// line then goes to standard error, except when standard output has no report at all.
    public var summaryOnStandardError: Bool {
        guard let report = reports.first(where: { $0.destination == .standardOutput }) else { return false }
        return report.format.summaryOnStandardError
    }
}

/// The exit status of a check (docs/check-reference.md, "Exit status").
public enum CheckExitStatus {
    /// No problem that fails the run.
    public static let passed: Int32 = 0
    /// A problem a `--fail-on` rule names, that no baseline accepts.
    public static let failed: Int32 = 1
    /// A usage error: a file not read, a report not written, an option or project file wrong.
    public static let usage: Int32 = 2
    /// A title the engine could not measure.
    public static let engineError: Int32 = 4
}

extension CheckRun {
    /// The run's exit status, by what no baseline accepts: a file not read (2), a title not
    /// measured (4), a problem a `--fail-on` rule names (1), else 0. A report that could not be
    /// written is a usage error too, which its caller decides.
    public var exitStatus: Int32 {
        let fresh = rows.flatMap(\.newProblems)
        if fresh.contains(.unreadableFile) { return CheckExitStatus.usage }
        if fresh.contains(.error) { return CheckExitStatus.engineError }
        if fails(under: failing) { return CheckExitStatus.failed }
        return CheckExitStatus.passed
    }

    /// What standard error says of each file that could not be read, whatever the report.
    public var unreadableFileMessages: [String] {
        rows.filter(\.isUnreadableFile).map { row in
            let place = row.line > 0 ? "\(row.file):\(row.line)" : row.file
            return "chevron: \(place.escapingControls): \((row.error ?? "").escapingControls)"
        }
    }
}

extension ReportPlan {
    /// Refuses two outputs that are one file: the same path by another name (a hard or symbolic
    /// link: the same device and inode), the baseline written where a report goes, or a report
    /// written where the html report writes its page or pictures (`DIR/index.html`, `DIR/buttons/…`).
    static func refuseOverlaps(_ reports: [Report], selfContained: Bool, writeBaseline: String?) throws(CheckPlan
        .Problem)
    {
        var written: [(name: String, path: String)] = []
        for report in reports {
            guard case .path(let path) = report.destination else { continue }
            written.append(("the \(report.format) report", path))
        }
        if let writeBaseline, writeBaseline != "-" { written.append(("the baseline", writeBaseline)) }
        func identity(_ path: String) -> String? {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return "\(status.st_dev):\(status.st_ino)"
        }
        var seen: [String: String] = [:]
        for (name, path) in written {
            let normalized = TitleFile.normalizedPath(path)
            for key in [normalized, identity(path)].compactMap({ $0 }) {
                if let other = seen[key] {
                    throw CheckPlan.Problem(description: "\(path): \(name) and \(other) would be written to one file")
                }
                seen[key] = name
            }
        }
        for report in reports where report.format == .html && !selfContained {
            guard case .path(let folder) = report.destination else { continue }
            let root = TitleFile.normalizedPath(folder)
            for (name, path) in written where name != "the html report" {
                let normalized = TitleFile.normalizedPath(path)
                if normalized == root + "/index.html" || normalized.hasPrefix(root + "/buttons/") || normalized == root
                {
                    throw CheckPlan.Problem(
                        description: "\(path): \(name) would be written into the html report's folder \(folder)")
                }
            }
        }
    }
}
