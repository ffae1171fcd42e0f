import ChevronTestSupport
import Foundation
import Testing

/// io.chevron.BackButton.LayoutBar and ListDevices over the built chevrond's socket, read with
/// Foundation's JSON parser: every frame answered, errors naming the field.
struct BarMethodTests {
    @Test func layoutBarAnswersEveryFrame() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let reply = try client.call(
            "io.chevron.BackButton.LayoutBar",
            [
                "look": "modern", "device": "iphone-se", "title": "Settings", "screenTitleWidth": 120,
                "trailing": [["width": 30]],
            ])
        #expect(reply.error == nil, "\(reply.parameters)")
        #expect(reply.double("width") == 375 && reply.double("height") == 44 && reply.string("device") == "iphone-se")
        let button = try #require(reply.parameters["backButton"] as? [String: Any])
        let room = try #require((button["bar"] as? [String: Any])?["room"] as? Double)
        // (375 − 120) / 2 = 127.5 starts the title; the trailing item (30 + 16 from the edge) is
        // far from it; the room is 127.5 − 6 rounded down.
        #expect(room == 121)
        let title = try #require(reply.parameters["screenTitle"] as? [String: Any])
        let frame = try #require(title["frame"] as? [String: Any])
        #expect(frame["x"] as? Double == 128 && frame["width"] as? Double == 120)
        let item = try #require((reply.parameters["trailing"] as? [[String: Any]])?.first?["frame"] as? [String: Any])
        #expect(item["x"] as? Double == Double(375 - 16 - 30))
    }

    @Test func devicesAndTheirErrors() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let devices = try client.call("io.chevron.BackButton.ListDevices")
        #expect(devices.string("defaultDevice") == "iphone-se")
        let unknown = try client.call("io.chevron.BackButton.Size", ["look": "modern", "title": "A", "device": "x"])
        #expect(unknown.error == "io.chevron.BackButton.UnknownDevice")
        #expect(unknown.string("device") == "x")
        #expect((unknown.parameters["known"] as? [String])?.first == "iphone-se")
        let conflict = try client.call(
            "io.chevron.BackButton.LayoutBar", ["title": "A", "trailing": [["title": "Edit", "width": 3]]])
        #expect(conflict.error == "io.chevron.BackButton.ConflictingFields")
        #expect(conflict.string("parameter") == "trailing[0]")
        let range = try client.call("io.chevron.BackButton.Size", ["look": "modern", "title": "A", "barWidth": -3])
        #expect(range.error == "io.chevron.BackButton.OutOfRange" && range.string("parameter") == "barWidth")
    }
}
