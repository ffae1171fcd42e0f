import ChevronClient
import ChevronTestSupport
import Foundation
import Glibc
import Testing

/// The Swift client library against the built chevrond: typed calls, pipelining, typed errors.
struct ChevronClientTests {
    /// chevrond for one test, its idle timeout an hour: these tests hold one connection across
    /// awaits, and in a full `make test` on two cores the synchronous tests running beside them
    /// (each blocking one of the two threads of Swift's concurrency pool while a process runs)
    /// can hold a test between its connect and its first call for longer than the default 60 s,
    /// after which chevrond closes the connection as idle. (`WireBoundsTests` tests that timeout.)
    static func daemon() throws -> DaemonProcess { try DaemonProcess(["--idle-timeout", "3600"]) }

    @Test func concurrentCallsArePipelinedAndEachGetsItsOwnAnswer() async throws {
        let daemon = try Self.daemon()
        let client = try await ChevronClient.connect(socketPath: daemon.socketPath)
        let titles = (0..<300).map { "Pipelined \($0)" }
        let shown = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, title) in titles.enumerated() {
                group.addTask {
                    (
                        index,
                        try await client.size(SizeParameters(look: "modern", title: title, device: "ipad-11"))
                            .displayedTitle
                    )
                }
            }
            var shown = [String](repeating: "", count: titles.count)
            for try await (index, title) in group { shown[index] = title }
            return shown
        }
        #expect(shown == titles)
        // All of them went over this one connection.
        let statistics = try await client.statistics()
        #expect(statistics.connections.open == 1)
        #expect(statistics.calls.first { $0.method == "io.chevron.BackButton.Size" }?.calls == 300)
        await client.close()
    }

    /// The README's example, as written there (`scripts/doc-examples.py` checks that it stands
    /// here), against chevrond: Settings in instagram is 69 pt wide (docs/looks.md: min(160,
    /// text + 21), with hb-shape's text width, snapped up).
    @Test func theReadmeExampleRuns() async throws {
        let daemon = try Self.daemon()
        let socketPath = daemon.socketPath
        let client = try await ChevronClient.connect(socketPath: socketPath)
        let layout = try await client.size(SizeParameters(look: "instagram", title: "Settings"))
        print(layout.width, layout.displayedTitle, layout.font.family)
        await client.close()
        let face = try ExternalTools.fcMatch("Helvetica:bold")
        let text = try ExternalTools.hbShapeWidth(file: face.file, text: "Settings", size: 12, features: ["-kern"])
        #expect(layout.width == min(160, text + 21).rounded(.up))
        #expect(layout.displayedTitle == "Settings" && layout.font.family == face.family)
    }

    @Test func typedCallsDecodeEveryMethod() async throws {
        let daemon = try Self.daemon()
        let client = try await ChevronClient.connect(socketPath: daemon.socketPath)
        let face = try ExternalTools.fcMatch("DejaVu Sans")
        let measurement = try await client.measureText("Hi", font: FontParameters(pattern: "DejaVu Sans", size: 20))
        #expect(measurement.runs.first?.face.file == face.file)
        let expected = try ExternalTools.hbShapeWidth(file: face.file, text: "Hi", size: 20)
        #expect(abs(measurement.width - expected) < 1e-9)
        #expect(try await client.resolveFont(FontParameters(pattern: "DejaVu Sans")).primary.file == face.file)
        let truncation = try await client.truncate("Notifications and Settings", maxWidth: 60)
        #expect(truncation.truncated && truncation.width <= 60)
        let results = try await client.sizeMany([SizeParameters(title: "A"), SizeParameters(look: "nope", title: "B")])
        #expect(results.map(\.index) == [0, 1])
        #expect(results[0].layout?.displayedTitle == "A")
        #expect(results[1].failure?.error == "io.chevron.BackButton.UnknownLook")
        let push = try await client.transition(SizeParameters(look: "bbcustom", title: "Back"), kind: .push)
        #expect(push.to.x == -80)  // seed 000: kBackButtonAnimationOffset
        #expect(try await client.listLooks().count == 6)
        #expect(try await client.describeLook("classic").artWidth == 43)  // docs/looks.md, "classic"
        #expect(try await client.reload().generation == 2)
    }

    /// The fields that say whether an answer can be trusted decode into the typed replies.
    @Test func layoutsAndMeasurementsCarryMissingGlyphsSubstitutionAndCoordinates() async throws {
        try #require(try ExternalTools.filesCovering(Unicode.Scalar(0x0378)!).isEmpty, "fc-list: no font has U+0378")
        let daemon = try Self.daemon()
        let client = try await ChevronClient.connect(socketPath: daemon.socketPath)
        let modern = try await client.size(SizeParameters(look: "modern", title: "A\u{0378}B"))
        #expect(modern.missingGlyphs == 1)
        #expect(modern.font.requested == "SF Pro Text" && modern.font.substituted)
        #expect(modern.font.file == (try ExternalTools.fcMatch("SF Pro Text").file))
        let classic = try await client.size(SizeParameters(title: "Back"))
        #expect(classic.missingGlyphs == 0)
        #expect(classic.font.requested == "Helvetica:bold" && !classic.font.substituted)
        #expect(try await client.resolveFont(FontParameters(pattern: "SF Pro Text")).substituted)
        #expect(try await !client.resolveFont(FontParameters(pattern: "Arial")).substituted)
        let pattern = "Inter:variable=true:weight=190"
        let fields = try ExternalTools.fcMatchFields(pattern, format: "%{file}|%{fontvariations}")
        let measured = try await client.measureText("Hi", font: FontParameters(pattern: pattern, size: 17))
        #expect(!measured.substituted && measured.missing == 0)
        #expect(measured.runs.first?.face.file == fields[0])
        #expect(measured.runs.first?.face.variations == fields[1])
        #expect(try await client.measureText("Hi").runs.first?.face.variations == nil)
        await client.close()
    }

    @Test func errorsAreTypedAfterTheVarlinkErrors() async throws {
        let daemon = try Self.daemon()
        let client = try await ChevronClient.connect(socketPath: daemon.socketPath)
        do {
            _ = try await client.size(SizeParameters(look: "aqua", title: "Back"))
            Issue.record("an unknown look was accepted")
        } catch {
            #expect(error.code == .remote)
            #expect(error.errorName == "UnknownLook")
            #expect(error.error?.name == "io.chevron.BackButton.UnknownLook")
        }
        do {
            _ = try await client.measureText("Hi", font: FontParameters(size: -1))
            Issue.record("a negative size was accepted")
        } catch {
            #expect(error.errorName == "InvalidValue")
            #expect(error.parameter == "font.size")
        }
        do {
            // Over the daemon's message limit: refused before sending, and the connection goes on.
            _ = try await client.size(SizeParameters(title: String(repeating: "x", count: 2 << 20)))
            Issue.record("an over-long call was sent")
        } catch {
            #expect(error.code == .tooLong)
        }
        #expect(try await client.size(SizeParameters(title: "Still here")).displayedTitle == "Still here")
        do {
            _ = try await ChevronClient.connect(socketPath: daemon.folder.appendingPathComponent("none.sock").path)
            Issue.record("connected to nothing")
        } catch {
            #expect(error.code == .unreachable)
            #expect(error.message.contains("none.sock"))
        }
    }
}

/// A socket that accepts connections (the kernel's backlog does) and never answers.
struct SilentServerTests {
    /// Without the deadline this test would hang; the time limit turns a hang into a failure.
    @Test(.timeLimit(.minutes(1)))
    func aDaemonThatNeverAnswersEndsTheCallAfterTheDeadline() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "silent-\(UUID().uuidString.prefix(8)).sock"
        ).path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(descriptor, 8) == 0)
        var limits = SocketTransport.Limits()
        limits.replyTimeout = .seconds(1)
        let client = ChevronClient(transport: try await SocketTransport.connect(path: path, limits: limits))
        do {
            _ = try await client.listLooks()
            Issue.record("a silent daemon answered")
        } catch {
            #expect(error.code == .closed)
            #expect(error.message.contains("no reply"))
        }
    }
}
