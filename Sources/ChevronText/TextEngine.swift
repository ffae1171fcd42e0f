import CHarfBuzz
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The text-measurement core: resolves fonts with fontconfig, opens them with FreeType, shapes
/// with HarfBuzz, caches what it measured. One engine serves a whole process, from any thread.
public final class TextEngine: Sendable {
    /// The largest font file the engine reads (`FontBytes.limit`): a larger one is refused, and
    /// not read to be hashed for the fingerprint either.
    public static let fontFileLimit = FontBytes.limit

    /// How an engine is bounded and where it finds fonts.
    public struct Configuration: Sendable, Hashable {
        /// Bounds on input.
        public var limits = TextLimits()
        /// The measurement cache's budget in estimated bytes (default 32 MiB).
        public var cacheByteBudget = 32 << 20
        /// The measurement cache's entry bound.
        public var cacheEntryLimit = 262_144
        /// Font directories to use besides the system's.
        public var fontDirectories: [String] = []
        /// How many font faces stay open at most.
        public var faceCapacity = 256

        /// The daemon's defaults.
        public init() {}
    }

    /// The configuration the engine was made with.
    public let configuration: Configuration
    private let session: Mutex<FontSession>
    let cache: MeasurementCache<TextMeasurement>
    let truncations: MeasurementCache<Truncation>
    /// Ellipses shaped as line ends for cuts, by ellipsis, request, face and script: a handful
    /// of entries, asked once per cut candidate.
    let pieces = BoundedCache<PieceKey, LinePiece>(byteBudget: 256, entryLimit: 256, shardCount: 1) { _, _ in 1 }
    /// Ellipses measured for cuts, by ellipsis and font: a handful of entries whatever the
    /// budget, so that a cut never shapes its ellipsis twice (see `measureEllipsis`).
    let ellipses = MeasurementCache<TextMeasurement>(byteBudget: 256 << 10, entryLimit: 256, shardCount: 1) {
        key, value in CacheCost.overhead + key.text.utf8.count + value.runs.count * CacheCost.run
    }
    private let buffers = BufferPool()
    private let fontconfigMatches = Atomic<Int>(0)
    private let generationNow = Atomic<Int>(1)

    /// Loads the font configuration (`FcInit` runs once per process).
    /// - Throws: `TextError` when fontconfig cannot load a configuration or a directory.
    public init(configuration: Configuration = Configuration()) throws(TextError) {
        self.configuration = configuration
        session = Mutex(
            try FontSession(
                generation: 1, fontDirectories: configuration.fontDirectories,
                faceCapacity: configuration.faceCapacity))
        // Truncations get a quarter of the budget and bound; measurements the rest.
        let budget = configuration.cacheByteBudget
        let entries = configuration.cacheEntryLimit
        cache = MeasurementCache(byteBudget: budget - budget / 4, entryLimit: entries - entries / 4) { key, value in
            CacheCost.overhead + key.text.utf8.count + value.runs.count * CacheCost.run
        }
        truncations = MeasurementCache(byteBudget: budget / 4, entryLimit: entries / 4) { key, value in
            CacheCost.overhead + key.text.utf8.count + (key.variant?.utf8.count ?? 0) + value.displayed.utf8.count
                + (value.measurement?.runs.count ?? 0) * CacheCost.run
        }
    }

    /// Measures `text` as one line in the requested font: width, vertical metrics, runs and the
    /// number of scalars no installed font covers. Empty text has width 0.
    /// - Throws: `TextError` for an invalid request, text over the limit, or an unreadable font.
    /// - Parameter filling: how a new measurement goes into a full cache (`.freeRoomOnly` for a
    ///   bulk scan).
    public func measure(_ text: String, font request: FontRequest, filling: CacheFilling = .evicting)
        throws(TextError) -> TextMeasurement
    {
        try checkLength(text, parameter: "text", limit: configuration.limits.maximumTextBytes)
        let hash = CacheKey.hash(text, request)
        // Only validated requests are ever cached, so a hit needs no validation; and a hit needs
        // only the generation (a lock-free read), not the session.
        if let cached = cachedMeasurement(text, request, hash: hash) { return cached }
        let session = currentSession
        try request.validate()
        let measurement = try shaper(for: request, in: session).measure(text)
        cache.insert(
            measurement, for: CacheKey(text: text, request: request, variant: nil, prehash: hash),
            generation: session.generation, filling: filling)
        return measurement
    }

