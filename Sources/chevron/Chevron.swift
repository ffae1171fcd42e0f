import ArgumentParser
import Foundation

/// `chevron`: back-button and text metrics from the shell.
@main
struct Chevron: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chevron",
        abstract: "Measure text and back buttons the way iOS-style navigation bars lay them out.",
        discussion: "Exit codes: 0 success, 2 bad input or usage, 4 a font the engine could not use.",
        subcommands: [SizeCommand.self, LooksCommand.self, MeasureCommand.self, FontCommand.self]
    )

    /// Runs the command; usage errors exit 2 (ArgumentParser's default is 64) so that every
    /// kind of bad input, parsed or validated, has one exit code.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
