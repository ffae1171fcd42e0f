import ChevronCheck
import Glibc

/// A progress bar on standard error, drawn only when it is a terminal. Advanced by the one task
/// that collects a check's batches.
final class ProgressBar: CheckProgress {
    /// How many there are to do: nil while they are still being counted (the bar then shows
    /// only how many are done).
    private var total: Int?
    private var done = 0
    private let enabled = isatty(STDERR_FILENO) == 1

    func expect(total: Int) {
        self.total = total
    }

    func advance(by count: Int) {
        done += count
        guard enabled else { return }
        guard let total else {
            Output.standardError("\r\(done) done")
            return
        }
        guard total > 0 else { return }
        let filled = done * 30 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
        Output.standardError("\r[\(bar)] \(done)/\(total)")
    }

    func finish() {
        if enabled, done > 0 || total ?? 0 > 0 { Output.standardError("\n") }
    }
}
