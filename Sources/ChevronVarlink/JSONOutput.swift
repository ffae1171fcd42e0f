import NIOCore

/// JSON text written straight into free memory, a ByteBuffer's or a new array's: the one output
/// of the generated writers. Plain stores through a pointer, with none of the checks each
/// `ByteBuffer.writeBytes` makes (uniqueness, capacity, exclusive access to its storage), which
/// cost more than the bytes for text written a few bytes at a time. When the room runs out it
/// stops storing and says so (`overflowed`), but goes on counting; the caller
/// (`ByteBuffer.writeJSON`, `WireStruct.encode(into:)`) then writes again with room for all of
/// it. With no room at all it only counts (`WireStruct.jsonByteCount`).
public struct JSONBufferWriter {
    @usableFromInline let base: UnsafeMutableRawPointer?
    @usableFromInline let capacity: Int
    /// Bytes of the text so far: all written, unless `overflowed`.
    @usableFromInline var count = 0
    /// Whether the text did not fit.
    @usableFromInline var overflowed = false

    @inlinable init(_ room: UnsafeMutableRawBufferPointer) {
        base = room.baseAddress
        capacity = room.count
    }

    @inlinable public mutating func writeJSON(byte: UInt8) {
        guard count < capacity, let base else {
            overflowed = true
            count += 1
            return
        }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inlinable public mutating func writeJSON(bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= capacity - count, let base else {
            overflowed = true
            count += bytes.count
            return
        }
        if let source = bytes.baseAddress { (base + count).copyMemory(from: source, byteCount: bytes.count) }
        count += bytes.count
    }
}

extension ByteBuffer {
    /// Writes the JSON text `body` produces straight into the buffer's free memory, reserving
    /// `estimate` bytes first and, in the rare case the text is longer, writing it again with
    /// room for all of it.
    @inlinable
    public mutating func writeJSON(estimate: Int = 1024, _ body: (inout JSONBufferWriter) -> Void) {
        var room = estimate
        while true {
            var fitted = false
            var needed = 0
            writeWithUnsafeMutableBytes(minimumWritableBytes: room) { memory in
                var output = JSONBufferWriter(memory)
                body(&output)
                fitted = !output.overflowed
                needed = output.count
                return fitted ? output.count : 0
            }
            if fitted { return }
            room = max(needed, room + 1)
        }
    }
}

/// JSON text of numbers and strings, handed out in pieces: one implementation for every output.
public enum JSONText {
    /// Calls `body` with the text of `number`: integers up to 2⁵³ without a fraction, other
    /// numbers in Swift's shortest form that reads back to the same `Double`, and `null` for NaN
    /// and infinities (JSON has neither).
    public static func withNumber(_ number: Double, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard number.isFinite else { return withStatic("null", body) }
        // An integer: its truncation is itself (compared so rather than with `rounded()`, a call
        // into libm for every number written).
        if abs(number) < 9_007_199_254_740_992, Double(Int64(number)) == number {
            // Decimal digits without going through a String (replies are mostly small integers).
            let integer = Int64(number)
            var magnitude = integer.magnitude
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a sign and 16 digits fit
            withUnsafeMutableBytes(of: &digits) { scratch in
                var start = scratch.count
                repeat {
                    start -= 1
                    scratch[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                if integer < 0 {
                    start -= 1
                    scratch[start] = UInt8(ascii: "-")
                }
                body(UnsafeRawBufferPointer(rebasing: scratch[start...]))
            }
        } else {
            var text = number.description
            text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Calls `body` with the pieces of `string` quoted: the quotes, runs that need no escaping
    /// (whole), and each escape (`\"`, `\\`, `\n`, `\r`, `\t`, other controls and NUL as `\u00XX`).
    public static func withQuoted(_ string: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        withStatic("\"", body)
        var string = string
        string.withUTF8 { typed in
            let utf8 = UnsafeRawBufferPointer(typed)
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { body(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index])) }
                withEscape(for: byte, body)
                runStart = index + 1
            }
            if runStart < utf8.count { body(UnsafeRawBufferPointer(rebasing: utf8[runStart...])) }
        }
        withStatic("\"", body)
    }

    private static func withEscape(for byte: UInt8, _ body: (UnsafeRawBufferPointer) -> Void) {
        switch byte {
        case UInt8(ascii: "\""): withStatic("\\\"", body)
        case UInt8(ascii: "\\"): withStatic("\\\\", body)
        case 0x0A: withStatic("\\n", body)
        case 0x0D: withStatic("\\r", body)
        case 0x09: withStatic("\\t", body)
        default:
            let hex: StaticString = "0123456789abcdef"
            var escape: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0F)]
            )
            withUnsafeBytes(of: &escape) { body($0) }
        }
    }

    /// Calls `body` with literal text.
    public static func withStatic(_ text: StaticString, _ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
