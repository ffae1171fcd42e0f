import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronVarlink

/// `chevron looks`: the looks and their numbers.
struct LooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "looks", abstract: "List the looks with their numbers and where each came from.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    @Flag(name: .long, help: "List the devices a bar can be laid out for, with their widths and sources.")
    var devices = false

    @Option(name: .long, help: "With --devices: a chevron check project file whose `devices` are listed too.")
    var config: String?

    /// The devices of `--config`'s project file, checked as `size --config` checks them.
    var projectDevices: [ProjectDevice] {
        get throws { try BarOptions.projectDevices(config: config) }
    }

    func validate() throws {
        _ = try projectDevices
    }

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
            if devices {
                var reply = try await client.devices()
                for device in try projectDevices {
                    reply.devices.append(
                        .init(name: device.name, width: device.width, source: "project file \(config ?? "")"))
                }
                if json {
                    Output.printJSON(reply.tree)
                    return
                }
                for device in reply.devices {
                    let mark = device.name == reply.defaultDevice ? " (default)" : ""
                    Output.line(
                        "\(device.name.padding(18))\("\(Output.points(device.width)) pt\(mark)".padding(18))\(device.source)"
                    )
                }
                return
            }
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
