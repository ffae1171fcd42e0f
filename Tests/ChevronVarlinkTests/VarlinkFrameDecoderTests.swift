import ChevronVarlink
import NIOCore
import NIOTestUtils
import Testing

/// NUL framing, checked with NIO's decoder verifier (every split of the input, byte by byte).
struct VarlinkFrameDecoderTests {
    static func buffer(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test func splitsMessagesAtEachNULHoweverTheBytesArrive() throws {
        let input = Self.buffer("{\"a\":1}\0{}\0\0{\"b\":\"x\"}\0")
        let expected: [VarlinkFrame] = [
            .message(Self.buffer("{\"a\":1}")), .message(Self.buffer("{}")), .message(Self.buffer("")),
            .message(Self.buffer("{\"b\":\"x\"}")),
        ]
        try ByteToMessageDecoderVerifier.verifyDecoder(
            inputOutputPairs: [(input, expected)],
            decoderFactory: { VarlinkFrameDecoder(maximumMessageBytes: 64) })
    }

    @Test func aLongMessageIsReportedOnceDroppedAndTheNextOneKept() throws {
        let long = String(repeating: "x", count: 40)
        let input = Self.buffer("{}\0\(long)\0{\"ok\":1}\0")
        try ByteToMessageDecoderVerifier.verifyDecoder(
            inputOutputPairs: [
                (input, [.message(Self.buffer("{}")), .tooLong(limit: 16), .message(Self.buffer("{\"ok\":1}"))])
            ],
            decoderFactory: { VarlinkFrameDecoder(maximumMessageBytes: 16) })
    }

    @Test func aMessageWithoutNULIsNeverBufferedPastTheLimit() throws {
        var decoder = VarlinkFrameDecoder(maximumMessageBytes: 1000)
        var buffer = ByteBuffer(repeating: UInt8(ascii: "a"), count: 600)
        #expect(try decoder.decode(buffer: &buffer) == nil)
        buffer.writeRepeatingByte(UInt8(ascii: "a"), count: 600)
        #expect(try decoder.decode(buffer: &buffer) == .tooLong(limit: 1000))
        #expect(buffer.readableBytes == 0)  // dropped, not kept
        buffer.writeRepeatingByte(UInt8(ascii: "a"), count: 5000)
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(buffer.readableBytes == 0)
        buffer.writeString("tail\0{}\0")
        #expect(try decoder.decode(buffer: &buffer) == .message(Self.buffer("{}")))
    }

    @Test func aMessageCutByEndOfFileIsReportedWithItsLength() throws {
        var decoder = VarlinkFrameDecoder(maximumMessageBytes: 100)
        var buffer = Self.buffer("{\"method\":")
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(try decoder.decodeLast(buffer: &buffer, seenEOF: true) == .cutByEndOfFile(bytes: 10))
    }

    @Test func theBoundariesSayWhetherAMessageEndedAndWhetherOneIsOpen() throws {
        let boundaries = VarlinkFrameBoundaries()
        var decoder = VarlinkFrameDecoder(maximumMessageBytes: 8, boundaries: boundaries)
        var buffer = Self.buffer("{}\0{\"a\"")
        #expect(try decoder.decode(buffer: &buffer) == .message(Self.buffer("{}")))
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(boundaries.messageEnded && boundaries.messageOpen)
        boundaries.messageEnded = false
        buffer.writeString(":1}\0")
        #expect(try decoder.decode(buffer: &buffer) == .message(Self.buffer("{\"a\":1}")))
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(boundaries.messageEnded && !boundaries.messageOpen)
        // A message past the limit is open while its bytes are discarded, up to its NUL.
        boundaries.messageEnded = false
        buffer.writeString("0123456789")
        #expect(try decoder.decode(buffer: &buffer) == .tooLong(limit: 8))
        #expect(!boundaries.messageEnded && boundaries.messageOpen)
        buffer.writeString("abc\0")
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(boundaries.messageEnded && !boundaries.messageOpen)
    }
}
