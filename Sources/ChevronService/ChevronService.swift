import ChevronLooks
import ChevronText
import ChevronVarlink
import ChevronWire
import Synchronization

/// Chevron's Varlink methods (`io.chevron.Text`, `io.chevron.BackButton`, `io.chevron.Service`)
/// mapped onto the text engine and the looks.
///
/// Transport-free and thread-safe: the daemon hands it parsed calls from any thread and writes
/// the replies. The looks can be swapped (reload) while calls run; a call keeps the registry it
/// started with.
public final class ChevronService: Sendable {
    /// Bounds and places the service works with.
    public struct Configuration: Sendable {
        /// The looks compiled in; manifests are added to these.
        public var builtInLooks: LookRegistry
        /// A folder of look manifests, or nil for none.
        public var looksDirectory: String?
        /// The most requests one SizeMany call may carry (default 10,000).
        public var maximumBatchSize = 10_000
        /// The longest message the transport reads, in bytes, for GetLimits (the daemon's
        /// `--max-message-bytes`; an in-process service has no transport and keeps the default).
        public var maximumMessageBytes = VarlinkDefaults.maximumMessageBytes
        /// The daemon's version, for GetInfo (and the fingerprint).
        public var version = Configuration.defaultVersion
        /// Chevron's version, as this build was released.
        public static let defaultVersion = "0.6.0"
        /// Where file hashes of the fingerprint are remembered between processes, or nil for
        /// memory only (see `FileHashes.defaultCacheFile`).
        public var fingerprintCacheFile: String?

        /// Creates a configuration.
        public init(builtInLooks: LookRegistry, looksDirectory: String?) {
            self.builtInLooks = builtInLooks
            self.looksDirectory = looksDirectory
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The text engine all methods measure with.
    public let text: TextEngine
    /// The Varlink dispatcher over this service's methods.
    public var varlink: VarlinkDispatcher { dispatcher.withLock { $0 } }

    /// The fingerprint, once computed.
    let fingerprints: FingerprintStore
    /// Where GetStatistics reads the transport's counts; nil (zeros) without a transport that
    /// reports them (in process).
    private let transport = Mutex<(@Sendable () -> TransportStatistics)?>(nil)
    /// The looks and their layout cache, swapped whole by a reload.
    private let looks: Mutex<SizingEngine>
    /// Its methods capture `self`, so it can only be made once the rest is initialised: it
    /// starts as a dispatcher with no methods and is replaced at the end of `init`.
    private let dispatcher = Mutex(
        VarlinkDispatcher(
            info: VarlinkDispatcher.Info(vendor: "Chevron", product: "chevrond", version: "", url: ""), interfaces: [],
            methods: [:]))
    private let started = ContinuousClock.now
    /// The uid calls to Reload are allowed from besides root: the daemon's own.
    private let ownerUID: UInt32

    /// Creates the service with the built-in looks; `loadManifests()` adds the manifests' and
    /// returns the problems found in them.
    /// - Parameter ownerUID: the daemon's effective uid (Reload is allowed to it and to root).
    public init(configuration: Configuration, text: TextEngine, ownerUID: UInt32) {
        self.configuration = configuration
        self.text = text
        self.ownerUID = ownerUID
        looks = Mutex(Self.sizingEngine(configuration.builtInLooks, text: text))
        fingerprints = FingerprintStore(hashes: FileHashes(cacheFile: configuration.fingerprintCacheFile))
        dispatcher.withLock { dispatcher in
            dispatcher = VarlinkDispatcher(
                info: VarlinkDispatcher.Info(
                    vendor: "Chevron", product: "chevrond", version: configuration.version,
                    url: "https://github.com/chevron/chevron"),
                interfaces: ChevronInterfaces.all,
                methods: methodTable())
        }
    }

    /// Answers one call, doing whatever work it needs (on a worker thread, in a daemon).
    public func handle(_ call: VarlinkCall, context: VarlinkCallContext) -> [VarlinkReply] {
        varlink.handle(call, context: context)
    }

    /// Answers one call as `handle` does; when `context.allowsStreaming`, a large answer may come
    /// as a stream to write piece by piece (a big SizeMany). Never returns `.work`.
    public func respond(_ call: VarlinkCall, context: VarlinkCallContext) -> VarlinkOutcome {
        varlink.respond(call, context: context, mayBlock: true)
    }

    /// What a transport counts of itself, for GetStatistics (ChevronVarlink's type).
    public typealias TransportStatistics = ChevronVarlink.TransportStatistics

    /// Makes GetStatistics report what `source` gives: the transport serving this service.
    public func reportTransport(with source: @escaping @Sendable () -> TransportStatistics) {
        transport.withLock { $0 = source }
    }

    /// The transport's counts now, zeros when none reports them.
    var transportStatistics: TransportStatistics {
        transport.withLock { $0 }?() ?? TransportStatistics()
    }

    /// The looks served now.
    public var registry: LookRegistry { sizing.registry }

    /// The sizing engine over the current looks, with their layout cache.
    var sizing: SizingEngine { looks.withLock { $0 } }

    /// The seconds since the service started.
    var uptime: Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Every method of the three interfaces, each read with the types generated from its
    /// `.varlink` file (Sources/ChevronWire).
    /// The parameters reader of every method served, by qualified name: the connection reads a
    /// call's parameters with it in the pass that reads the call's frame.
    public static func parametersReader(for method: String) -> VarlinkParametersReader? {
        parametersReaders[method]
    }

    private static let parametersReaders = TextInterface.parametersReaders
        .merging(BackButtonInterface.parametersReaders) { first, _ in first }
        .merging(ServiceInterface.parametersReaders) { first, _ in first }
        .merging(VarlinkServiceInterface.parametersReaders) { first, _ in first }

    private func methodTable() -> [String: VarlinkMethod] {
        textInterfaceTable.merging(backButtonInterfaceTable) { first, _ in first }
            .merging(serviceInterfaceTable) { first, _ in first }
    }

    /// Swaps in a new registry (reload), with an empty layout cache of its own.
    func replaceLooks(_ registry: LookRegistry) {
        let sizing = Self.sizingEngine(registry, text: text)
        looks.withLock { $0 = sizing }
    }

    /// A sizing engine over `registry` whose layout cache gets a quarter of the text engine's
    /// budget and entry bound, on top of them.
    private static func sizingEngine(_ registry: LookRegistry, text: TextEngine) -> SizingEngine {
        let layouts = LayoutCache(
            byteBudget: text.configuration.cacheByteBudget / 4, entryLimit: text.configuration.cacheEntryLimit / 4)
        return SizingEngine(registry: registry, text: text, layouts: layouts)
    }

    /// Whether `peer` may reload: root, or the daemon's own user.
    func mayReload(_ peer: PeerCredentials?) -> Bool {
        guard let peer else { return false }
        return peer.uid == 0 || peer.uid == ownerUID
    }
}
