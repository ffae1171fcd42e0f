import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the frame decoder hands on: a whole message, or word that one was too long.
public enum VarlinkFrame: Sendable, Hashable {
    /// A message's bytes, without the terminating NUL.
    case message(ByteBuffer)
    /// A message grew past the limit without a NUL; its bytes up to the next NUL are dropped.
    case tooLong(limit: Int)
    /// The peer closed the connection in the middle of a message of this many bytes.
    case cutByEndOfFile(bytes: Int)
}

/// Splits a byte stream into NUL-terminated Varlink messages, bounded in size.
///
/// Remembers how far it scanned, so a message arriving in many reads is scanned once. A message
/// longer than `maximumMessageBytes` is never buffered: the decoder reports `.tooLong` once and
/// discards bytes until the next NUL, then carries on with the following message.
public struct VarlinkFrameDecoder: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = VarlinkFrame

    /// The longest message accepted, in bytes (the NUL not counted).
    public let maximumMessageBytes: Int
    private var scanned = 0
    private var discarding = false

    /// Creates a decoder for messages of at most `maximumMessageBytes`.
    public init(maximumMessageBytes: Int) {
        self.maximumMessageBytes = maximumMessageBytes
    }

    public mutating func decode(buffer: inout ByteBuffer) throws -> VarlinkFrame? {
        let readable = buffer.readableBytes
        if let length = Self.firstNUL(in: buffer, from: scanned) {
            scanned = 0
            if discarding {
                discarding = false
                buffer.moveReaderIndex(forwardBy: length + 1)
                return try decode(buffer: &buffer)
            }
            if length > maximumMessageBytes {
                buffer.moveReaderIndex(forwardBy: length + 1)
                return .tooLong(limit: maximumMessageBytes)
            }
            guard let message = buffer.readSlice(length: length) else { return nil }
            buffer.moveReaderIndex(forwardBy: 1)
            return .message(message)
        }
        if discarding {
            buffer.moveReaderIndex(forwardBy: readable)
            scanned = 0
            return nil
        }
        if readable > maximumMessageBytes {
            buffer.moveReaderIndex(forwardBy: readable)
            scanned = 0
            discarding = true
            return .tooLong(limit: maximumMessageBytes)
        }
        scanned = readable
        return nil
    }

    /// The offset of the first NUL among `buffer`'s readable bytes at or after `start`, found by
    /// libc's `memchr` (a byte loop over a 500 KB reply cost a client a tenth of its decoding).
    private static func firstNUL(in buffer: ByteBuffer, from start: Int) -> Int? {
        buffer.withUnsafeReadableBytes { bytes in
            guard start < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + start, 0, bytes.count - start)
            else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> VarlinkFrame? {
        // A message cut by EOF is incomplete: it is reported and dropped, never run.
        if let frame = try decode(buffer: &buffer) { return frame }
        let remaining = buffer.readableBytes
        buffer.moveReaderIndex(forwardBy: remaining)
        scanned = 0
        if discarding || remaining == 0 { return nil }
        return .cutByEndOfFile(bytes: remaining)
    }
}
