import ChevronBuiltInLooks
import ChevronClient
import ChevronService
import ChevronText
import ChevronVarlink
import Foundation

/// The service running in this process, behind the same interface as the daemon's socket:
/// `--local` answers exactly what chevrond would.
public final class InProcessTransport: VarlinkTransport {
    private let service: ChevronService
    private let peer = PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid())

    /// The built-in looks and the manifests of `looksDirectory`, with the system's fonts and
    /// `fontDirectories`'. Manifest problems and font files that are not fonts are said on
    /// standard error.
    /// - Parameter cacheByteBudget: the text engine's cache budget
    ///   (`TextEngine.Configuration.cacheByteBudget`); nil for its default.
    public init(looksDirectory: String?, fontDirectories: [String] = [], cacheByteBudget: Int? = nil) throws {
        var text = TextEngine.Configuration()
        text.fontDirectories = fontDirectories
        if let cacheByteBudget { text.cacheByteBudget = cacheByteBudget }
        var configuration = ChevronService.Configuration(builtInLooks: .builtIn, looksDirectory: looksDirectory)
        configuration.fingerprintCacheFile = ChevronService.defaultFingerprintCacheFile(
            environment: ProcessInfo.processInfo.environment)
        service = ChevronService(
            configuration: configuration, text: try TextEngine(configuration: text), ownerUID: geteuid())
        for problem in service.loadManifests() {
            Self.standardError("chevron: manifest \(problem.description.escapingControls)\n")
        }
        for skipped in service.text.skippedFonts {
            Self.standardError(
                "chevron: fonts: skipped \(skipped.file.escapingControls): \(skipped.reason.escapingControls)\n")
        }
    }

    /// Writes `text` on standard error with write(2), which, unlike `FileHandle.write`, cannot trap
    /// when standard error is closed or full (there is then nowhere to say anything).
    private static func standardError(_ text: String) {
        FileIO.writeAll(STDERR_FILENO, text)
    }

    /// Each reply goes through its wire form and back, exactly as it would over the socket
    /// (some replies are written as JSON text straight away and have no tree to read).
    public func call(_ call: VarlinkCall) async throws(ChevronClientError) -> [VarlinkReply] {
        try Self.readBack(answer(call).map { $0.frame.dropLast() })
    }

    /// The reply's value as the service made it, no text written or read, when it is a `T` whose
    /// text would read back as itself (`WireStruct.isWireExact`); else as the socket transport
    /// reads a typed reply: its parameters read as `T` in the pass that reads the frame, else
    /// the replies read back. Either way a reply the wire would refuse is refused with the same
    /// error.
    public func call<T: WireStruct>(_ call: VarlinkCall, readingParametersAs type: T.Type)
        async throws(ChevronClientError) -> TypedReply<T>
    {
        let replies = answer(call)
        if replies.count == 1, !replies[0].continues, let value = replies[0].value as? T, value.isWireExact {
            return .read(value)
        }
        let frames = replies.map { $0.frame.dropLast() }
        if frames.count == 1,
            let value = frames[0].withUnsafeBytes({ VarlinkReply.parameters(ofFrame: $0, as: type) })
        {
            return .read(value)
        }
        return .replies(try Self.readBack(frames))
    }

    /// The service's replies to `call`. Parameters of a generated type are handed over as they
    /// are; the method reads one whose text would not read back as the same value from that
    /// text, as it reads a socket's call, naming the field that is wrong (`VarlinkCall.read(_:)`).
    private func answer(_ call: VarlinkCall) -> [VarlinkReply] {
        service.handle(call, context: VarlinkCallContext(peer: peer))
    }

    /// Frames (without their NUL) read back into replies.
    private static func readBack(_ frames: [ArraySlice<UInt8>]) throws(ChevronClientError) -> [VarlinkReply] {
        var replies: [VarlinkReply] = []
        for frame in frames {
            do {
                replies.append(
                    try frame.withUnsafeBytes { bytes throws(VarlinkMessageError) in try VarlinkReply.read(frame: bytes)
                    })
            } catch {
                throw ChevronClientError(.protocolViolation, message: "an in-process reply did not read back: \(error)")
            }
        }
        return replies
    }

    /// Calls are values handed to the service: no message, no message limit.
    public var sendsMessages: Bool { false }

    public func close() async {}
}
