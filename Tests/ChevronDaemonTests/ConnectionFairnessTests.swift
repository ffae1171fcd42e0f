import ChevronTestSupport
import Dispatch
import Foundation
import Glibc
import Testing

/// What one connection costs the daemon and the others: a peer that never reads holds bounded
/// memory, given back when it closes, and pipelined batches are each answered as soon as they
/// are ready. The latency of a light client beside heavy ones is a benchmark
/// (`Benchmarks/scripts/bench_fairness.py`), not a timed test.
@Suite(.serialized)
struct ConnectionFairnessTests {
    /// The daemon's resident memory in MiB, from /proc.
    static func residentMiB(_ daemon: DaemonProcess) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kib = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kib / 1024
    }

    /// Sends `bytes` on `descriptor` from another thread (a client must read while it sends).
    static func sendInBackground(_ bytes: [UInt8], on descriptor: Int32) {
        DispatchQueue.global().async {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    @Test func peersThatNeverReadHoldBoundedMemoryWhichReturnsWhenTheyClose() throws {
        let daemon = try DaemonProcess()
        try Self.expectServed(daemon)
        let idle = try Self.residentMiB(daemon)
        // 40 connections each ask for 10,000 layouts (4.6 MB of replies) and read none.
        let call = try JSONSerialization.data(withJSONObject: [
            "method": "io.chevron.BackButton.SizeMany",
            "parameters": ["requests": Array(repeating: ["title": "a"], count: 10_000)],
        ])
        var hogs = try (0..<40).map { _ in try daemon.connect() }
        for hog in hogs { try hog.send(Array(call) + [0]) }
        usleep(3_000_000)
        let held = try Self.residentMiB(daemon) - idle
        // Each holds its request (160 KB of JSON, about 1 MB parsed) and about 64 KiB of replies
        // beyond the socket's buffer; the whole answer would be 4.6 MB each, 184 MB in all.
        #expect(held < 40 * 3, "\(held) MiB held for 40 peers that never read")
        try Self.expectServed(daemon)
        hogs.removeAll()  // each closes its socket
        // The daemon gives freed memory back a second after closes; a loaded machine may take
        // longer to get there, so this waits up to ten seconds for it.
        var after = Int.max
        for _ in 0..<20 where after >= 20 {
            usleep(500_000)
            after = try Self.residentMiB(daemon) - idle
        }
        #expect(after < 20, "\(after) MiB still held after the peers closed")
    }

    @Test func pipelinedBigBatchesAreAnsweredEachWhenReady() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.connect()
        let run = UUID().uuidString.prefix(8)
        var bytes: [UInt8] = []
        // A long batch first, so that the six behind it are all waiting when it ends.
        for batch in 0..<7 {
            let requests = (0..<(batch == 0 ? 3000 : 600)).map { ["title": "Pipelined \(run) \(batch) \($0)"] }
            bytes +=
                Array(
                    try JSONSerialization.data(withJSONObject: [
                        "method": "io.chevron.BackButton.SizeMany", "parameters": ["requests": requests],
                    ])) + [0]
        }
        let started = Date()
        Self.sendInBackground(bytes, on: client.descriptor)
        // When each reply's NUL arrives, read raw: parsing replies here would pace the arrivals.
        var arrivals: [Double] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while arrivals.count < 7 {
            let count = recv(client.descriptor, &buffer, buffer.count, 0)
            try #require(count > 0, "chevrond closed the connection")
            let now = Date().timeIntervalSince(started)
            for byte in buffer[..<count] where byte == 0 { arrivals.append(now) }
        }
        // Each of the six leaves when it is ready, never most of them together once one
        // worker's batch ends: held back and sent together, five would arrive within a fraction
        // of a millisecond of one another, where sizing 600 new titles takes several. (How far
        // apart they come depends on the machine's load, which only lengthens the gaps.)
        let gaps = (1..<7).map { arrivals[$0] - arrivals[$0 - 1] }
        #expect(gaps.filter { $0 < 0.002 }.count <= 1, "replies at \(arrivals) s")
    }

    /// A fresh client's call is answered, and answered well, while the peers are connected: the
    /// event, not how fast (a starved client would get no reply, and the test client's receive
    /// timeout turns that into a failure rather than a hang). How long it waits beside heavy
    /// peers is `Benchmarks/scripts/bench_fairness.py`'s figure.
    static func expectServed(_ daemon: DaemonProcess) throws {
        let reply = try daemon.connect().call("org.varlink.service.GetInfo")
        #expect(reply.error == nil)
        #expect(reply.parameters["vendor"] != nil, "GetInfo's reply has no vendor: \(reply.parameters)")
    }
}
