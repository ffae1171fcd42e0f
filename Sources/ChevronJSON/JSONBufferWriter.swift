/// JSON text written straight into free memory, a channel buffer's or a new array's: the one
/// output of the generated writers. Plain stores through a pointer, with none of the checks each
/// `ByteBuffer.writeBytes` makes (uniqueness, capacity, exclusive access to its storage), which
/// cost more than the bytes for text written a few bytes at a time. When the room runs out it
/// stops storing and says so (`overflowed`), but goes on counting; the caller
/// (`ByteBuffer.writeJSON`, `WireStruct.encode(into:)`) then writes again with room for all of
/// it. With no room at all it only counts (`WireStruct.jsonByteCount`).
public struct JSONBufferWriter {
    @usableFromInline let base: UnsafeMutableRawPointer?
    @usableFromInline let capacity: Int
    @usableFromInline var written = 0
    @usableFromInline var didOverflow = false
    /// Whether this writer is a probe (`probe()`): it stores nothing, and the writers of values
    /// note each value whose text would not read back as itself.
    @usableFromInline let probes: Bool
    @usableFromInline var inexact = false

    /// Bytes of the text so far: all written, unless `overflowed`.
    @inlinable public var count: Int { written }
    /// Whether the text did not fit: the caller writes it again with more room.
    @inlinable public var overflowed: Bool { didOverflow }

    /// A writer into `room`, which it fills from its start.
    @inlinable public init(_ room: UnsafeMutableRawBufferPointer) {
        base = room.baseAddress
        capacity = room.count
        probes = false
    }

    private init(probing: Void) {
        base = nil
        capacity = 0
        probes = true
    }

    /// A writer that stores nothing: written through, it says whether the text would read back
    /// as the value written (`foundInexact`).
    public static func probe() -> JSONBufferWriter { JSONBufferWriter(probing: ()) }

    /// Whether this writer is a probe: a value's writer then checks the value instead of
    /// writing its text, and calls `noteInexact()` for one whose text would not read back as it.
    @inlinable public var isProbe: Bool { probes }
    /// Whether a value written to this probe would not read back as itself.
    public var foundInexact: Bool { inexact }
    /// Notes, in a probe, a value whose text would not read back as itself.
    @inlinable public mutating func noteInexact() { inexact = true }

    @inlinable public mutating func writeJSON(byte: UInt8) {
        guard written < capacity, let base else {
            didOverflow = true
            written += 1
            return
        }
        base.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
        written += 1
    }

    @inlinable public mutating func writeJSON(bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= capacity - written, let base else {
            didOverflow = true
            written += bytes.count
            return
        }
        if let source = bytes.baseAddress { (base + written).copyMemory(from: source, byteCount: bytes.count) }
        written += bytes.count
    }
}
