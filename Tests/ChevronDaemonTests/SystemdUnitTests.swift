import ChevronTestSupport
import Foundation
import Testing

/// The units in systemd/, checked by systemd-analyze (through scripts/check-units.sh) and read as INI files.
struct SystemdUnitTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder holding the built chevrond: `make test` exports it; otherwise this package's debug build folder.
    static var binaryDirectory: String {
        ProcessInfo.processInfo.environment["CHEVRON_BIN_DIR"]
            ?? packageRoot.appendingPathComponent(".build/debug").path
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Section → key → every value of that key, in file order. Comments and blank lines are skipped.
    static func unit(_ name: String) throws -> [String: [String: [String]]] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("systemd/\(name)"), encoding: .utf8)
        var sections: [String: [String: [String]]] = [:]
        var section = ""
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            sections[section, default: [:]][key, default: []].append(value)
        }
        return sections
    }

    @Test func checkUnitsPassesAndReportsSystemdAnalyzesExposureOfAtMostTwo() throws {
        let script = Self.packageRoot.appendingPathComponent("scripts/check-units.sh").path
        let check = try Self.run(script, [Self.binaryDirectory])
        #expect(check.status == 0, "\(check.output)")
        let reported = try #require(
            check.output.firstMatch(of: /check-units: exposure (\d+\.\d+) \(limit/), "\(check.output)")
        let exposure = try #require(Double(reported.1))
        #expect(exposure <= 2.0)

        // The script's number is systemd-analyze's own.
        let service = Self.packageRoot.appendingPathComponent("systemd/chevrond.service").path
        let analyze = try Self.run(
            "/usr/bin/env", ["systemd-analyze", "security", "--no-pager", "--offline=true", service])
        let overall = try #require(
            analyze.output.firstMatch(of: /Overall exposure level for chevrond\.service: (\d+\.\d+)/),
            "\(analyze.output)")
        #expect(overall.1 == reported.1)
    }

    @Test func serviceNotifiesReloadsOnHUPHasAWatchdogAndRunsAsADynamicUser() throws {
        let service = try #require(try Self.unit("chevrond.service")["Service"])
        #expect(service["Type"] == ["notify"])
        #expect(service["NotifyAccess"] == ["main"])
        let reload = try #require(service["ExecReload"]?.last)
        #expect(reload.contains("-HUP") && reload.contains("$MAINPID"))
        let watchdog = try #require(service["WatchdogSec"]?.last)
        #expect((Int(watchdog.hasSuffix("s") ? String(watchdog.dropLast()) : watchdog) ?? 0) > 0)
        #expect(service["DynamicUser"] == ["yes"])
        // /run/chevron belongs to the socket unit; a service RuntimeDirectory would delete it on stop.
        #expect(service["RuntimeDirectory"] == nil)
    }

    @Test func socketListensOnRunChevronForEveryLocalUser() throws {
        let socket = try Self.unit("chevrond.socket")
        #expect(socket["Socket"]?["ListenStream"] == ["/run/chevron/chevrond.sock"])
        #expect(socket["Socket"]?["SocketMode"] == ["0666"])
        #expect(socket["Install"]?["WantedBy"] == ["sockets.target"])
    }
}
