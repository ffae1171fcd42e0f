import ArgumentParser
import ChevronClient
import ChevronJSON

/// `chevron reload`: re-read look manifests and rescan fonts.
struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Make chevrond re-read its look manifests and rescan the fonts (root or its own user).",
        discussion: "A broken manifest keeps its previous look; its problem is listed and the exit status is 0.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        try await Output.reportingErrors {
            let outcome = try await connection.client(fallback: false).reload()
            let report = ReloadJSON(
                generation: outcome.generation, looks: outcome.looks,
                problems: outcome.problems.map { "\($0.file): \($0.field): \($0.reason)" })
            if json {
                Output.printJSON(report.json)
                return
            }
            Output.line("generation \(report.generation): \(report.looks.joined(separator: ", "))")
            for problem in report.problems { Output.line("problem: \(problem)") }
        }
    }
}

/// `chevron reload --json`.
struct ReloadJSON {
    let generation: Int
    let looks: [String]
    let problems: [String]

    /// The report as `--json` prints it.
    var json: JSONValue {
        .members([
            "generation": .int(generation), "looks": .array(looks.map(JSONValue.string)),
            "problems": .array(problems.map(JSONValue.string)),
        ])
    }
}
