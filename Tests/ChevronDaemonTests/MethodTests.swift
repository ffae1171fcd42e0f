import ChevronTestSupport
import Foundation
import Testing

/// Every method of every interface, called over the socket of a running chevrond; expected
/// values come from hb-shape, fc-match, the formulas of docs/looks.md and the repository's files.
@Suite(.serialized)
struct MethodTests {
    static let helveticaBold = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf"

    @Test func getInfoListsTheInterfacesAndDescriptionsAreTheRepositoryFiles() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let info = try client.call("org.varlink.service.GetInfo")
        #expect(info.error == nil)
        let interfaces = try #require(info.parameters["interfaces"] as? [String])
        #expect(
            interfaces == ["io.chevron.BackButton", "io.chevron.Service", "io.chevron.Text", "org.varlink.service"])
        #expect(info.string("product") == "chevrond")
        for (interface, file) in [
            ("io.chevron.Text", "Sources/ChevronService/Interfaces/io.chevron.Text.varlink"),
            ("io.chevron.BackButton", "Sources/ChevronService/Interfaces/io.chevron.BackButton.varlink"),
            ("io.chevron.Service", "Sources/ChevronService/Interfaces/io.chevron.Service.varlink"),
            ("org.varlink.service", "Sources/ChevronVarlink/Interfaces/org.varlink.service.varlink"),
        ] {
            let reply = try client.call("org.varlink.service.GetInterfaceDescription", ["interface": interface])
            let onDisk = try String(
                contentsOf: DaemonProcess.packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(reply.string("description") == onDisk, "\(interface)")
        }
        let missing = try client.call("org.varlink.service.GetInterfaceDescription", ["interface": "io.nope"])
        #expect(missing.error == "org.varlink.service.InterfaceNotFound")
        #expect(missing.string("interface") == "io.nope")
        #expect(try client.call("io.nope.Thing.Do").error == "org.varlink.service.InterfaceNotFound")
        let unknown = try client.call("io.chevron.Text.Nope")
        #expect(unknown.error == "org.varlink.service.MethodNotFound")
        #expect(unknown.string("method") == "io.chevron.Text.Nope")
    }

    @Test func measureTextAgreesWithHbShape() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let liberation = try ExternalTools.fcMatch("Liberation Sans:bold").file
        let reply = try client.call(
            "io.chevron.Text.MeasureText",
            ["text": "Wave To Ya", "font": ["pattern": "Liberation Sans:bold", "size": 17]])
        #expect(reply.error == nil)
        let expected = try ExternalTools.hbShapeWidth(file: liberation, text: "Wave To Ya", size: 17)
        #expect(abs((reply.double("width") ?? 0) - expected) < 1e-9)
        let runs = try #require(reply.parameters["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect((runs[0]["face"] as? [String: Any])?["file"] as? String == liberation)
        #expect(runs[0]["end"] as? Int == 10)
    }

    @Test func resolveFontAgreesWithFcMatch() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let expected = try ExternalTools.fcMatch("DejaVu Sans:bold")
        let reply = try client.call("io.chevron.Text.ResolveFont", ["font": ["pattern": "DejaVu Sans:bold"]])
        let primary = try #require(reply.parameters["primary"] as? [String: Any])
        #expect(primary["file"] as? String == expected.file)
        #expect(primary["family"] as? String == expected.family)
        #expect(primary["style"] as? String == expected.style)
        #expect(reply.parameters["unitsPerEm"] as? Int == (try FontTables(file: expected.file).unitsPerEm))
    }

    @Test func truncateFitsTheWidthAsHbShapeMeasuresIt() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let reply = try client.call(
            "io.chevron.Text.Truncate",
            [
                "text": "Notifications and Settings", "maxWidth": 80,
                "font": ["pattern": "Helvetica:bold", "features": ["-kern"]],
            ])
        let displayed = try #require(reply.string("displayed"))
        #expect(reply.parameters["truncated"] as? Bool == true)
        #expect(displayed.hasSuffix("…"))
        let width = try ExternalTools.hbShapeWidth(
            file: Self.helveticaBold, text: displayed, size: 12, features: ["-kern"])
        #expect(abs((reply.double("width") ?? 0) - width) < 1e-9)
        #expect(width <= 80)
        // One more character would not fit: the prefix is the longest.
        let prefix = String(displayed.dropLast())
        let original = "Notifications and Settings"
        let next = String(original.prefix(prefix.count + 1)) + "…"
        let longer = try ExternalTools.hbShapeWidth(file: Self.helveticaBold, text: next, size: 12, features: ["-kern"])
        #expect(longer > 80)
    }

    @Test func sizeFollowsTheClassicFormulaWithHbShapesWidth() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let reply = try client.call("io.chevron.BackButton.Size", ["title": "Settings", "look": "classic", "scale": 2])
        #expect(reply.error == nil)
        // docs/looks.md, "classic": width = max(textWidth + 12 + 8, 43), snapped up to the 2× grid.
        let text = try ExternalTools.hbShapeWidth(
            file: Self.helveticaBold, text: "Settings", size: 12, features: ["-kern"])
        let expected = (max(text + 20, 43) * 2).rounded(.up) / 2
        #expect(reply.double("width") == expected)
        #expect(reply.double("height") == 30)
        #expect(reply.string("displayedTitle") == "Settings")
        #expect(reply.string("titleSource") == "title")
        #expect(abs((reply.double("textWidth") ?? 0) - text) < 1e-9)
        let frame = try #require(reply.parameters["titleFrame"] as? [String: Double])
        #expect(frame["x"] == 12)
        #expect(frame["y"] == 6)
        let font = try #require(reply.parameters["font"] as? [String: Any])
        #expect(font["file"] as? String == (try ExternalTools.fcMatch("Helvetica:bold").file))
        for key in ["capInsets", "titleInsets", "hitRect", "direction", "truncated", "look"] {
            #expect(reply.parameters[key] != nil, "\(key)")
        }
    }

    @Test func sizeManyAnswersEachRequestAndStreamsWithMore() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let requests: [[String: Any]] = [
            ["title": "Back"], ["title": "Inbox", "look": "instagram"], ["title": "x", "look": "nope"],
            ["stack": [["title": "Mail"], ["title": "Inbox"]], "look": "modern"],
        ]
        let reply = try client.call("io.chevron.BackButton.SizeMany", ["requests": requests])
        let results = try #require(reply.parameters["results"] as? [[String: Any]])
        #expect(results.count == 4)
        #expect(results.map { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect(results[2]["layout"] == nil)
        #expect((results[2]["failure"] as? [String: Any])?["error"] as? String == "io.chevron.BackButton.UnknownLook")
        // Instagram: min(160, textWidth + 21) (docs/looks.md, "instagram"), snapped up.
        let inbox = try ExternalTools.hbShapeWidth(
            file: Self.helveticaBold, text: "Inbox", size: 12, features: ["-kern"])
        #expect((results[1]["layout"] as? [String: Any])?["width"] as? Double == min(160, inbox + 21).rounded(.up))
        #expect((results[3]["layout"] as? [String: Any])?["displayedTitle"] as? String == "Mail")

        try client.send([
            "method": "io.chevron.BackButton.SizeMany", "parameters": ["requests": requests], "more": true,
        ])
        var streamed: [Reply] = []
        repeat { streamed.append(Reply(try client.receive())) } while streamed.last?.continues == true
        #expect(streamed.count == 4)
        #expect(streamed.dropLast().allSatisfy { $0.continues })
        // Streaming nothing still answers once, with the declared (empty) results.
        try client.send(["method": "io.chevron.BackButton.SizeMany", "parameters": ["requests": []], "more": true])
        let empty = Reply(try client.receive())
        #expect(empty.parameters["results"] as? [Any] != nil)
        #expect(!empty.continues)
        let widths = streamed.map {
            (($0.parameters["results"] as? [[String: Any]])?.first?["layout"] as? [String: Any])?["width"] as? Double
        }
        #expect(widths == results.map { ($0["layout"] as? [String: Any])?["width"] as? Double })
    }

    @Test func transitionGivesBBCustomsKeyframesAndRefusesStillLooks() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let push = try client.call(
            "io.chevron.BackButton.Transition", ["request": ["title": "Back", "look": "bbcustom"], "kind": "push"])
        #expect(push.error == nil)
        // Seed 000: rests at x = 6, slides to −80 on push, over 0.3 s.
        #expect((push.parameters["from"] as? [String: Double])?["x"] == 6)
        #expect((push.parameters["to"] as? [String: Double])?["x"] == -80)
        #expect(push.double("duration") == 0.3)
        let still = try client.call(
            "io.chevron.BackButton.Transition", ["request": ["title": "Back", "look": "classic"], "kind": "pop"])
        #expect(still.error == "io.chevron.BackButton.NotAnimated")
        #expect(still.parameters["animated"] as? [String] == ["bbcustom"])
    }

    @Test func listAndDescribeLooksGiveTheNumbersOfLooksMD() throws {
        let daemon = try DaemonProcess(["--looks-dir", DaemonProcess.packageRoot.appendingPathComponent("looks").path])
        let client = try daemon.connect()
        let list = try client.call("io.chevron.BackButton.ListLooks")
        let looks = try #require(list.parameters["looks"] as? [[String: Any]])
        let names = looks.compactMap { $0["name"] as? String }
        #expect(Set(["classic", "reeder", "instagram", "dailybooth", "bbcustom", "modern"]).isSubset(of: names))
        let manifests = try FileManager.default.contentsOfDirectory(
            atPath: DaemonProcess.packageRoot.appendingPathComponent("looks").path
        ).filter { $0.hasSuffix(".json") }
        #expect(looks.filter { $0["builtIn"] as? Bool == false }.count == manifests.count)
        let instagram = try client.call("io.chevron.BackButton.DescribeLook", ["look": "instagram"])
        let look = try #require(instagram.parameters["look"] as? [String: Any])
        // docs/looks.md, "instagram": art 35 wide, left cap 14, right cap 35 − 14 − 1 = 20, height 31.
        #expect(look["artWidth"] as? Double == 35)
        #expect((look["capInsets"] as? [String: Double]) == ["left": 14, "right": 20])
        #expect(look["height"] as? Double == 31)
        #expect((look["sources"] as? [String: String])?.isEmpty == false)
        let unknown = try client.call("io.chevron.BackButton.DescribeLook", ["look": "nope"])
        #expect(unknown.error == "io.chevron.BackButton.UnknownLook")
        #expect(unknown.parameters["known"] as? [String] == names.sorted())
    }

    @Test func statisticsCountCallsErrorsAndTheCache() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        for _ in 0..<3 { _ = try client.call("io.chevron.BackButton.Size", ["title": "Settings"]) }
        _ = try client.call("io.chevron.BackButton.Size", ["title": 5])
        var reply = try client.call("io.chevron.Service.GetStatistics")
        // The start-up probe's connection is counted on its own event loop, maybe after this one,
        // and closed later: ask until both were accepted and only this one is open (2 s).
        func settled() -> Bool {
            let connections = reply.parameters["connections"] as? [String: Int]
            return connections?["open"] == 1 && connections?["accepted"] == 2
        }
        for _ in 0..<100 where !settled() {
            usleep(20_000)
            reply = try client.call("io.chevron.Service.GetStatistics")
        }
        let calls = try #require(reply.parameters["calls"] as? [[String: Any]])
        let size = try #require(calls.first { $0["method"] as? String == "io.chevron.BackButton.Size" })
        #expect(size["calls"] as? Int == 4)
        #expect(size["errors"] as? Int == 1)
        let connections = try #require(reply.parameters["connections"] as? [String: Int])
        #expect(connections["open"] == 1)
        let cache = try #require(reply.parameters["cache"] as? [String: Int])
        #expect((cache["hits"] ?? 0) >= 2)
        #expect((cache["entries"] ?? 0) >= 1)
        #expect(reply.parameters["generation"] as? Int == 1)
        #expect((reply.double("uptime") ?? -1) > 0)
    }

    @Test func reloadIsAllowedToTheDaemonsOwnUserAndBumpsTheGeneration() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let reload = try client.call("io.chevron.Service.Reload")
        #expect(reload.error == nil)
        #expect(reload.parameters["generation"] as? Int == 2)
        let statistics = try client.call("io.chevron.Service.GetStatistics")
        #expect(statistics.parameters["generation"] as? Int == 2)
    }

    /// Only root can connect as another user: a client runs as nobody (uid 65534) via setpriv.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func reloadFromAnotherUserIsPermissionDenied() throws {
        let daemon = try DaemonProcess()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: daemon.folder.path)
        let script = """
            import socket, json
            s = socket.socket(socket.AF_UNIX); s.connect(\(String(reflecting: daemon.socketPath)))
            s.sendall(json.dumps({"method": "io.chevron.Service.Reload"}).encode() + b"\\0")
            data = b""
            while not data.endswith(b"\\0"): data += s.recv(4096)
            print(data[:-1].decode())
            """
        let output = try #require(
            try ExternalTools.run(
                "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script]))
        let reply = Reply(try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]))
        #expect(reply.error == "io.chevron.Service.PermissionDenied")
        #expect(reply.parameters["uid"] as? Int == 65534)
    }
}
