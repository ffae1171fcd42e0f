import ChevronTestSupport
import Foundation
import Testing

/// `chevron size --device --screen-title --bar` and `chevron looks --devices`, in process and
/// through the built chevrond: the rooms docs/looks.md's rule gives ("The bar"), worked by hand.
struct BarCLITests {
    static func json(_ arguments: [String], through daemon: DaemonProcess? = nil) throws -> [String: Any] {
        let connection = daemon.map { ["--socket", $0.socketPath, "--daemon"] } ?? ["--local"]
        let result = try CLITests.run("chevron", arguments + connection + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.error)")
        return try CLITests.json(result.output)
    }

    @Test func theDefaultRoomIsAThirdOfEachPhonesBar() throws {
        let daemon = try DaemonProcess()
        for through in [nil, daemon] {
            // A third of 375 and of 440, rounded down to whole points at scale 1.
            for (device, room) in [("iphone-se", 125.0), ("iphone-16-pro-max", 146.0)] {
                let layout = try Self.json(
                    ["size", "Settings", "--look", "modern", "--device", device], through: through)
                let bar = try #require(layout["bar"] as? [String: Any])
                #expect((bar["room"] as? NSNumber)?.doubleValue == room, "\(bar)")
                #expect(bar["device"] as? String == device)
            }
            // No device: the default, iphone-se.
            let plain = try Self.json(["size", "Settings", "--look", "modern"], through: through)
            #expect((plain["bar"] as? [String: Any])?["device"] as? String == "iphone-se")
        }
    }

    @Test func aLongScreenTitleNarrowsTheLimit() throws {
        let open = try Self.json(["size", "Notification Settings", "--look", "modern", "--device", "ipad-11"])
        #expect(open["displayedTitle"] as? String == "Notification Settings")
        let narrowed = try Self.json([
            "size", "Notification Settings", "--look", "modern", "--device", "ipad-11", "--screen-title-width", "720",
        ])
        // (820 − 720) / 2 = 50 is inside the chevron's 50 + 6: the title starts at 56, the room is 50.
        #expect((narrowed["bar"] as? [String: Any])?["room"] as? Double == 50)
        #expect(narrowed["titleSource"] as? String == "none")
    }

    @Test func aGermanTitleTooLongForItsRoomShowsZurueckThroughChevrond() throws {
        let daemon = try DaemonProcess()
        for through in [nil, daemon] {
            let layout = try Self.json(
                ["size", "Einstellungen und Datenschutz", "--look", "modern", "--language", "de"], through: through)
            #expect(layout["displayedTitle"] as? String == "Zurück" && layout["titleSource"] as? String == "generic")
            // The option still overrides the language's title.
            let own = try Self.json(
                [
                    "size", "Einstellungen und Datenschutz", "--look", "modern", "--language", "de", "--generic-title",
                    "Hm",
                ],
                through: through)
            #expect(own["displayedTitle"] as? String == "Hm")
        }
    }

    @Test func arabicAndJapaneseFallBackToTheirOwnWord() throws {
        let arabic = try Self.json([
            "size", "إعدادات الخصوصية والأمان المتقدمة", "--look", "modern", "--language", "ar",
        ])
        #expect(arabic["displayedTitle"] as? String == "رجوع" && arabic["direction"] as? String == "rtl")
        // The chevron on the right: modern's 27-point cap (8 + 13 + 6) is the right one.
        let caps = try #require(arabic["capInsets"] as? [String: Any])
        #expect((caps["right"] as? NSNumber)?.doubleValue == 27 && (caps["left"] as? NSNumber)?.doubleValue == 22)
        let japanese = try Self.json(["size", "通知とプライバシーの詳細設定について", "--look", "modern", "--language", "ja"])
        #expect(japanese["displayedTitle"] as? String == "戻る")
        // Bare zh is Simplified Chinese, whose word Flutter's table gives.
        let chinese = try Self.json(["size", "通知和隐私的详细设置说明与帮助", "--look", "modern", "--language", "zh"])
        #expect(chinese["displayedTitle"] as? String == "返回")
    }

