import ChevronTestSupport
import Foundation
import Testing

/// io.chevron.BackButton.Render over the socket: the PNG is decoded by Foundation's base64 and
/// its size read from its IHDR chunk; the layout is Size's answer.
@Suite(.serialized)
struct RenderMethodTests {
    @Test func renderReturnsAPNGOfTheLayoutsSizeAndSizesLayout() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        for (look, scale) in [("classic", 1), ("instagram", 2), ("modern", 3)] {
            let parameters: [String: Any] = ["title": "Settings", "look": look, "scale": scale]
            let reply = try client.call("io.chevron.BackButton.Render", parameters)
            #expect(reply.error == nil, "\(reply.parameters)")
            let text = try #require(reply.string("png"))
            let png = try #require(Data(base64Encoded: text))
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            func u32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let size = try client.call("io.chevron.BackButton.Size", parameters)
            let width = try #require(size.double("width"))
            let height = try #require(size.double("height"))
            #expect(Double(u32(16)) == width * Double(scale), "\(look)")
            #expect(Double(u32(20)) == height * Double(scale), "\(look)")
            #expect(reply.parameters["pixelWidth"] as? Int == u32(16))
            #expect(reply.parameters["pixelHeight"] as? Int == u32(20))
            let layout = try #require(reply.parameters["layout"] as? NSDictionary)
            #expect(layout == size.parameters as NSDictionary)
        }
    }

    @Test func aPictureOverTheLimitIsRefusedNamingTheParameterAndTheDaemonGoesOn() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        // About 250 characters of Helvetica Bold 12 are well over 4096 / 3 points wide.
        let title = String(repeating: "Internationalisation ", count: 12)
        let reply = try client.call(
            "io.chevron.BackButton.Render", ["title": title, "scale": 3, "maxWidth": 100_000])
        #expect(reply.error == "io.chevron.BackButton.ImageTooLarge")
        #expect(reply.string("parameter") == "maxWidth")
        #expect(reply.parameters["limit"] as? Int == 4096)
        #expect((reply.parameters["pixels"] as? Int ?? 0) > 4096)
        let bad = try client.call("io.chevron.BackButton.Render", ["title": "Back", "scale": 4])
        #expect(bad.error == "io.chevron.BackButton.OutOfRange")
        #expect(bad.string("parameter") == "scale")
        let next = try client.call("io.chevron.BackButton.Render", ["title": "Back"])
        #expect(next.error == nil)
    }

    @Test func describeLookStatesTheArt() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let modern = try client.call("io.chevron.BackButton.DescribeLook", ["look": "modern"])
        let modernArt = try #require((modern.parameters["look"] as? [String: Any])?["art"] as? [String: Any])
        #expect(modernArt["shape"] as? String == "chevron")
        let classic = try client.call("io.chevron.BackButton.DescribeLook", ["look": "classic"])
        let classicArt = try #require((classic.parameters["look"] as? [String: Any])?["art"] as? [String: Any])
        #expect(classicArt["shape"] as? String == "bezel")
    }
}
