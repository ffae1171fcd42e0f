import ChevronLooks
import ChevronText
import ChevronVarlink
import ChevronWire

/// io.chevron.Service: GetStatistics and Reload; also what the daemon runs on SIGHUP and at start.
extension ChevronService: ServiceInterfaceMethods {
    /// What a reload did: the new generation, the looks served, and the manifests that failed.
    public struct ReloadOutcome: Sendable {
        /// The font generation after the rescan.
        public var generation: Int
        /// The looks served now, sorted.
        public var looks: [String]
        /// Manifests that could not be used (their previous good look, if any, stays).
        public var problems: [ManifestProblem]
        /// A font rescan that failed (the previous fonts stay), or nil.
        public var fontProblem: String?
    }

    /// Re-reads the manifests and rescans the fonts, bumping the cache generation. A broken
    /// manifest keeps the look it replaced; a failed rescan keeps the previous fonts.
    public func reload() -> ReloadOutcome {
        fingerprints.invalidate()
        defer { refreshFingerprint() }
        var fontProblem: String?
        let generation: Int
        do {
            generation = try text.rescanFonts()
        } catch {
            fontProblem = error.description
            generation = text.statistics.generation
        }
        let (registry, problems) = loadLooks(keepingFrom: self.registry)
        replaceLooks(registry)
        return ReloadOutcome(
            generation: generation, looks: registry.names, problems: problems, fontProblem: fontProblem)
    }

    /// Loads the manifests at start-up; returns their problems.
    public func loadManifests() -> [ManifestProblem] {
        let (registry, problems) = loadLooks(keepingFrom: nil)
        replaceLooks(registry)
        return problems
    }

    /// Measures a title in every look, so the looks' fonts are matched, opened and shaped once
    /// before the first client asks. Returns the looks that failed, with why.
    public func warmUp() -> [(look: String, problem: String)] {
        let sizing = sizing
        var failures: [(look: String, problem: String)] = []
        for look in sizing.registry.names {
            do {
                _ = try sizing.size(SizeRequest(look: look, title: "Back"))
            } catch {
                failures.append((look, "\(error)"))
            }
        }
        return failures
    }

    private func loadLooks(keepingFrom previous: LookRegistry?) -> (LookRegistry, [ManifestProblem]) {
        guard let directory = configuration.looksDirectory else { return (configuration.builtInLooks, []) }
        let (registry, problems) = configuration.builtInLooks.addingManifests(from: directory, keepingFrom: previous)
        return (registry, problems)
    }

    public func reload(_ parameters: ServiceInterface.Reload.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        guard mayReload(context.peer) else {
            let uid = context.peer.map { Int($0.uid) } ?? -1
            throw VarlinkError(
                ServiceInterface.PermissionDenied.self,
                .init(
                    method: ServiceInterface.Reload.name, uid: uid,
                    message: "Reload is allowed to root and to the daemon's own user only"))
        }
        return .work { [self] () throws(VarlinkError) in
            .value(reloadReply(reload()))
        }
    }

    /// Reload's reply: the new generation, the looks, and every problem found.
    private func reloadReply(_ outcome: ReloadOutcome) -> ServiceInterface.Reload.Reply {
        typealias Problem = ServiceInterface.ManifestProblem
        let problems =
            outcome.problems.map { Problem(file: $0.file, field: $0.field, reason: $0.reason) }
            + (outcome.fontProblem.map { [Problem(file: "", field: "fonts", reason: $0)] } ?? [])
            + text.skippedFonts.map { Problem(file: $0.file, field: "fonts", reason: "\($0.reason); skipped") }
        return ServiceInterface.Reload.Reply(generation: outcome.generation, looks: outcome.looks, problems: problems)
    }

    public func getStatistics(_ parameters: ServiceInterface.GetStatistics.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        let text = text.statistics
        let transport = transportStatistics
        typealias Reply = ServiceInterface.GetStatistics.Reply
        return .value(
            Reply(
                uptime: uptime,
                connections: Reply.Connections(
                    open: transport.open, accepted: transport.accepted, refused: transport.refused),
                calls: varlink.methodCounts.sorted { $0.key < $1.key }.map { method, counts in
                    ServiceInterface.MethodStatistics(method: method, calls: counts.calls, errors: counts.errors)
                },
                answeredFromMemory: transport.answeredFromMemory,
                deferredToWorkers: transport.deferredToWorkers,
                workedOnEventLoop: transport.workedOnEventLoop,
                cache: ServiceInterface.CacheStatistics(
                    entries: text.cache.entries, bytes: text.cache.bytes, byteBudget: text.cacheByteBudget,
                    entryLimit: text.cacheEntryLimit, hits: text.cache.hits, misses: text.cache.misses),
                generation: text.generation, looks: registry.names.count, openFaces: text.openFaces
            ))
    }

    public func getLimits(_ parameters: ServiceInterface.GetLimits.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        .value(
            ServiceInterface.GetLimits.Reply(
                messageBytes: configuration.maximumMessageBytes,
                textBytes: text.configuration.limits.maximumTextBytes, sizeManyRequests: configuration.maximumBatchSize
            ))
    }
}
