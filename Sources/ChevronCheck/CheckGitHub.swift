import ChevronText
/// `--format github`: a GitHub Actions workflow command per problem
/// (`::warning file=…,line=…,title=…::message`), `::error` for those `--fail-on` names.
public enum CheckGitHub {
    public static func lines(_ rows: [CheckRow], failOn: [CheckPlan.FailOn]) -> [String] {
        var lines: [String] = []
        for row in rows {
            // A problem the baseline accepts is not annotated.
            for problem in row.newProblems {
                let command = problem.fails(under: failOn) ? "error" : "warning"
                var properties = ["file=\(property(row.file))"]
                if row.line > 0 { properties.append("line=\(row.line)") }
                let look = row.look.isEmpty ? "" : " (\(row.look))"
                properties.append("title=\(property("chevron check: \(problem.rawValue)\(look)"))")
                lines.append("::\(command) \(properties.joined(separator: ","))::\(data(problem.message(row)))")
            }
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
