import ChevronText
import ChevronVarlink
import ChevronWire

/// io.chevron.Service.GetFingerprint: a hash of everything that changes an answer.
extension ChevronService {
    /// Computes the fingerprint of what the service answers with now and keeps it; blocks while
    /// it hashes files that changed (every font file, the first time in a process without a
    /// cache file). A daemon calls it on a worker after it is ready, and reloads call it.
    @discardableResult
    public func refreshFingerprint() -> Fingerprint {
        let registry = registry
        return fingerprints.refresh {
            Fingerprint.compute(
                text: text, registry: registry, version: configuration.version, hashes: fingerprints.hashes)
        }
    }

    /// Where a process remembers file hashes between runs: `$XDG_CACHE_HOME/chevron/file-hashes.tsv`,
    /// else `~/.cache/chevron/file-hashes.tsv`; nil when neither variable is set.
    public static func defaultFingerprintCacheFile(environment: [String: String]) -> String? {
        FileHashes.defaultCacheFile(environment: environment)
    }

    public func getFingerprint(_ parameters: ServiceInterface.GetFingerprint.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        switch fingerprints.status {
        case .ready(let fingerprint): return .value(fingerprint.reply)
        case .computing:
            throw VarlinkError(
                ServiceInterface.Pending.self,
                .init(message: "the fingerprint is being computed (fonts are hashed after start and reload); ask again"))
        case .stale:
            // Nobody is computing it (an in-process service asked for the first time): hashing
            // files may block.
            return .work { [self] () throws(VarlinkError) in .value(refreshFingerprint().reply) }
        }
    }
}

extension Fingerprint {
    /// GetFingerprint's reply.
    var reply: ServiceInterface.GetFingerprint.Reply {
        ServiceInterface.GetFingerprint.Reply(
            fingerprint: value,
            parts: ServiceInterface.FingerprintParts(
                fonts: parts.fonts, fontconfig: parts.fontconfig, libraries: parts.libraries, looks: parts.looks),
            faces: faces, fontFiles: fontFiles, configurationFiles: configurationFiles, libraries: libraries,
            looks: looks, generation: generation, seconds: seconds
        )
    }
}
