import ArgumentParser
import ChevronClient
import ChevronJSON

/// `chevron stats`: what the daemon has done.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show chevrond's uptime, connections, calls per method and caches.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        try await Output.reportingErrors {
            let statistics = try await connection.client(fallback: false).statistics()
            if json {
                Output.printJSON(StatsJSON(statistics).json)
                return
            }
            let connections = statistics.connections
            Output.line("uptime       \(Output.points(statistics.uptime)) s")
            Output.line(
                "connections  \(connections.open) open, \(connections.accepted) accepted, \(connections.refused) refused"
            )
            Output.line(
                "answered     \(statistics.answeredFromMemory) from memory, \(statistics.deferredToWorkers) by workers, "
                    + "\(statistics.workedOnEventLoop) short ones on the event loop")
            let cache = statistics.cache
            Output.line(
                "cache        \(cache.entries) entries, \(cache.bytes) of \(cache.byteBudget) bytes, "
                    + "\(cache.hits) hits, \(cache.misses) misses")
            Output.line(
                "generation   \(statistics.generation), \(statistics.looks) looks, \(statistics.openFaces) faces open")
            let width = statistics.calls.map(\.method.count).max() ?? 0
            for method in statistics.calls {
                Output.line(
                    "  \(method.method.column(width))  \(String(method.calls).column(8)) calls  \(method.errors) errors"
                )
            }
        }
    }
}

/// `chevron stats --json`.
struct StatsJSON {
    struct Calls {
        let method: String
        let calls: Int
        let errors: Int
    }

    let uptime: Double
    let connections: [String: Int]
    let calls: [Calls]
    let answeredFromMemory: Int
    let deferredToWorkers: Int
    let workedOnEventLoop: Int
    let cache: [String: Int]
    let generation: Int
    let looks: Int
    let openFaces: Int

    init(_ statistics: StatisticsReply) {
        uptime = statistics.uptime
        connections = [
            "open": statistics.connections.open, "accepted": statistics.connections.accepted,
            "refused": statistics.connections.refused,
        ]
        calls = statistics.calls.map { Calls(method: $0.method, calls: $0.calls, errors: $0.errors) }
        answeredFromMemory = statistics.answeredFromMemory
        deferredToWorkers = statistics.deferredToWorkers
        workedOnEventLoop = statistics.workedOnEventLoop
        let cache = statistics.cache
        self.cache = [
            "entries": cache.entries, "bytes": cache.bytes, "byteBudget": cache.byteBudget,
            "entryLimit": cache.entryLimit, "hits": cache.hits, "misses": cache.misses,
        ]
        generation = statistics.generation
        looks = statistics.looks
        openFaces = statistics.openFaces
    }

    /// The report as `--json` prints it.
    var json: JSONValue {
        func counts(_ table: [String: Int]) -> JSONValue { .object(table.map { ($0.key, .int($0.value)) }) }
        return .members([
            "uptime": .number(uptime), "connections": counts(connections),
            "calls": .array(
                calls.map { call in
                    .members(["method": .string(call.method), "calls": .int(call.calls), "errors": .int(call.errors)])
                }),
            "answeredFromMemory": .int(answeredFromMemory), "deferredToWorkers": .int(deferredToWorkers),
            "workedOnEventLoop": .int(workedOnEventLoop), "cache": counts(cache), "generation": .int(generation),
            "looks": .int(looks), "openFaces": .int(openFaces),
        ])
    }
}
