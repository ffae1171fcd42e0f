import Dispatch
import Foundation
import Glibc
import Synchronization

/// Work that may block opening a FIFO, run with a deadline so that a failing test ends.
public enum Deadline {
    /// Runs `body` on a thread of its own and waits at most `seconds` for it; nil when it took
    /// longer. A reader blocked opening one of `fifos` is then let go (each FIFO is opened for
    /// writing and closed, so the reader sees an empty file) and waited for.
    public static func run<T: Sendable>(
        within seconds: Double, releasing fifos: [String], _ body: @escaping @Sendable () throws -> T
    ) -> Result<T, any Error>? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        let thread = Thread {
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            done.signal()
        }
        thread.start()
        if done.wait(timeout: .now() + seconds) == .success { return result.withLock { $0 } }
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            for fifo in fifos { FIFORelease.openForWriting(fifo) }
        }
        return nil
    }
}

/// Opens a FIFO for writing, again and again, from `after` seconds on until stopped: another
/// process blocked opening it for reading is let go (it reads an empty file).
public final class FIFORelease: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let released = Atomic<Bool>(false)

    public init(_ fifo: String, after seconds: Double) {
        Thread.detachNewThread { [self] in
            let deadline = Date().addingTimeInterval(seconds)
            while !stopped.load(ordering: .relaxed) {
                if Date() > deadline, Self.openForWriting(fifo) { released.store(true, ordering: .relaxed) }
                usleep(50_000)
            }
        }
    }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Whether a reader was blocked opening the FIFO and had to be let go: an event, where the
    /// time a start took would be a guess at what blocking looks like.
    public var letAReaderGo: Bool { released.load(ordering: .relaxed) }

    /// Opens `fifo` for writing and closes it, if a reader has it open; whether one had.
    @discardableResult
    static func openForWriting(_ fifo: String) -> Bool {
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }
}