    @Test func theBarAnswersEveryFrame() throws {
        let bar = try Self.json([
            "size", "Settings", "--look", "modern", "--device", "iphone-16", "--screen-title", "General",
            "--trailing", "Edit", "--trailing", "44pt", "--bar",
        ])
        #expect(bar["width"] as? Double == 393 && bar["height"] as? Double == 44)
        #expect(bar["device"] as? String == "iphone-16")
        let button = try #require(bar["backButtonFrame"] as? [String: Any])
        #expect(button["x"] as? Double == 0)
        let items = try #require(bar["trailing"] as? [[String: Any]])
        #expect(items.count == 2)
        // The outermost (last) item ends 16 from the trailing edge; the one before it 8 further in.
        let outer = try #require(items.last?["frame"] as? [String: Any])
        #expect(outer["x"] as? Double == 393 - 16 - 44 && outer["width"] as? Double == 44)
        let inner = try #require(items.first?["frame"] as? [String: Any])
        let innerX = try #require(inner["x"] as? Double)
        let innerWidth = try #require(inner["width"] as? Double)
        #expect(abs(innerX + innerWidth - (393 - 16 - 44 - 8)) <= 1)
        let title = try #require(bar["screenTitle"] as? [String: Any])
        #expect(title["displayedTitle"] as? String == "General")
        #expect((title["font"] as? [String: Any])?["family"] as? String == "Inter")
    }

    @Test func unknownDevicesAndConflictsAreErrorsNamingTheField() throws {
        let unknown = try CLITests.run(
            "chevron", ["size", "Settings", "--look", "modern", "--device", "pixel", "--local"])
        #expect(unknown.status == 4)
        #expect(unknown.error.contains("UnknownDevice") && unknown.error.contains("iphone-se"), "\(unknown.error)")
        let both = try CLITests.run(
            "chevron",
            ["size", "Settings", "--look", "modern", "--device", "iphone-se", "--bar-width", "400", "--local"])
        #expect(both.status == 4)
        #expect(both.error.contains("ConflictingFields") && both.error.contains("barWidth"), "\(both.error)")
    }

    @Test func devicesAreListedWithApplesWidths() throws {
        let reply = try Self.json(["looks", "--devices"])
        let devices = try #require(reply["devices"] as? [[String: Any]])
        let widths = Dictionary(
            uniqueKeysWithValues: devices.compactMap { device in
                (device["name"] as? String).map { ($0, device["width"] as? Double ?? 0) }
            })
        // Apple's Human Interface Guidelines, "Layout": portrait widths in points.
        #expect(widths["iphone-se"] == 375 && widths["iphone-16"] == 393 && widths["iphone-16-pro"] == 402)
        #expect(widths["iphone-16-pro-max"] == 440 && widths["ipad-11"] == 820)
        #expect(reply["defaultDevice"] as? String == "iphone-se")
    }

    @Test func aProjectFileDeclaresMoreDevices() throws {
        let folder = try FontFixtures.folder("chevron-devices")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("chevron-check.json")
        try #"{"devices": {"pixel-9": 412, "fold-cover": 344}}"#.write(to: config, atomically: true, encoding: .utf8)
        let listed = try Self.json(["looks", "--devices", "--config", config.path])
        let names = (listed["devices"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.suffix(2) == ["pixel-9", "fold-cover"])
        // A third of 344, rounded down: 114.
        let layout = try Self.json([
            "size", "Settings", "--look", "modern", "--device", "fold-cover", "--config", config.path,
        ])
        #expect(((layout["bar"] as? [String: Any])?["room"] as? NSNumber)?.doubleValue == 114)
        // The check reads the same file without complaint.
        let catalogue = folder.appendingPathComponent("titles.txt")
        try "Settings\n".write(to: catalogue, atomically: true, encoding: .utf8)
        let check = try CLITests.run("chevron", ["check", catalogue.path, "--config", config.path, "--local"])
        #expect(check.status == 0, "\(check.error)")
        // A built-in name, or a name that is none, is a usage error naming the file and the field.
        for (devices, reason) in [
            (#"{"iphone-se": 400}"#, "iphone-se is a built-in device"),
            (#"{"Big Phone": 400}"#, "is not a device name"),
            (#"{"tiny": 0}"#, "is not a width in 1...4096 points"),
        ] {
            try #"{"devices": \#(devices)}"#.write(to: config, atomically: true, encoding: .utf8)
            let refused = try CLITests.run("chevron", ["looks", "--devices", "--config", config.path, "--local"])
            #expect(refused.status == 2, "\(devices)")
            #expect(
                refused.error.contains("\(config.path): devices: ") && refused.error.contains(reason),
                "\(refused.error)")
        }
    }
}
