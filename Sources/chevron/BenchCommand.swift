import ArgumentParser
import ChevronClient
import ChevronJSON
import Foundation
import Histogram

/// `chevron bench`: a load generator with latency percentiles.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Load chevrond with calls and report throughput and latency percentiles.",
        discussion: """
            Opens --connections connections, each keeping --depth calls in flight (pipelined), for \
            --duration seconds or --count calls in all. --mix weights the methods: size (a cached title), \
            unique (a title never asked before), measure, looks, render (a PNG of a cached title at 2×). Latencies go into an HDR histogram \
            (three significant digits).
            """)

    @Option(name: .long, help: "Connections.")
    var connections = 4

    @Option(name: .long, help: "Calls in flight per connection.")
    var depth = 16

    @Option(name: .long, help: "Seconds to run (unless --count is given).")
    var duration = 5.0

    @Option(name: .long, help: "Calls in all (instead of --duration).")
    var count: Int?

    @Option(name: .long, help: "Method weights, e.g. size=8,unique=1,measure=1,looks=0.")
    var mix = "size=1"

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        guard (1...256).contains(connections) else { throw ValidationError("--connections must be 1…256") }
        guard (1...1024).contains(depth) else { throw ValidationError("--depth must be 1…1024") }
        // Each slot keeps a latency histogram (about 140 KB): bound them all together.
        guard connections * depth <= 1024 else {
            throw ValidationError(
                "--connections × --depth is \(connections * depth); the limit is 1024 calls in flight")
        }
        guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be a positive number") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        _ = try BenchMix(mix)
    }

    func run() async throws {
        let mix = try BenchMix(mix)
        try await Output.reportingErrors {
            // In-process, one engine serves every "connection" (there is no socket to share).
            // A benchmark measures chevrond unless --local says otherwise: never silently this process.
            let connected = try await connection.connect(fallback: false)
            var clients: [ChevronClient] = [connected.client]
            for _ in 1..<connections {
                guard let other = await connected.another() else { break }
                clients.append(other)
            }
            let budget = CallBudget(count: count, deadline: count == nil ? Date().addingTimeInterval(duration) : nil)
            let started = ContinuousClock.now
            let histograms = try await withThrowingTaskGroup(of: Histogram<UInt64>.self) { group in
                for (index, client) in clients.enumerated() {
                    for slot in 0..<depth {
                        group.addTask {
                            try await Self.callLoop(
                                client: client, mix: mix, budget: budget, seed: index * 10_000 + slot)
                        }
                    }
                }
                var all = Histogram<UInt64>(highestTrackableValue: 60_000_000)
                for try await histogram in group { all.add(histogram) }
                return all
            }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let report = BenchReport(histogram: histograms, seconds: seconds, errors: budget.errors)
            if json {
                Output.printJSON(report.json)
            } else {
                print(
                    "\(report.calls) calls in \(String(format: "%.2f", seconds)) s: \(Int(report.callsPerSecond)) calls/s, "
                        + "\(report.errors) errors")
                print(
                    "latency µs: p50 \(report.p50) p90 \(report.p90) p99 \(report.p99) p99.9 \(report.p999) max \(report.max)"
                )
            }
        }
    }

    /// One in-flight slot: call, record, repeat until the budget is spent.
    private static func callLoop(client: ChevronClient, mix: BenchMix, budget: CallBudget, seed: Int) async throws
        -> Histogram<UInt64>
    {
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000)
        var sequence = seed
        while let number = budget.take() {
            sequence += 1
            let started = ContinuousClock.now
            do throws(ChevronClientError) {
                switch mix.pick(number) {
                case .size: _ = try await client.size(SizeParameters(title: "Settings"))
                case .unique: _ = try await client.size(SizeParameters(title: "Title \(seed) \(sequence)"))
                case .measure: _ = try await client.measureText("Settings")
                case .looks: _ = try await client.listLooks()
                case .render: _ = try await client.render(SizeParameters(title: "Settings", scale: 2))
                }
            } catch {
                // An error reply is counted; a broken connection ends the run.
                guard error.code == .remote else { throw error }
                budget.countError()
            }
            let elapsed = ContinuousClock.now - started
            let microseconds: Int64 =
                elapsed.components.seconds * 1_000_000
                + elapsed.components.attoseconds / 1_000_000_000_000
            _ = histogram.record(UInt64(Swift.max(Int64(1), microseconds)))
        }
        return histogram
    }
}

/// The methods `chevron bench` calls, by weight.
struct BenchMix: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case size, unique, measure, looks, render
    }

    private let wheel: [Kind]

    init(_ text: String) throws {
        var wheel: [Kind] = []
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let kind = Kind(rawValue: pair[0]), let weight = Int(pair[1]),
                (0...1000).contains(weight)
            else {
                throw ValidationError(
                    "--mix: \"\(part)\" is not NAME=WEIGHT with NAME one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")) and WEIGHT 0…1000"
                )
            }
            wheel += Array(repeating: kind, count: weight)
        }
        guard !wheel.isEmpty else { throw ValidationError("--mix: every weight is 0") }
        self.wheel = wheel
    }

    func pick(_ number: Int) -> Kind { wheel[number % wheel.count] }
}

/// How many calls remain (or until when), shared by every slot.
final class CallBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int?
    private let deadline: Date?
    private var issued = 0
    private(set) var errors = 0

    init(count: Int?, deadline: Date?) {
        remaining = count
        self.deadline = deadline
    }

    /// The next call's number, or nil when the budget is spent.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if let deadline, Date() >= deadline { return nil }
        if let count = remaining {
            guard count > 0 else { return nil }
            remaining = count - 1
        }
        issued += 1
        return issued
    }

    func countError() {
        lock.lock()
        errors += 1
        lock.unlock()
    }
}

/// `chevron bench --json`.
struct BenchReport {
    let calls: UInt64
    let seconds: Double
    let callsPerSecond: Double
    let errors: Int
    let p50: UInt64
    let p90: UInt64
    let p99: UInt64
    let p999: UInt64
    let max: UInt64

    init(histogram: Histogram<UInt64>, seconds: Double, errors: Int) {
        calls = histogram.totalCount
        self.seconds = seconds
        callsPerSecond = seconds > 0 ? Double(histogram.totalCount) / seconds : 0
        self.errors = errors
        p50 = histogram.valueAtPercentile(50)
        p90 = histogram.valueAtPercentile(90)
        p99 = histogram.valueAtPercentile(99)
        p999 = histogram.valueAtPercentile(99.9)
        max = histogram.maxRecorded
    }

    /// The report as `--json` prints it.
    var json: JSONValue {
        .members([
            "calls": .number(Double(calls)), "seconds": .number(seconds), "callsPerSecond": .number(callsPerSecond),
            "errors": .int(errors), "p50": .number(Double(p50)), "p90": .number(Double(p90)),
            "p99": .number(Double(p99)), "p999": .number(Double(p999)), "max": .number(Double(max)),
        ])
    }
}
