import ChevronTestSupport
import Foundation
import Testing

/// PyPI's varlink package (installed by scripts/install-deps.sh) against the running daemon:
/// another implementation parses our interface descriptions and calls our methods.
struct PythonClientTests {
    @Test func pyPIsVarlinkParsesEveryDescriptionAndCallsTheDaemon() throws {
        let daemon = try DaemonProcess()
        let script = DaemonProcess.packageRoot.appendingPathComponent("Tests/python/varlink_client_check.py").path
        let output = try #require(
            try ExternalTools.run("python3", [script, daemon.socketPath]), "python3 varlink client failed")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])

        let interfaces = try #require(report["interfaces"] as? [String: [String]])
        #expect(
            interfaces.keys.sorted() == [
                "io.chevron.BackButton", "io.chevron.Service", "io.chevron.Text", "org.varlink.service",
            ])
        // The members python found are the declarations in our files, counted here by hand.
        for (name, file) in [
            ("io.chevron.Text", "Sources/ChevronService/Interfaces/io.chevron.Text.varlink"),
            ("io.chevron.BackButton", "Sources/ChevronService/Interfaces/io.chevron.BackButton.varlink"),
            ("io.chevron.Service", "Sources/ChevronService/Interfaces/io.chevron.Service.varlink"),
        ] {
            let text = try String(contentsOf: DaemonProcess.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let declared = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(whereSeparator: { $0 == " " || $0 == "(" })
                guard words.count >= 2, ["type", "method", "error"].contains(words[0]) else { return nil }
                return String(words[1])
            }
            #expect(interfaces[name] == declared.sorted(), "\(name)")
        }

        let size = try #require(report["size"] as? [String: Any])
        let text = try ExternalTools.hbShapeWidth(
            file: MethodTests.helveticaBold, text: "Settings", size: 12, features: ["-kern"])
        #expect(size["width"] as? Double == max(text + 20, 43).rounded(.up))  // docs/looks.md, "classic"
        #expect(report["streamed"] as? [Int] == [0, 1, 2])
        let error = try #require(report["error"] as? [String: Any])
        #expect(error["name"] as? String == "io.chevron.BackButton.UnknownLook")
        #expect((error["parameters"] as? [String: Any])?["look"] as? String == "no-such-look")
    }
}
