import ChevronLooks
import ChevronTestSupport
import Foundation
import Testing

/// Previews draw colour emoji in colour: the title's ink (pixels that change when only the title
/// is left out, decoded by cairo's PNG reader) holds warm, saturated pixels inside the title
/// frame, which neither the looks' art nor a text title has.
struct EmojiRenderTests {
    /// Ink pixels inside the title frame that are clearly red, orange or yellow: red well above
    /// blue. Premultiplied ARGB, so only opaque-enough pixels count.
    static func warmInk(_ request: SizeRequest) throws -> Int {
        let (layout, png, untitled) = try draw(request)
        let bitmap = try Bitmap(png: png)
        let ink = bitmap.differences(from: try Bitmap(png: untitled))
        let scale = Double(request.scale)
        let frame = layout.titleFrame
        return ink.filter { pixel in
            let inside =
                Double(pixel.x) >= (frame.x * scale).rounded(.down) - 1
                && Double(pixel.x) < ((frame.x + frame.width) * scale).rounded(.up) + 1
                && Double(pixel.y) >= (frame.y * scale).rounded(.down) - 1
                && Double(pixel.y) < ((frame.y + frame.height) * scale).rounded(.up) + 1
            let argb = bitmap[pixel.x, pixel.y]
            let (alpha, red, blue) = (Int(argb >> 24), Int((argb >> 16) & 0xFF), Int(argb & 0xFF))
            return inside && alpha > 200 && red - blue > 100
        }.count
    }

    @Test(arguments: ["classic", "modern"])
    func anEmojiTitleIsDrawnInColour(look: String) throws {
        let emojiFile = try ExternalTools.fcListFiles(":color=true:charset=1f389")
        try #require(!emojiFile.isEmpty, "a colour emoji font is installed")
        #expect(try Self.warmInk(SizeRequest(look: look, title: "🎉", scale: 2)) > 20)
        // A text title in the same look has no such ink: the colour is the emoji's.
        #expect(try Self.warmInk(SizeRequest(look: look, title: "Party", scale: 2)) == 0)
    }
}
