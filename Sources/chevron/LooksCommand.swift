import ArgumentParser
import ChevronClient
import ChevronVarlink

/// `chevron looks`: the looks and their numbers.
struct LooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "looks", abstract: "List the looks with their numbers and where each came from.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
            var looks: [LookJSON] = []
            for summary in try await client.listLooks() {
                looks.append(LookJSON(try await client.describeLook(summary.name)))
            }
            if json {
                try Output.printJSON(looks)
                return
            }
            for look in looks {
                Output.line(
                    "\(look.name.padding(11))\(Output.points(look.height)) pt high, min \(Output.points(look.minimumWidth)), "
                        + "max \(Output.points(look.maximumWidth)), \(look.overflow)  \(look.summary)")
            }
        }
    }
}

/// One look as `chevron looks --json` shows it: DescribeLook's numbers and sources.
struct LookJSON: Encodable {
    let name: String
    let summary: String
    let animated: Bool
    let builtIn: Bool
    let file: String?
    let font: String
    let fontSize: Double
    let features: [String]
    let tracking: Double
    let height: Double
    let artWidth: Double
    let capInsets: JSONValue
    let titleInsets: JSONValue
    let alignment: String
    let padding: Double
    let minimumWidth: Double
    let maximumWidth: Double
    let overflow: String
    let chevronWidth: Double
    let colors: JSONValue
    let sources: [String: String]

    init(_ look: LookDescriptionReply) {
        name = look.name
        summary = look.summary
        animated = look.animated
        builtIn = look.builtIn
        file = look.file
        font = look.font
        fontSize = look.fontSize
        features = look.features
        tracking = look.tracking
        height = look.height
        artWidth = look.artWidth
        capInsets = look.capInsets.tree
        titleInsets = look.titleInsets.tree
        alignment = look.alignment.rawValue
        padding = look.padding
        minimumWidth = look.minimumWidth
        maximumWidth = look.maximumWidth
        overflow = look.overflow.rawValue
        chevronWidth = look.chevronWidth
        colors = look.colors.tree
        sources = look.sources
    }
}
