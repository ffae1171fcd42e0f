import ArgumentParser
import ChevronClient
import ChevronJSON

/// `chevron measure`: the width and runs of one line of text.
struct MeasureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure one line of text: width, ascent, descent, line height and the runs shaped.",
        discussion: "Run ranges are UTF-16 code unit offsets, end exclusive."
    )

    @Argument(help: "The text to measure.")
    var text: String

    @OptionGroup var fontOptions: FontOptions

    @Option(name: .long, parsing: .unconditional, help: "Truncate with an ellipsis to fit this width in points.")
    var maxWidth: Double?

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        try Output.requireFinite(maxWidth, option: "max-width")
    }

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
            let request = fontOptions.request
            let measurement = try await client.measureText(text, font: request)
            var truncation: TruncationReply?
            if let maxWidth { truncation = try await client.truncate(text, font: request, maxWidth: maxWidth) }
            let report = MeasureJSON(measurement, truncation: truncation)
            if json {
                Output.printJSON(report.json)
            } else {
                printTable(report)
            }
        }
    }

    private func printTable(_ report: MeasureJSON) {
        Output.line("width       \(Output.points(report.width)) pt")
        Output.line("ascent      \(Output.points(report.ascent)) pt")
        Output.line("descent     \(Output.points(report.descent)) pt")
        Output.line("line height \(Output.points(report.lineHeight)) pt")
        Output.line("missing     \(report.missing)")
        if let displayed = report.displayed, let truncated = report.truncated {
            Output.line("displayed   \(displayed)\(truncated ? "  (truncated)" : "")")
        }
        for run in report.runs {
            let range = "\(run.start)..<\(run.end)".padding(12)
            let glyphs = "\(run.glyphs) glyphs".padding(11)
            let width = "\(Output.points(run.width)) pt".padding(12)
            Output.line(
                "run  \(range)\(run.script) \(run.direction)  \(glyphs)\(width)\(run.family) \(run.style)  \(run.file)")
        }
    }
}

/// `chevron measure --json`.
struct MeasureJSON {
    struct Run {
        let file: String
        let family: String
        let style: String
        let index: Int
        let start: Int
        let end: Int
        let glyphs: Int
        let width: Double
        let script: String
        let direction: String
    }

    let width: Double
    let ascent: Double
    let descent: Double
    let lineHeight: Double
    let direction: String
    let runs: [Run]
    let missing: Int
    let displayed: String?
    let displayedWidth: Double?
    let truncated: Bool?

    init(_ measurement: MeasurementReply, truncation: TruncationReply?) {
        width = measurement.width
        ascent = measurement.ascent
        descent = measurement.descent
        lineHeight = measurement.lineHeight
        direction = measurement.direction.rawValue
        missing = measurement.missing
        runs = measurement.runs.map { run in
            Run(
                file: run.face.file, family: run.face.family, style: run.face.style, index: run.face.index,
                start: run.start, end: run.end, glyphs: run.glyphs, width: run.width, script: run.script,
                direction: run.direction.rawValue)
        }
        displayed = truncation?.displayed
        displayedWidth = truncation?.width
        truncated = truncation?.truncated
    }

    /// The report as `--json` prints it.
    var json: JSONValue {
        .members([
            "width": .number(width), "ascent": .number(ascent), "descent": .number(descent),
            "lineHeight": .number(lineHeight), "direction": .string(direction),
            "runs": .array(
                runs.map { run in
                    .members([
                        "file": .string(run.file), "family": .string(run.family), "style": .string(run.style),
                        "index": .int(run.index), "start": .int(run.start), "end": .int(run.end),
                        "glyphs": .int(run.glyphs), "width": .number(run.width), "script": .string(run.script),
                        "direction": .string(run.direction),
                    ])
                }),
            "missing": .int(missing), "displayed": displayed.map(JSONValue.string),
            "displayedWidth": displayedWidth.map(JSONValue.number), "truncated": truncated.map(JSONValue.bool),
        ])
    }
}