    /// Resolves a request: the primary face and its fallbacks. With `text`, the fallbacks are the
    /// faces that text needs beyond the primary; without, fontconfig's whole trimmed chain.
    public func resolve(_ request: FontRequest, text: String? = nil) throws(TextError) -> FontResolution {
        try request.validate()
        let font = try resolvedFont(request, in: currentSession)
        guard let text else {
            let chain = try font.chain().names.filter { $0 != font.primary.name }
            return FontResolution(
                primary: font.primary.name, metrics: font.primary.metrics, fallbacks: chain, missing: 0,
                substituted: font.substituted)
        }
        try checkLength(text, parameter: "text", limit: configuration.limits.maximumTextBytes)
        let (segments, missing) = try Itemizer.itemize(text, font: font)
        var fallbacks: [FaceName] = []
        for segment in segments where segment.faceSlot > 0 {
            let name = try font.fallbackFace(at: segment.faceSlot - 1).name
            if !fallbacks.contains(name) { fallbacks.append(name) }
        }
        return FontResolution(
            primary: font.primary.name, metrics: font.primary.metrics, fallbacks: fallbacks, missing: missing,
            substituted: font.substituted)
    }

    /// Re-reads the font configuration and the installed fonts, and bumps the generation so every
    /// cached measurement misses. Calls in flight finish with the fonts they started with.
    /// - Returns: the new generation.
    @discardableResult
    public func rescanFonts() throws(TextError) -> Int {
        let next = try FontSession(
            generation: currentSession.generation + 1, fontDirectories: configuration.fontDirectories,
            faceCapacity: configuration.faceCapacity)
        return session.withLock { current in
            // Two rescans racing: keep the generation strictly increasing.
            guard next.generation > current.generation else { return current.generation }
            current = next
            generationNow.store(next.generation, ordering: .releasing)
            return next.generation
        }
    }

    /// The face `index` of the font file at `path`, as fontconfig reads it (`FcFreeTypeQuery`):
    /// how a pinned file is checked before it is used.
    /// - Throws: `TextError` (`fontFileCorrupt`) when the file cannot be read or is not a font.
    public static func face(ofFile path: String, index: Int = 0) throws(TextError) -> FaceName {
        guard access(path, R_OK) == 0 else {
            throw TextError(.fontFileMissing, parameter: "file", "\(path) is missing or cannot be read")
        }
        return try FontConfiguration.query(file: path, index: index).name
    }

    /// Whether `path` can serve as a font directory: an existing directory this process may list.
    public static func isFontDirectory(_ path: String) -> Bool { FontDirectory.isReadableDirectory(path) }

    /// Entries of the configured font directories that were not added, as of the last scan:
    /// files fontconfig could not read as fonts, and anything that is not a regular file (a
    /// FIFO, a device). Skipped, never a crash; a daemon logs them.
    public var skippedFontFiles: [String] { skippedFonts.map(\.file) }

    /// The same entries, each with why it was skipped.
    public var skippedFonts: [SkippedFontFile] { currentSession.configuration.skipped }

    /// Every face fontconfig can use now (system fonts and the font directories), as its file
    /// and face index: what a fingerprint of the fonts covers.
    public var installedFaces: [(file: String, index: Int)] { currentSession.configuration.allFaces }

    /// The configuration files fontconfig read for the current fonts.
    public var fontconfigFiles: [String] { currentSession.configuration.configurationFiles }

    /// What the engine holds and has done.
    public var statistics: TextStatistics {
        let session = currentSession
        return TextStatistics(
            cache: cache.statistics + truncations.statistics, generation: session.generation,
            fontconfigMatches: fontconfigMatches.load(ordering: .relaxed), openFaces: session.faces.count,
            cacheByteBudget: configuration.cacheByteBudget, cacheEntryLimit: configuration.cacheEntryLimit)
    }

    var currentSession: FontSession { session.withLock { $0 } }

    /// The cached measurement of `text` in `request` (whose key hashes to `hash`) under the
    /// current generation, found without building a key.
    func cachedMeasurement(_ text: String, _ request: FontRequest, hash: Int) -> TextMeasurement? {
        cache.value(probe: CacheKey.Probe(text: text, request: request, prehash: hash), generation: generation)
    }

    /// The font generation now: bumped by every rescan. Anything computed from measurements
    /// (a layout) is stale once it changes. A lock-free read.
    public var generation: Int { generationNow.load(ordering: .acquiring) }

    func resolvedFont(_ request: FontRequest, in session: FontSession) throws(TextError) -> ResolvedFont {
        try session.resolve(request.face, language: request.language) {
            fontconfigMatches.add(1, ordering: .relaxed)
        }
    }

    /// A shaper for an already validated request; measures without the cache.
    func shaper(for request: FontRequest, in session: FontSession) throws(TextError) -> LineShaper {
        LineShaper(font: try resolvedFont(request, in: session), request: request, buffers: buffers)
    }

