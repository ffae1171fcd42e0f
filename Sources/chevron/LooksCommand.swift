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
            var looks: [LookDescriptionReply] = []
            for summary in try await client.listLooks() {
                looks.append(try await client.describeLook(summary.name))
            }
            if json {
                // Each look as DescribeLook gives it: every number, its art and its sources.
                Output.printJSON(.array(looks.map(\.tree)))
                return
            }
            for look in looks {
                Output.line(
                    "\(look.name.padding(11))\(Output.points(look.height)) pt high, min \(Output.points(look.minimumWidth)), "
                        + "max \(Output.points(look.maximumWidth)), \(look.overflow.rawValue)  \(look.summary)")
            }
        }
    }
}
