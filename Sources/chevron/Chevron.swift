import ArgumentParser

/// `chevron`: back-button and text metrics from the shell.
@main
struct Chevron: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chevron",
        abstract: "Measure text and back buttons the way iOS-style navigation bars lay them out.",
        subcommands: [MeasureCommand.self, FontCommand.self]
    )
}