    /// A cut's ellipsis shaped as the end of a line in `face` and `script` (`LineShaper.piece`),
    /// from a small table of its own: like the ellipsis's measurement, a constant of a look's
    /// font, asked for by every cut.
    func ellipsisPiece(
        _ ellipsis: String, request: FontRequest, face: FontFace, script: hb_script_t, rightToLeft: Bool,
        shaper: LineShaper, generation: Int
    ) -> LinePiece {
        let key = PieceKey(
            text: ellipsis, request: request, face: face.name, script: script.rawValue, rightToLeft: rightToLeft)
        if let known = pieces.value(for: key, generation: generation) { return known }
        let piece = shaper.piece(ellipsis, face: face, script: script, rightToLeft: rightToLeft)
        pieces.insert(piece, for: key, generation: generation)
        return piece
    }

    /// The measurement of a cut's ellipsis in a validated request, from a small cache of its own.
    ///
    /// An ellipsis is a constant of a look (or of a client), like the font it is set in: kept
    /// apart from the titles' cache, it is shaped once per font and generation even when that
    /// cache is full of titles, or has no budget at all.
    func measureEllipsis(_ ellipsis: String, font request: FontRequest) throws(TextError) -> TextMeasurement {
        let hash = CacheKey.hash(ellipsis, request)
        if let known = ellipses.value(
            probe: CacheKey.Probe(text: ellipsis, request: request, prehash: hash), generation: generation)
        {
            return known
        }
        let session = currentSession
        let measurement = try shaper(for: request, in: session).measure(ellipsis)
        ellipses.insert(
            measurement, for: CacheKey(text: ellipsis, request: request, variant: nil, prehash: hash),
            generation: session.generation)
        return measurement
    }

    func checkLength(_ text: String, parameter: String, limit: Int) throws(TextError) {
        let length = text.utf8.count
        guard length <= limit else {
            throw TextError(
                .textTooLong, parameter: parameter,
                "the \(parameter) is \(length) UTF-8 bytes long; the limit is \(limit)", limit: limit)
        }
    }
}

/// A resolved font request: the primary face, its metrics, and its fallbacks.
public struct FontResolution: Sendable, Hashable {
    /// The face fontconfig matched (what `fc-match` prints).
    public var primary: FaceName
    /// The primary face's metrics.
    public var metrics: FaceMetrics
    /// Fallback faces, in order of preference.
    public var fallbacks: [FaceName]
    /// With a text: how many of its scalars no installed font covers.
    public var missing: Int
    /// Whether the primary face is of another family than the one asked for (see
    /// `TextMeasurement.substituted`).
    public var substituted: Bool
}

/// What a `TextEngine` holds and has done.
public struct TextStatistics: Sendable, Hashable {
    /// The measurement cache.
    public var cache: CacheStatistics
    /// The font generation; a rescan bumps it.
    public var generation: Int
    /// How many times fontconfig was asked to match a request (a repeated request is not).
    public var fontconfigMatches: Int
    /// Faces open now.
    public var openFaces: Int
    /// The cache's byte budget.
    public var cacheByteBudget: Int
    /// The cache's entry bound.
    public var cacheEntryLimit: Int
}

/// What an ellipsis shaped as a line end depends on.
struct PieceKey: PrehashedKey {
    let text: String
    let request: FontRequest
    let face: FaceName
    let script: UInt32
    let rightToLeft: Bool
    let prehash: Int

    init(text: String, request: FontRequest, face: FaceName, script: UInt32, rightToLeft: Bool) {
        self.text = text
        self.request = request
        self.face = face
        self.script = script
        self.rightToLeft = rightToLeft
        var hasher = KeyHasher()
        hasher.combine(text)
        request.hash(into: &hasher)
        hasher.combine(face.file)
        hasher.combine(face.index)
        hasher.combine(face.variations)
        hasher.combine(Int(script))
        hasher.combine(rightToLeft ? 1 : 0)
        prehash = hasher.finalize()
    }

    static func == (left: PieceKey, right: PieceKey) -> Bool {
        left.prehash == right.prehash && left.script == right.script && left.rightToLeft == right.rightToLeft
            && left.face == right.face
            && left.request.isSame(as: right.request) && left.text.hasSameBytes(as: right.text)
    }
}

/// Estimated bytes of cache entries, generous: what the byte budget is counted in.
enum CacheCost {
    /// An entry's fixed cost: the dictionary slot, the list links, the key's request and the
    /// value's fields.
    static let overhead = 320
    /// One run's cost: its face name (one reference), ranges, counts and script tag, 64 bytes
    /// in the runs' array (120 while a face name held four strings inline).
    static let run = 64
}
