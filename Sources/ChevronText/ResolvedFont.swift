import Synchronization

/// A font request resolved by fontconfig: the primary face and, fetched only when a character is
/// not covered, the fallback chain with the faces opened from it.
final class ResolvedFont: Sendable {
    /// The face fontconfig matched for the request.
    let primary: FontFace
    /// Whether fontconfig matched another family than the one asked for (see
    /// `FontConfiguration.isSubstitution`).
    let substituted: Bool
    private let face: FaceDescription
    private let language: String?
    private let configuration: FontConfiguration
    private let faces: FaceStore
    private let fallback = Mutex(FallbackState())
    /// The primary face at each size, for a face with an optical-size axis.
    private let sized = Mutex<[Double: FontFace]>([:])

    private struct FallbackState {
        var chain: FallbackChain?
        var openFaces: [Int: FontFace] = [:]
        /// For each scalar the primary face lacks: the first chain position covering it, or -1.
        var coveringPosition: [UInt32: Int] = [:]
    }

    init(
        primary: FontFace, substituted: Bool, face: FaceDescription, language: String?,
        configuration: FontConfiguration, faces: FaceStore
    ) {
        self.primary = primary
        self.substituted = substituted
        self.face = face
        self.language = language
        self.configuration = configuration
        self.faces = faces
    }

    /// The primary face for shaping at `size` points: with an optical-size axis (`opsz`), set to
    /// the size, as Apple's text system does with SF Pro; otherwise the primary face itself.
    func primary(size: Double) throws(TextError) -> FontFace {
        guard primary.hasOpticalSize else { return primary }
        if let face = sized.withLock({ $0[size] }) { return face }
        let base = primary.name.variations
        let variations = (base.isEmpty ? "" : base + ",") + "opsz=\(size.variationValue)"
        let face = try faces.face(primary.name.with(variations: variations))
        sized.withLock { table in
            if table.count >= 64, let any = table.keys.first { table[any] = nil }  // bounded, one at a time
            table[size] = face
        }
        return face
    }

    /// The fallback chain, asked of fontconfig (`FcFontSort`) the first time only.
    func chain() throws(TextError) -> FallbackChain {
        if let chain = fallback.withLock({ $0.chain }) { return chain }
        let chain = try configuration.fallbackChain(face, language: language)
        return fallback.withLock { state in
            if let existing = state.chain { return existing }
            state.chain = chain
            return chain
        }
    }

    /// The face at `position` of the fallback chain, opened on first use.
    func fallbackFace(at position: Int) throws(TextError) -> FontFace {
        if let face = fallback.withLock({ $0.openFaces[position] }) { return face }
        let face = try faces.face(try chain().names[position])
        fallback.withLock { $0.openFaces[position] = face }
        return face
    }

    /// For each scalar, the first chain position whose font covers it, or -1 when none does.
    /// One lock for the whole batch; answers are remembered for the font's lifetime.
    func coveringPositions(_ scalars: [UInt32]) throws(TextError) -> [UInt32: Int] {
        let chain = try chain()
        return fallback.withLock { state in
            var answer: [UInt32: Int] = [:]
            for scalar in scalars {
                if let known = state.coveringPosition[scalar] {
                    answer[scalar] = known
                } else {
                    let position = chain.firstCovering(scalar) ?? -1
                    // The memo is bounded: a font sees at most one entry per distinct scalar.
                    if state.coveringPosition.count < 65_536 { state.coveringPosition[scalar] = position }
                    answer[scalar] = position
                }
            }
            return answer
        }
    }
}
