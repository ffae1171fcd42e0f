import CLinuxExtras
import Dispatch
import NIOCore
import NIOPosix

/// The worker threads for bulk work (the slices of big batches, the parsing of large messages),
/// apart from the threads that answer ordinary calls, and at a lower scheduling priority: a
/// connection sizing 7,000 titles can neither take every worker nor, on a busy machine, the
/// CPU an ordinary call needs. Each connection has one unit at a time in the lane, and the lane
/// takes units in the order they came, so bulk connections take turns.
public final class BulkLane: Sendable {
    /// How many threads the lane has.
    public let width: Int
    /// The nice value of its threads (the ordinary workers keep the daemon's).
    public static let niceness: Int32 = 10
    private let threads: NIOThreadPool

    /// A lane of `width` threads (at least 1), started now, each at `niceness`.
    public init(width: Int) {
        self.width = max(1, width)
        threads = NIOThreadPool(numberOfThreads: self.width)
        threads.start()
        // One task per thread, each held until all have begun, so that every thread runs one.
        let begun = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<self.width {
            threads.submit { _ in
                _ = chevron_set_thread_nice(Self.niceness)
                begun.signal()
                release.wait()
            }
        }
        for _ in 0..<self.width { begun.wait() }
        for _ in 0..<self.width { release.signal() }
    }

    /// Runs `body` on a lane thread; its result arrives on `eventLoop`.
    func run<T: Sendable>(eventLoop: any EventLoop, _ body: @escaping @Sendable () -> T) -> EventLoopFuture<T> {
        threads.runIfActive(eventLoop: eventLoop, body)
    }

    /// Stops the threads once their work is done.
    public func shutDown() {
        threads.shutdownGracefully { _ in }
    }
}
