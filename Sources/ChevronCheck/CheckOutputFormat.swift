/// How `chevron check` reports its rows: a table, JSON, SARIF 2.1.0, JUnit XML, GitHub
/// Actions annotations or an HTML page with the buttons drawn (`CheckHTML`). Every format is
/// followed by the same one-line summary.
public enum CheckOutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, junit, github, html

    /// Whether the summary line goes to standard error, leaving standard output to a document
    /// another tool parses.
    public var summaryOnStandardError: Bool { self == .json || self == .sarif || self == .junit || self == .html }
}
