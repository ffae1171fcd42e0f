import ArgumentParser
import ChevronService
import Foundation

/// `chevron`: back-button and text metrics from the shell, from chevrond or in-process.
@main
struct Chevron: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chevron",
        abstract: "Measure text and back buttons the way iOS-style navigation bars lay them out.",
        discussion: """
            Asks chevrond (--socket, default $XDG_RUNTIME_DIR/chevron/chevrond.sock or \
            /run/chevron/chevrond.sock for root), or runs the engine in-process with --local; both give \
            the same answers. Exit codes: 0 success, 1 a check failed, 2 usage, 3 chevrond unreachable, \
            4 chevrond answered with an error.
            """,
        version: Chevron.version,
        subcommands: [
            SizeCommand.self, MeasureCommand.self, FontCommand.self, LooksCommand.self, StatsCommand.self,
            ReloadCommand.self, CheckCommand.self, BenchCommand.self, RenderCommand.self, SheetCommand.self,
            FingerprintCommand.self,
        ]
    )

    /// chevron's version (`--version`), the one its in-process engine and chevrond report.
    static let version = ChevronService.Configuration.defaultVersion

    /// Runs the command; usage errors exit 2 (ArgumentParser's default is 64).
    static func main() async {
        do {
            var command = try await asyncParseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            Output.finish(status: 0)
        } catch {
            let code = exitCode(for: error)
            // Help and --version, and an exit status a command chose: as ArgumentParser ends them.
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            // The message names what was given (an option's value, a project file's field): escaped,
            // so that it cannot start a line a CI log reads as a command or write to the terminal.
            let message = message(for: error)
            var text = fullMessage(for: error)
            if !message.isEmpty { text = text.replacingOccurrences(of: message, with: message.escapingControls) }
            Output.standardError(text + "\n")
            Output.finish(status: code == .validationFailure ? ExitStatus.usage : code.rawValue)
        }
    }
}

/// The exit statuses every subcommand uses.
enum ExitStatus {
    /// A check found rows that fail (`check --fail-on`).
    static let checkFailed: Int32 = 1
    /// Usage: unknown options, missing arguments, malformed input files.
    static let usage: Int32 = 2
    /// chevrond could not be reached.
    static let unreachable: Int32 = 3
    /// chevrond (or the in-process engine) answered with an error.
    static let remoteError: Int32 = 4
}
