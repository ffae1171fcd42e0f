import ChevronTestSupport
import Foundation
import Testing

/// docs/check.md's GitHub Actions recipe, its `run:` steps executed as a runner executes them
/// for a push and for a pull request (`Tests/python/github_steps.py`: GitHub's shell, variables
/// and expression context for each event), in a repository the test makes.
struct GitHubRecipeTests {
    struct Step: Decodable {
        let name: String
        let ran: Bool
        let status: Int?
        let output: String
    }

    struct Run: Decodable {
        let steps: [Step]
        let summary: String
        let outputs: [String: String]

        func step(_ name: String) throws -> Step { try #require(steps.first { $0.name == name }, "\(steps)") }
    }

    /// A repository whose `main` (also `origin/main`) has a baseline with no problem, and a
    /// commit after it that makes one German title too long for modern on iphone-se. With
    /// `mainHasAProblem`, `main` also has an English title too long that the baseline lacks.
    static func repository(mainHasAProblem: Bool = false) throws -> URL {
        let folder = try TrustTests.folder([
            "chevron-check.json": #"{"files": ["App"], "failOn": ["truncate"]}"#,
            "App/en.lproj/Localizable.strings": "\"settings.title\" = \"Settings\";\n\"inbox.title\" = \"Inbox\";\n",
            "App/de.lproj/Localizable.strings":
                "\"settings.title\" = \"Optionen\";\n\"inbox.title\" = \"Posteingang\";\n",
        ])
        func git(_ arguments: [String]) throws {
            let result = try CLITests.run(
                "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
                directory: folder)
            try #require(result.status == 0, "git \(arguments): \(result.error)")
        }
        let baseline = try CLITests.run(
            "chevron",
            ["check", "--config", "chevron-check.json", "--write-baseline", "chevron-baseline.json", "--local"],
            directory: folder)
        try #require(baseline.status == 0, "\(baseline.output)\(baseline.error)")
        if mainHasAProblem {
            try "\"settings.title\" = \"Settings\";\n\"inbox.title\" = \"Inbox and every archived conversation\";\n".write(
                to: folder.appendingPathComponent("App/en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        }
        try git(["init", "-q", "-b", "main"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "main"])
        try git(["update-ref", "refs/remotes/origin/main", "HEAD"])
        try "\"settings.title\" = \"Einstellungen und Datenschutz\";\n\"inbox.title\" = \"Posteingang\";\n".write(
            to: folder.appendingPathComponent("App/de.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "a longer German title"])
        return folder
    }

    static func run(_ event: String, in folder: URL) throws -> Run {
        try steps(of: "docs/check.md#GitHub Actions", event, in: folder, ["--skip", "Build chevron"])
    }

    /// The steps of `source` (a path from the package's root, as `github_steps.py` takes it) for
    /// `event` in `folder`, with the built binaries first on PATH.
    static func steps(of source: String, _ event: String, in folder: URL, _ arguments: [String]) throws -> Run {
        let root = DaemonProcess.packageRoot
        let result = try CLITests.run(
            "python3",
            [
                root.appendingPathComponent("Tests/python/github_steps.py").path,
                root.appendingPathComponent(source).path, event, folder.path,
            ] + arguments,
            environment: [
                "PATH": CLITests.binaryDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            ])
        try #require(result.status == 0, "\(result.error)")
        return try JSONDecoder().decode(Run.self, from: Data(result.output.utf8))
    }

    /// A pull request: the changed key is annotated (only it), the job fails on it, and the
    /// step that checks every title still runs and writes its reports.
    @Test func onAPullRequestTheChangedKeysAreAnnotated() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run("pull_request", in: folder)
        let changed = try run.step("Check what the pull request changed")
        #expect(changed.ran && changed.status == 1, "\(changed.output)")
        let errors = changed.output.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == 1 && errors[0].contains("settings.title"), "\(changed.output)")
        #expect(run.summary.contains("| de |"), "\(run.summary)")
        let every = try run.step("Check every title")
        #expect(every.ran && every.status == 1, "\(every.output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("chevron.sarif").path))
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("chevron-report/index.html").path))
    }

    /// A push: GitHub sets no base branch, so the pull request's step is skipped (it would ask
    /// for `origin/`); every title is checked, and the new problem fails the job.
    @Test func onAPushEveryTitleIsChecked() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run("push", in: folder)
        let changed = try run.step("Check what the pull request changed")
        #expect(!changed.ran)
        let every = try run.step("Check every title")
        #expect(every.ran && every.status == 1, "\(every.output)")
        #expect(every.output.contains("1 new"), "\(every.output)")
        #expect(!run.steps.contains { $0.status == 2 }, "a usage error: \(run.steps)")
    }
}
