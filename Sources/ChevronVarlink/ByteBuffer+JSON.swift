import ChevronJSON
import NIOCore

extension ByteBuffer {
    /// Writes the JSON text `body` produces straight into the buffer's free memory, reserving
    /// `estimate` bytes first and, in the rare case the text is longer, writing it again with
    /// four times the room.
    @inlinable
    public mutating func writeJSON(estimate: Int = 1024, _ body: (inout JSONBufferWriter) -> Void) {
        var room = estimate
        while true {
            var fitted = false
            writeWithUnsafeMutableBytes(minimumWritableBytes: room) { memory in
                var output = JSONBufferWriter(memory)
                body(&output)
                fitted = !output.overflowed
                return fitted ? output.count : 0
            }
            if fitted { return }
            room *= 4
        }
    }
}
