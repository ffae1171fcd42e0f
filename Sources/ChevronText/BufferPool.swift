import CHarfBuzz
import Synchronization

/// HarfBuzz buffers lent to one shaping call at a time.
///
/// An `hb_buffer_t` must not be shared by threads, and creating one is costly; a pool gives each
/// concurrent call its own and reuses it afterwards (Swift tasks hop threads, so a pool is simpler
/// than thread-local storage and just as safe).
final class BufferPool: Sendable {
    private let idle = Mutex<[HarfBuzzBuffer]>([])
    private let capacity: Int

    /// Creates a pool keeping at most `capacity` idle buffers.
    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// Runs `body` with a cleared buffer that no other thread uses meanwhile.
    func withBuffer<Result, Failure: Error>(
        _ body: (OpaquePointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let buffer = idle.withLock { $0.popLast() } ?? HarfBuzzBuffer()
        defer {
            hb_buffer_clear_contents(buffer.pointer)
            idle.withLock { if $0.count < capacity { $0.append(buffer) } }
        }
        return try body(buffer.pointer)
    }
}

/// An owned `hb_buffer_t`.
private final class HarfBuzzBuffer: @unchecked Sendable {
    // Only ever used by the one call that took it from the pool.
    let pointer: OpaquePointer

    init() {
        pointer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(pointer)
    }
}
