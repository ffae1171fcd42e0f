import ArgumentParser
import ChevronText

/// `chevron font`: which face a pattern resolves to, and its fallbacks.
struct FontCommand: ParsableCommand {
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

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        try Output.reportingErrors {
            let engine = try TextEngine()
            let request = FontRequest(pattern: pattern, size: 12, language: language)
            let resolution = try engine.resolve(request, text: text)
            let report = FontJSON(resolution, text: text)
            if json {
                try Output.printJSON(report)
                return
            }
            print("\(report.family) \(report.style)  \(report.file) (face \(report.index))")
            if let missing = report.missing { print("missing: \(missing)") }
            for (position, fallback) in report.fallbacks.enumerated() {
                print("  \(position + 1). \(fallback.family) \(fallback.style)  \(fallback.file)")
            }
        }
    }
}

/// `chevron font --json`.
struct FontJSON: Encodable {
    let family: String
    let style: String
    let file: String
    let index: Int
    let unitsPerEm: Int
    let fallbacks: [FaceJSON]
    let missing: Int?

    init(_ resolution: FontResolution, text: String?) {
        family = resolution.primary.family
        style = resolution.primary.style
        file = resolution.primary.file
        index = resolution.primary.index
        unitsPerEm = resolution.metrics.unitsPerEm
        fallbacks = resolution.fallbacks.map(FaceJSON.init)
        missing = text == nil ? nil : resolution.missing
    }
}
