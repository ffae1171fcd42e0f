import ChevronBuiltInLooks
import ChevronLooks
import ChevronService
import ChevronText
import ChevronVarlink
import ChevronWire
import Foundation
import NIOCore

// A loop to run under a profiler (`perf record -g`): one of the benchmarks' workloads over the
// titles, repeated for a number of rounds, printing the time per title. Not a benchmark: the
// figures that count come from Benchmarks/scripts/bench.sh, against the floors.
//
// Usage: chevron-profile WORKLOAD [ROUNDS]; the titles are CHEVRON_TITLES's file, else
// Benchmarks/floors/titles.txt (found from this source file's place).
// Workloads: uncached-measure, cached-measure, uncached-size, layout, cached-size; a look
// (LOOK=classic) may be set in the environment, and for the measurements a font pattern at
// 12 pt (FONT="Liberation Sans:bold", the floor's; default the look's font). The wire's own cost per
// title: reply-decode reads SizeMany replies of the titles' layouts (100 a reply, as an
// in-process chevrond wrote them) into their generated type, as a client does; reply-encode
// writes those replies into a buffer, as chevrond does; call-read reads SizeMany calls of the
// titles (100 a call) as chevrond reads a call's frame, its parameters read in the same pass.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print(
        "usage: chevron-profile uncached-measure|cached-measure|uncached-size|layout|cached-size|reply-decode|reply-encode|call-read [ROUNDS]"
    )
    exit(2)
}
let workload = arguments[1]
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let environment = ProcessInfo.processInfo.environment
let path =
    environment["CHEVRON_TITLES"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("floors/titles.txt").path
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    print("cannot read titles from \(path)")
    exit(1)
}
let titles = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
let look = environment["LOOK"] ?? "classic"
let font = try environment["FONT"].map { FontRequest(pattern: $0, size: 12) }
    ?? LookRegistry.builtIn.look(named: look).metrics.font

var uncachedConfiguration = TextEngine.Configuration()
uncachedConfiguration.cacheByteBudget = 0
let uncached = try TextEngine(configuration: uncachedConfiguration)
let cached = try TextEngine()

// Requests are built once, as the benchmarks build them (see LookBenchmarks.swift).
let requests = titles.map { SizeRequest(look: look, title: $0) }
let step: (Int) throws -> Void
switch workload {
case "uncached-measure": step = { _ = try uncached.measure(titles[$0], font: font) }
case "cached-measure": step = { _ = try cached.measure(titles[$0], font: font) }
case "uncached-size":
    let engine = SizingEngine(registry: .builtIn, text: uncached)
    step = { _ = try engine.size(requests[$0]) }
case "layout":
    let engine = SizingEngine(registry: .builtIn, text: cached)
    step = { _ = try engine.size(requests[$0]) }
case "cached-size":
    let engine = SizingEngine(
        registry: .builtIn, text: cached, layouts: LayoutCache(byteBudget: 64 << 20, entryLimit: 1 << 20))
    step = { _ = try engine.size(requests[$0]) }
case "reply-decode", "reply-encode":
    // Replies of 100 layouts each; a step reads or writes one reply, so the figure printed is
    // per reply: divide by 100 for a layout (the last reply may hold fewer).
    let service = ChevronService(
        configuration: ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: nil), text: cached,
        ownerUID: 0)
    var frames: [[UInt8]] = []
    var replies: [BackButtonInterface.SizeMany.Reply] = []
    for start in stride(from: 0, to: titles.count, by: 100) {
        let batch = titles[start..<min(start + 100, titles.count)]
        let call = VarlinkCall(
            method: BackButtonInterface.SizeMany.name,
            parameters: ["requests": .array(batch.map { ["look": .string(look), "title": .string($0)] })])
        let frame = service.handle(call, context: VarlinkCallContext(peer: nil)).flatMap(\.frame).dropLast()
        guard
            let reply = frame.withUnsafeBytes({
                VarlinkReply.parameters(ofFrame: $0, as: BackButtonInterface.SizeMany.Reply.self)
            })
        else {
            print("a SizeMany reply did not read back")
            exit(1)
        }
        frames.append(Array(frame))
        replies.append(reply)
    }
    if workload == "reply-decode" {
        step = { index in
            guard index < frames.count else { return }
            _ = frames[index].withUnsafeBytes {
                VarlinkReply.parameters(ofFrame: $0, as: BackButtonInterface.SizeMany.Reply.self)
            }
        }
    } else {
        var buffer = ByteBufferAllocator().buffer(capacity: 1 << 20)
        step = { index in
            guard index < replies.count else { return }
            buffer.clear()
            VarlinkReply(body: replies[index]).write(into: &buffer)
        }
    }
case "call-read":
    // Calls of 100 Size requests each, as a client writes them; a step reads one call's frame
    // as chevrond does (the envelope, and the parameters into their generated type in the same
    // pass) and gives the method its parameters. The figure printed is per request, as for the replies above.
    var frames: [[UInt8]] = []
    for start in stride(from: 0, to: titles.count, by: 100) {
        let batch = titles[start..<min(start + 100, titles.count)]
        let call = VarlinkCall(
            method: BackButtonInterface.SizeMany.name,
            parameters: ["requests": .array(batch.map { ["look": .string(look), "title": .string($0)] })])
        frames.append(Array(call.message.jsonText.utf8))
    }
    step = { index in
        guard index < frames.count else { return }
        let call = frames[index].withUnsafeBytes {
            VarlinkCall(frame: $0, readers: ChevronService.parametersReader(for:))
        }
        guard let call, (try? call.read(BackButtonInterface.SizeMany.Parameters.self)) != nil else {
            print("a call did not read")
            exit(1)
        }
    }
default:
    print("unknown workload \(workload)")
    exit(2)
}
for index in titles.indices { try step(index) }  // warm: fonts, chains, caches
let start = ContinuousClock.now
for _ in 0..<rounds {
    for index in titles.indices { try step(index) }
}
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
print(String(format: "%@ %@: %.3f us/title", workload, look, seconds / Double(rounds * titles.count) * 1e6))
// What the caches did: a workload meant to run from memory should show no misses after warming.
let statistics = cached.statistics.cache
print("cached engine: \(statistics.hits) hits, \(statistics.misses) misses, \(statistics.entries) entries")
