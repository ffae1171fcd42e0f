import ArgumentParser
import ChevronClient
import ChevronJSON
import ChevronVarlink

/// `chevron font`: which face a pattern resolves to, and its fallbacks.
struct FontCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "font",
        abstract: "Resolve a fontconfig pattern to a face and its fallback chain, as fc-match would.",
        discussion: "With --text, the fallbacks are the faces that text needs beyond the primary one."
    )

    @Argument(help: "A fontconfig pattern (Helvetica:bold, Noto Sans:weight=200).")
    var pattern: String

    @Option(name: .long, help: "Only list the fallbacks this text needs.")
    var text: String?

    @Option(name: .long, help: "A BCP 47 language tag (ja, zh-Hant, ar).")
    var language: String?

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
            let resolution = try await client.resolveFont(
                FontParameters(pattern: pattern, language: language), text: text)
            let report = FontJSON(resolution)
            if json {
                Output.printJSON(report.json)
                return
            }
            Output.line("\(report.family) \(report.style)  \(report.file) (face \(report.index))")
            if let missing = report.missing { Output.line("missing: \(missing)") }
            for (position, fallback) in resolution.fallbacks.enumerated() {
                Output.line("  \(position + 1). \(fallback.family) \(fallback.style)  \(fallback.file)")
            }
        }
    }
}

/// `chevron font --json`.
struct FontJSON {
    let family: String
    let style: String
    let file: String
    let index: Int
    let unitsPerEm: Int
    /// Each fallback as the reply gives it (`variations` for a variable face).
    let fallbacks: [JSONValue]
    let missing: Int?

    init(_ resolution: FontResolutionReply) {
        family = resolution.primary.family
        style = resolution.primary.style
        file = resolution.primary.file
        index = resolution.primary.index
        unitsPerEm = resolution.unitsPerEm
        fallbacks = resolution.fallbacks.map(\.tree)
        missing = resolution.missing
    }

    /// The report as `--json` prints it.
    var json: JSONValue {
        .members([
            "family": .string(family), "style": .string(style), "file": .string(file), "index": .int(index),
            "unitsPerEm": .int(unitsPerEm), "fallbacks": .array(fallbacks), "missing": missing.map(JSONValue.int),
        ])
    }
}
