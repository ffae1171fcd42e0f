import ChevronBuiltInLooks
import ChevronText
import ChevronVarlink
import Foundation
import NIOCore
import Testing

@testable import ChevronService

/// A big SizeMany is written as a stream, a piece per call to `next`, each piece about the
/// budget the transport gives. Whatever the budgets, the pieces together are the reply the same
/// call gets whole (`handle`, which does not stream).
@Suite struct SizeManyStreamTests {
    let service: ChevronService

    init() throws {
        service = ChevronService(
            configuration: ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: nil),
            text: try TextEngine(configuration: TextEngine.Configuration()), ownerUID: geteuid())
    }

    /// 100 requests: more than a batch answered from memory (64), so the call streams.
    static let call = VarlinkCall(
        method: "io.chevron.BackButton.SizeMany",
        parameters: [
            "requests": .array(
                (0..<100).map { index in
                    ["look": .string(index % 2 == 0 ? "classic" : "reeder"), "title": .string("Title \(index)")]
                })
        ])

    /// The stream of `call`, started as a transport that streams starts it.
    func stream(_ call: VarlinkCall = Self.call) throws -> any VarlinkReplyStream {
        var outcome = service.respond(call, context: VarlinkCallContext(peer: nil, allowsStreaming: true))
        if case .work(let pending) = outcome { outcome = pending.run() }
        guard case .stream(let stream) = outcome else {
            Issue.record("a SizeMany of 100 requests did not stream: \(outcome)")
            throw CancellationError()
        }
        return stream
    }

    /// The pieces written with `budgets` (the last one repeated until the stream ends).
    func streamed(budgets: [Int], call: VarlinkCall = Self.call) throws -> (bytes: [UInt8], pieces: Int) {
        let stream = try stream(call)
        var pieces = 0
        var bytes: [UInt8] = []
        while true {
            var buffer = ByteBuffer()
            let done = stream.next(into: &buffer, budget: budgets[min(pieces, budgets.count - 1)])
            bytes += buffer.readableBytesView
            pieces += 1
            if done { return (bytes, pieces) }
            #expect(pieces <= 100, "a stream of 100 requests that does not end")
            if pieces > 100 { return (bytes, pieces) }
        }
    }

    func whole(_ call: VarlinkCall = Self.call) -> [UInt8] {
        service.handle(call, context: VarlinkCallContext(peer: nil)).flatMap(\.frame)
    }

    @Test func piecesOfAnyBudgetMakeTheWholeReply() throws {
        let whole = whole()
        #expect(whole.last == 0 && whole.count > 20_000)
        // A budget the opening alone fills: before the fix, the next piece wrote the opening
        // again, and the reply did not parse (seen by `chevron check` through chevrond).
        for budgets in [[1], [10], [27, 1], [4096], [65536], [1, 65536], [1 << 30]] {
            let (bytes, pieces) = try streamed(budgets: budgets)
            let same = bytes == whole  // compared outside #expect, which would print every byte
            let difference =
                zip(bytes, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(bytes.count, whole.count)
            #expect(
                same,
                "budgets \(budgets): \(pieces) pieces, \(bytes.count) bytes against \(whole.count), first difference at \(difference)"
            )
        }
        // Each piece holds at least one result (a budget of one byte makes a piece per request),
        // and at most `sliceLimit`.
        #expect(try streamed(budgets: [1]).pieces == 100)
        let limit = SizeManyStream.sliceLimit
        #expect(try streamed(budgets: [1 << 30]).pieces == (100 + limit - 1) / limit)
    }

    /// With `more`, each result is a reply of its own, the last without `continues`.
    @Test func piecesOfAnyBudgetMakeTheSameRepliesWithMore() throws {
        var call = Self.call
        call.more = true
        let whole = whole(call)
        #expect(whole.filter { $0 == 0 }.count == 100)
        for budgets in [[1], [700], [1 << 30]] {
            let (bytes, pieces) = try streamed(budgets: budgets, call: call)
            let same = bytes == whole  // compared outside #expect, which would print every byte
            #expect(same, "budgets \(budgets): \(pieces) pieces, \(bytes.count) bytes against \(whole.count)")
        }
    }

    @Test func theStreamedReplyParsesWithEveryIndexOnce() throws {
        var bytes = try streamed(budgets: [1, 300, 5000]).bytes
        #expect(bytes.removeLast() == 0)
        let reply = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let parameters = reply?["parameters"] as? [String: Any]
        let results = parameters?["results"] as? [[String: Any]] ?? []
        #expect(results.compactMap { $0["index"] as? Int } == Array(0..<100))
        #expect(results.allSatisfy { ($0["layout"] as? [String: Any])?["width"] is Double })
    }
}
