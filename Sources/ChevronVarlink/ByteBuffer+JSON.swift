import ChevronJSON
import NIOCore

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
