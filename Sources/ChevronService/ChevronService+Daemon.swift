import ChevronText
import ChevronVarlink

/// What chevrond serves: the calls (`CallResponder`) and the moments of the daemon's life
/// (`DaemonService`), each answered with the lines the daemon logs.
extension ChevronService: DaemonService {
    public func respond(_ call: VarlinkCall, context: VarlinkCallContext, mayBlock: Bool) -> VarlinkOutcome {
        varlink.respond(call, context: context, mayBlock: mayBlock)
    }

    public func parametersReader(for method: String) -> VarlinkParametersReader? {
        Self.parametersReader(for: method)
    }

    public func invalidMessage(_ reason: String) -> VarlinkError { Self.invalidMessage(reason) }

    public func messageTooLong(limit: Int) -> VarlinkError { Self.messageTooLong(limit: limit) }

    public func countRejectedMessage() { varlink.countRejectedMessage() }

    /// Loads the manifests, then measures a title in every look so their fonts are matched,
    /// opened and shaped once before the first client asks.
    public func prepareToServe() -> [ServiceLogLine] {
        var lines = loadManifests().map { ServiceLogLine(.error, "manifest \($0)") }
        lines += skippedFontLines
        let started = ContinuousClock.now
        lines += warmUp().map { ServiceLogLine(.error, "look \($0.look) cannot size a title: \($0.problem)") }
        lines.append(ServiceLogLine(.info, "fonts warm for \(registry.names.count) looks in \(ContinuousClock.now - started)"))
        return lines
    }

    /// `reload()`, said as the log says it (the Reload method logs the same lines).
    public func reloadOnSignal() -> [ServiceLogLine] { Self.logLines(of: reload(), skipped: skippedFontLines) }

    /// The lines a reload's outcome is logged as.
    public static func logLines(of outcome: ReloadOutcome, skipped: [ServiceLogLine]) -> [ServiceLogLine] {
        var lines = outcome.problems.map { ServiceLogLine(.error, "reload: manifest \($0); the previous look stays") }
        if let fontProblem = outcome.fontProblem { lines.append(ServiceLogLine(.error, "reload: font rescan failed: \(fontProblem)")) }
        lines += skipped
        lines.append(ServiceLogLine(.info, "reloaded: generation \(outcome.generation), \(outcome.looks.count) looks"))
        return lines
    }

    /// Each file of the font folders that was skipped, and why.
    var skippedFontLines: [ServiceLogLine] {
        text.skippedFonts.map { ServiceLogLine(.warning, "fonts: skipped \($0.file): \($0.reason)") }
    }

    /// The fingerprint, computed once serving so that hashing the fonts never delays readiness.
    public func workAfterStart() -> [ServiceLogLine] {
        let fingerprint = refreshFingerprint()
        return [
            ServiceLogLine(
                .info,
                "fingerprint \(fingerprint.value) over \(fingerprint.faces) faces in \(fingerprint.fontFiles) files, computed in \(fingerprint.seconds) s"
            )
        ]
    }

    public var statusLine: String {
        "Serving \(registry.names.count) looks, font generation \(text.statistics.generation)"
    }
}
