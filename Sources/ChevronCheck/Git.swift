import Foundation

/// The one way `chevron check` asks git (`--changed-since`, `--link-template`): `git` found on
/// the PATH, run in the current folder.
enum Git {
    /// What git answered: its standard output and exit status.
    struct Answer {
        let output: Data
        let status: Int32

        /// The output's first line.
        var firstLine: String {
            String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
    }

    /// Runs git with `arguments`; `option` names what asked, in errors. A current folder in no
    /// repository is an error when `inRepository`, else an answer like any other.
    /// - Throws: `CheckPlan.Problem` when git cannot be run or is not installed.
    static func run(_ arguments: [String], option: String, inRepository: Bool = true) throws(CheckPlan.Problem)
        -> Answer
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CheckPlan.Problem(description: "\(option): git cannot be run (\(error.localizedDescription))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw CheckPlan.Problem(description: "\(option): git is not installed")
        }
        let said = String(decoding: message, as: UTF8.self)
        if inRepository, process.terminationStatus == 128, said.contains("not a git repository") {
            throw CheckPlan.Problem(description: "\(option): the current folder is not in a git repository")
        }
        if process.terminationStatus == 128, said.contains("dubious ownership") {
            throw CheckPlan.Problem(
                description: "\(option): git refuses the repository, which another user owns (its safe.directory "
                    + "setting: `git config --global --add safe.directory PATH` trusts it)")
        }
        return Answer(output: data, status: process.terminationStatus)
    }
}
