import ChevronSupport

/// `--format github`: GitHub Actions workflow commands (`::warning file=…,line=…,title=…::message`),
/// `::error` for the problems `--fail-on` names. GitHub shows at most 10 error and 10 warning
/// annotations of a step (and 50 of a job): the most severe problems are annotated, and a
/// `::notice::` says how many more there are; the job summary (`GITHUB_STEP_SUMMARY`,
/// `LanguageSummary.markdown`) counts them all.
public enum CheckGitHub {
    /// The annotations of each kind GitHub shows for a step.
    public static let annotationsPerKind = 10

    /// A command per problem no baseline accepts, the most severe first, at most
    /// `annotationsPerKind` errors and as many warnings; then a notice for the rest.
    public static func lines(
        _ rows: [CheckRow], failOn: [CheckPlan.FailOn], limit: Int = annotationsPerKind
    ) -> [String] {
        // The most severe `limit` errors and `limit` warnings (by weight, the widest overflow
        // first, then in report order), kept as the rows are read, annotated in the report's
        // order; `order` is the problem's place in the report.
        typealias Candidate = (weight: Int, overflow: Double, order: Int, row: Int, problem: CheckProblem)
        func less(_ a: Candidate, _ b: Candidate) -> Bool {
            (a.weight, -a.overflow, a.order) < (b.weight, -b.overflow, b.order)
        }
        var errors = SmallestElements<Candidate>(capacity: limit, less: less)
        var warnings = SmallestElements<Candidate>(capacity: limit, less: less)
        var problemCount = 0
        // Looks that show the same for a title are annotated once, named together.
        let table = CheckTable.tableLines(rows)
        var looks: [Int: String] = [:]
        for line in table { if let joined = line.looks { looks[line.index] = joined } }
        for line in table {
            let (index, row) = (line.index, rows[line.index])
            for problem in row.newProblems {
                let candidate = (problem.weight, row.overBy, problemCount, index, problem)
                if problem.fails(under: failOn) { errors.offer(candidate) } else { warnings.offer(candidate) }
                problemCount += 1
            }
        }
        let chosen = (errors.elements + warnings.elements).sorted { $0.order < $1.order }
        let leftOut = problemCount - chosen.count
        var lines: [String] = []
        for candidate in chosen {
            let (row, problem) = (rows[candidate.row], candidate.problem)
            let isError = problem.fails(under: failOn)
            var properties = ["file=\(property(row.file))"]
            if row.line > 0 { properties.append("line=\(row.line)") }
            let named = looks[candidate.row] ?? row.slot
            let look = named.isEmpty ? "" : " (\(named))"
            properties.append("title=\(property("chevron check: \(problem.rawValue)\(look)"))")
            lines.append(
                "::\(isError ? "error" : "warning") \(properties.joined(separator: ","))::"
                    + data(problem.message(row, looks: looks[candidate.row])))
        }
        if leftOut > 0 {
            lines.append(
                "::notice title=chevron check::\(leftOut) more \(leftOut == 1 ? "problem is" : "problems are") not "
                    + "annotated (GitHub shows \(limit) errors and \(limit) warnings a step); the report lists them all"
            )
        }
        return lines
    }

    /// A command's message: `%`, CR and LF escaped, as the runner reads them; other control
    /// and bidirectional characters written as escapes (`escapingControls`).
    public static func data(_ text: String) -> String {
        escaped(text.escapingControls(keepingLineBreaks: true), alsoSeparators: false)
    }

    /// A command's property value: also `:` and `,` escaped.
    public static func property(_ text: String) -> String {
        escaped(text.escapingControls(keepingLineBreaks: true), alsoSeparators: true)
    }

    /// `text` with `%`, CR and LF (and with `alsoSeparators`, `:` and `,`) percent-encoded, in
    /// one pass; most text has none of them and comes back as it is.
    private static func escaped(_ text: String, alsoSeparators: Bool) -> String {
        func code(_ byte: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "%"): "%25"
            case 0x0D: "%0D"
            case 0x0A: "%0A"
            case UInt8(ascii: ":") where alsoSeparators: "%3A"
            case UInt8(ascii: ",") where alsoSeparators: "%2C"
            default: nil
            }
        }
        guard text.utf8.contains(where: { code($0) != nil }) else { return text }
        var result = ""
        var start = text.startIndex
        for index in text.utf8.indices {
            guard let code = code(text.utf8[index]) else { continue }
            result += text[start..<index]
            result += code
            start = text.utf8.index(after: index)
        }
        result += text[start...]
        return result
    }
}
