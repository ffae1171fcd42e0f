import ChevronTestSupport
import Foundation
import Testing

/// The GitHub Action (`action.yml`) and the pre-commit hook (`.pre-commit-hooks.yaml`): the
/// action checked by GitHub's schema (PyPI check-jsonschema) and shellcheck, its run steps
/// executed as a runner executes a composite action's (`Tests/python/github_steps.py`), and the
/// hook run by PyPI pre-commit on a repository the test makes.
struct ActionAndHookTests {
    static let root = DaemonProcess.packageRoot

    static var path: [String: String] {
        ["PATH": CLITests.binaryDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
    }

    /// The schema bundled in check-jsonschema accepts the action, and rejects a copy whose run
    /// steps name no shell (a composite action's must), so the validation is not vacuous.
    @Test func theActionMatchesGitHubsSchema() throws {
        let action = Self.root.appendingPathComponent("action.yml")
        let valid = try CLITests.run(
            "check-jsonschema", ["--builtin-schema", "vendor.github-actions", action.path])
        #expect(valid.status == 0, "\(valid.output)\(valid.error)")
        let folder = try TrustTests.folder([
            "action.yml": try String(contentsOf: action, encoding: .utf8)
                .replacingOccurrences(of: "      shell: bash\n", with: "")
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let invalid = try CLITests.run(
            "check-jsonschema",
            ["--builtin-schema", "vendor.github-actions", folder.appendingPathComponent("action.yml").path])
        #expect(invalid.status == 1, "\(invalid.output)")
    }

    /// Every run step of the action passes shellcheck as the bash GitHub runs it with.
    @Test func theActionsRunStepsPassShellcheck() throws {
        let folder = try FontFixtures.folder("chevron-action-shell")
        defer { try? FileManager.default.removeItem(at: folder) }
        let split = try CLITests.run(
            "python3",
            [
                "-c",
                """
                import sys, yaml
                steps = yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]
                for index, step in enumerate(s for s in steps if "run" in s):
                    assert step.get("shell") == "bash", step["name"]
                    assert "${{" not in step["run"], step["name"] + ": an expression in a script"
                    open(f"{sys.argv[2]}/step-{index}.sh", "w").write(step["run"])
                    print(index)
                """,
                Self.root.appendingPathComponent("action.yml").path, folder.path,
            ])
        try #require(split.status == 0, "\(split.error)")
        let scripts = split.output.split(separator: "\n")
        #expect(scripts.count == 2, "\(split.output)")
        for index in scripts {
            let result = try CLITests.run(
                "shellcheck", ["--shell=bash", folder.appendingPathComponent("step-\(index).sh").path])
            #expect(result.status == 0, "step \(index): \(result.output)")
        }
    }

    /// A pull request, the project file found by the action: the changed key alone is annotated
    /// and fails the action (not the problem `main` already has); the reports hold every title,
    /// that one too, and the outputs name them.
    @Test func onAPullRequestTheActionAnnotatesTheChangedKeys() throws {
        let folder = try GitHubRecipeTests.repository(mainHasAProblem: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try GitHubRecipeTests.steps(
            of: "action.yml", "pull_request", in: folder, ["--input", "baseline=chevron-baseline.json"])
        let install = try run.step("Install chevron")
        #expect(install.status == 0 && install.output.contains("chevron: using "), "\(install.output)")
        let check = try run.step("Check the titles")
        #expect(check.ran && check.status == 1, "\(check.output)")
        let errors = check.output.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == 1 && errors[0].contains("settings.title"), "\(check.output)")
        #expect(run.summary.contains("| de |"), "\(run.summary)")
        #expect(run.outputs["exit-code"] == "1")
        #expect(run.outputs["sarif"] == folder.appendingPathComponent("chevron.sarif").path)
        let sarif = try String(contentsOf: folder.appendingPathComponent("chevron.sarif"), encoding: .utf8)
        #expect(sarif.contains("settings.title") && sarif.contains("inbox.title"))
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("chevron-report/index.html").path))
        #expect(run.steps.filter { !$0.ran }.map(\.name) == ["Upload SARIF", "Upload the HTML report"])
    }

    /// A push with no project file: paths, looks, devices and rules from the inputs, lists split
    /// on spaces, commas and new lines; no reports asked for, none written. The too-long German
    /// title fails on both devices; shortened, it passes.
    @Test func onAPushTheInputsSayWhatIsChecked() throws {
        let strings = "App/de.lproj/Localizable.strings"
        let folder = try TrustTests.folder([strings: "\"settings.title\" = \"Einstellungen und Datenschutz\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [
            "--input", "paths=App", "--input", "looks=modern", "--input", "devices=iphone-se,\niphone-16-pro-max",
            "--input", "fail-on=truncate", "--input", "sarif=", "--input", "html=",
        ]
        let failing = try GitHubRecipeTests.steps(of: "action.yml", "push", in: folder, inputs)
        let check = try failing.step("Check the titles")
        #expect(check.status == 1, "\(check.output)")
        let errors = check.output.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == 2, "\(check.output)")
        #expect(errors.contains { $0.contains("iphone-se") } && errors.contains { $0.contains("iphone-16-pro-max") })
        #expect(failing.outputs == ["exit-code": "1", "sarif": "", "html": ""])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("chevron.sarif").path))
        try "\"settings.title\" = \"Optionen\";\n".write(
            to: folder.appendingPathComponent(strings), atomically: true, encoding: .utf8)
        let passing = try GitHubRecipeTests.steps(of: "action.yml", "push", in: folder, inputs)
        #expect(try passing.step("Check the titles").status == 0)
        #expect(passing.outputs["exit-code"] == "0")
    }

    /// An input the action does not declare is refused by the harness, as GitHub warns of it.
    @Test func anUnknownInputIsRefused() throws {
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLITests.run(
            "python3",
            [
                Self.root.appendingPathComponent("Tests/python/github_steps.py").path,
                Self.root.appendingPathComponent("action.yml").path, "push", folder.path, "--input", "look=modern",
            ])
        #expect(result.status != 0 && result.error.contains("no input look"), "\(result.error)")
    }

    /// `pre-commit try-repo` with the hook: a staged German title too long for modern on
    /// iphone-se fails the commit and shows its row; shortened and staged again, it passes.
    @Test func theHookFailsAStagedTitleThatDoesNotFit() throws {
        let hooks = try TrustTests.folder([
            ".pre-commit-hooks.yaml": try String(
                contentsOf: Self.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        ])
        let strings = "App/de.lproj/Localizable.strings"
        let project = try TrustTests.folder([
            strings: "\"settings.title\" = \"Einstellungen und Datenschutz\";\n",
            "README.md": "Not a catalogue: the hook does not take it.\n",
        ])
        let home = try FontFixtures.folder("chevron-pre-commit-home")
        defer {
            for folder in [hooks, project, home] { try? FileManager.default.removeItem(at: folder) }
        }
        func git(_ arguments: [String], in folder: URL) throws {
            let result = try CLITests.run(
                "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
                directory: folder)
            try #require(result.status == 0, "git \(arguments): \(result.error)")
        }
        try git(["init", "-q", "-b", "main"], in: hooks)
        try git(["add", "."], in: hooks)
        try git(["commit", "-q", "-m", "hooks"], in: hooks)
        try git(["init", "-q", "-b", "main"], in: project)
        try git(["add", "."], in: project)
        var environment = Self.path
        environment["PRE_COMMIT_HOME"] = home.path
        let failing = try CLITests.run(
            "pre-commit", ["try-repo", hooks.path, "chevron-check"], environment: environment, directory: project)
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        #expect(failing.output.contains("Failed"), "\(failing.output)")
        let row = failing.output.split(separator: "\n").first { $0.contains("settings.title") } ?? ""
        #expect(row.contains(strings) && row.contains("generic: Zurück"), "\(failing.output)")
        #expect(!failing.output.contains("README.md"), "\(failing.output)")
        try "\"settings.title\" = \"Optionen\";\n".write(
            to: project.appendingPathComponent(strings), atomically: true, encoding: .utf8)
        try git(["add", "."], in: project)
        let passing = try CLITests.run(
            "pre-commit", ["try-repo", hooks.path, "chevron-check"], environment: environment, directory: project)
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
        #expect(passing.output.contains("Passed"), "\(passing.output)")
    }
}
