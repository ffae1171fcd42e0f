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

/// What a frame decoder saw of message boundaries, for the handler before it that times
/// messages (the daemon's deadline on a message's last byte): the decoder finds every NUL
/// anyway, so nothing scans a read for them a second time. Shared by the two handlers of one
/// connection, on its event loop.
public final class VarlinkFrameBoundaries {
    /// Whether a message's NUL was found since the owner last set this to false.
    public var messageEnded = false
    /// Whether bytes of a message whose NUL has not come yet are held (or being discarded).
    public private(set) var messageOpen = false

    /// Creates the record of a connection that has received nothing.
    public init() {}

    fileprivate func update(ended: Bool, open: Bool) {
        if ended { messageEnded = true }
        messageOpen = open
    }
}

@available(*, unavailable)
extension VarlinkFrameBoundaries: Sendable {}

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
    /// Told of every NUL found, and whether a message is open after each step.
    private let boundaries: VarlinkFrameBoundaries?

    /// Creates a decoder for messages of at most `maximumMessageBytes`, telling `boundaries`
    /// (when given) what it finds.
    public init(maximumMessageBytes: Int, boundaries: VarlinkFrameBoundaries? = nil) {
        self.maximumMessageBytes = maximumMessageBytes
        self.boundaries = boundaries
    }

    public mutating func decode(buffer: inout ByteBuffer) throws -> VarlinkFrame? {
        let (frame, ended) = try step(buffer: &buffer)
        boundaries?.update(ended: ended, open: discarding || buffer.readableBytes > 0)
        return frame
    }

    /// One step of `decode`, and whether it found a NUL.
    private mutating func step(buffer: inout ByteBuffer) throws -> (VarlinkFrame?, ended: Bool) {
        let readable = buffer.readableBytes
        if let length = Self.firstNUL(in: buffer, from: scanned) {
            scanned = 0
            if discarding {
                discarding = false
                buffer.moveReaderIndex(forwardBy: length + 1)
                return (try step(buffer: &buffer).0, ended: true)
            }
            if length > maximumMessageBytes {
                buffer.moveReaderIndex(forwardBy: length + 1)
                return (.tooLong(limit: maximumMessageBytes), ended: true)
            }
            guard let message = buffer.readSlice(length: length) else { return (nil, ended: false) }
            buffer.moveReaderIndex(forwardBy: 1)
            return (.message(message), ended: true)
        }
        if discarding {
            buffer.moveReaderIndex(forwardBy: readable)
            scanned = 0
            return (nil, ended: false)
        }
        if readable > maximumMessageBytes {
            buffer.moveReaderIndex(forwardBy: readable)
            scanned = 0
            discarding = true
            return (.tooLong(limit: maximumMessageBytes), ended: false)
        }
        scanned = readable
        return (nil, ended: false)
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
