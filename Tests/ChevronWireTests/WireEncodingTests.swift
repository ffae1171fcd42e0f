import ChevronJSON
import ChevronVarlink
import ChevronWire
import Foundation
import NIOCore
import Testing

/// Replies written straight into a channel's buffer: the generated encoder writes the same text
/// into a ByteBuffer as into an array, and Foundation's JSON parser (another implementation)
/// reads back every value put in, escapes and numbers included.
struct WireEncodingTests {
    /// A title holding everything JSON must escape: a quote, a backslash, a line feed, a tab, a
    /// control character, NUL; and text that must not be escaped: é and an emoji.
    static let title = "say \"hi\"\\\n\t\u{1}\u{0} é😀"

    static let layout = BackButtonInterface.Layout(
        look: "classic", width: 0.1, height: 30,
        titleFrame: .init(x: -17, y: 1e300, width: 9_007_199_254_740_992, height: 2.5),
        displayedTitle: title, titleSource: .title, truncated: true, capInsets: .init(left: 14, right: 5),
        titleInsets: .init(left: 0, right: -0.0), hitRect: .init(x: 0, y: 0, width: 1.0 / 3.0, height: 44),
        direction: .rtl,
        font: .init(
            family: "Nimbus Sans", style: "Bold", file: "/f.otf", size: 12, requested: "Helvetica:bold",
            substituted: false),
        textWidth: 123.456, missingGlyphs: 2)

    static func buffer<T: WireStruct>(_ value: T) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: 16)
        value.encode(into: &buffer)
        return buffer
    }

    @Test func aByteBufferGetsTheSameTextAsAnArray() throws {
        let result = BackButtonInterface.SizeResult(
            index: 3, layout: Self.layout,
            failure: .init(error: "io.chevron.Text.TextTooLong", parameters: .members(["limit": 4096, "x": nil])))
        var array: [UInt8] = []
        result.encode(into: &array)
        #expect(Array(Self.buffer(result).readableBytesView) == array)
        // JSONValue's writer (another writer), given that text parsed, writes it back byte for byte.
        var tree: [UInt8] = []
        result.tree.encode(into: &tree)
        #expect(tree == array)
    }

    @Test func anotherParserReadsBackEveryValue() throws {
        let buffer = Self.buffer(Self.layout)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
        #expect(object["displayedTitle"] as? String == Self.title)
        #expect((object["width"] as? NSNumber)?.doubleValue == 0.1)
        #expect((object["textWidth"] as? NSNumber)?.doubleValue == 123.456)
        let frame = try #require(object["titleFrame"] as? [String: Any])
        #expect((frame["x"] as? NSNumber)?.doubleValue == -17)
        #expect((frame["y"] as? NSNumber)?.doubleValue == 1e300)
        #expect((frame["width"] as? NSNumber)?.doubleValue == 9_007_199_254_740_992)
        let hit = try #require(object["hitRect"] as? [String: Any])
        #expect((hit["width"] as? NSNumber)?.doubleValue == 1.0 / 3.0)
        #expect(object["direction"] as? String == "rtl")
        #expect(object["truncated"] as? Bool == true)
        // The escapes as RFC 8259 writes them, and no NUL in the text (it ends a Varlink frame).
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
        #expect(text.contains(#"say \"hi\"\\\n\t\u0001\u0000 é😀"#))
        #expect(!buffer.readableBytesView.contains(0))
    }

    @Test func aReplyWrittenFromItsTypeIsTheReplyWrittenFromItsText() throws {
        // Without the NUL: a string read from the wire never holds one.
        var layout = Self.layout
        layout.displayedTitle = "say \"hi\"\\\n\t\u{1} é😀"
        for continues in [false, true] {
            var direct = ByteBufferAllocator().buffer(capacity: 16)
            VarlinkReply(body: layout, continues: continues).write(into: &direct)
            let fromText = VarlinkReply(parametersText: layout.jsonBytes, continues: continues)
            #expect(Array(direct.readableBytesView) == fromText.frame)
            // The frame is a reply a client reads back, parameters and all.
            let read = try Array(direct.readableBytesView.dropLast()).withUnsafeBytes {
                try VarlinkReply.read(frame: $0)
            }
            #expect(read.continues == continues && read.error == nil)
            #expect(read.parametersText.flatMap { try? BackButtonInterface.Layout(json: $0, strict: true) } == layout)
        }
    }

    @Test func aReplyLongerThanTheFirstRoomIsWrittenWhole() throws {
        // 1 KiB is reserved first; a 5,000-byte title (quotes escaped to 6,000) needs a second try.
        var layout = Self.layout
        layout.displayedTitle = String(repeating: "ab\"de", count: 1000)
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        buffer.writeString("x")  // what the buffer held before stays
        layout.encode(into: &buffer)
        var array: [UInt8] = [UInt8(ascii: "x")]
        layout.encode(into: &array)
        #expect(array.count > 6000)
        #expect(Array(buffer.readableBytesView) == array)
    }
}
