import ChevronTestSupport
import Testing

@testable import ChevronRender

/// The PNG encoder against cairo's own reader (libpng): colours survive the trip through
/// straight alpha, translucent ones within a level of rounding.
struct PNGEncoderTests {
    @Test func coloursAndAlphaSurviveEncoding() throws {
        let canvas = try Canvas(pixelWidth: 4, pixelHeight: 2, scale: 1)
        let blue = Color(red: 0, green: 0.5, blue: 1)
        let translucentRed = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        canvas.fillRectangle(x: 0, y: 0, width: 2, height: 2, top: blue, bottom: blue)
        canvas.fillRectangle(x: 2, y: 0, width: 1, height: 2, top: translucentRed, bottom: translucentRed)
        let bitmap = try Bitmap(png: try canvas.png())
        #expect(bitmap.width == 4 && bitmap.height == 2)
        // cairo reads back premultiplied ARGB: opaque blue is 0xFF 0x00 0x80 0xFF (0.5 × 255 rounds to 128).
        #expect(bitmap[0, 1] == 0xFF00_80FF)
        // Half-transparent red: alpha and premultiplied red both about 128.
        let red = bitmap[2, 0]
        #expect(abs(Int(red >> 24) - 128) <= 1 && abs(Int((red >> 16) & 0xFF) - 128) <= 1)
        #expect(red & 0xFFFF == 0)
        // Nothing drawn: fully transparent.
        #expect(bitmap[3, 1] == 0)
    }
}
