import Logging
import Synchronization

/// A log handler that lets each log statement (its file and line) speak at most `burst` times
/// per `interval`, then drops its lines and counts them; the statement's next line after the
/// interval says how many were dropped. A flood of refused connections or bad messages then
/// costs a few lines, not one line per connection. Critical lines always pass.
public struct RateLimitedLogHandler: LogHandler {
    private var inner: any LogHandler
    private let limiter: LogRateLimiter

    /// Wraps `inner`; statements sharing `limiter` share its counts.
    public init(_ inner: any LogHandler, limiter: LogRateLimiter) {
        self.inner = inner
        self.limiter = limiter
    }

    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        guard event.level != .critical else { return inner.log(event: event) }
        guard let dropped = limiter.admit("\(event.file):\(event.line)") else { return }
        var event = event
        if dropped > 0 { event.message = "\(event.message) (and \(dropped) more like it, not logged)" }
        inner.log(event: event)
    }
}

/// The counts behind `RateLimitedLogHandler`: per statement, how many lines passed in the
/// current interval and how many were dropped.
public final class LogRateLimiter: Sendable {
    private struct Window {
        var start: ContinuousClock.Instant
        var passed: Int
        var dropped: Int
    }

    /// Lines a statement may log per interval.
    public let burst: Int
    /// The interval.
    public let interval: Duration
    private let windows = Mutex<[String: Window]>([:])

    /// A limiter letting `burst` lines per statement through each `interval`.
    public init(burst: Int = 10, interval: Duration = .seconds(5)) {
        self.burst = burst
        self.interval = interval
    }

    /// Nil when the statement `key` must stay quiet now; else how many of its lines were dropped
    /// since it last spoke (to say so).
    func admit(_ key: String) -> Int? {
        let now = ContinuousClock.now
        return windows.withLock { windows in
            var window = windows[key] ?? Window(start: now, passed: 0, dropped: 0)
            if now - window.start >= interval {
                window.start = now
                window.passed = 0
            }
            guard window.passed < burst else {
                window.dropped += 1
                windows[key] = window
                return nil
            }
            let dropped = window.dropped
            window.passed += 1
            window.dropped = 0
            // Statements are a fixed set (file and line), so the table stays small.
            windows[key] = window
            return dropped
        }
    }
}
