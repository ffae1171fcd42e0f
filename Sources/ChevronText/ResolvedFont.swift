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
        var coveringPosition = ScalarTable()
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

    /// The fallback chain, and for each scalar the first chain position whose font covers it
    /// (-1 when none does). Answers are remembered for the font's lifetime; once the chain is
    /// made, the whole batch takes one lock.
    func coveringPositions(_ scalars: [UInt32]) throws(TextError) -> (
        chain: FallbackChain, positions: CoveringPositions
    ) {
        let known = fallback.withLock { state in
            state.chain.map { ($0, Self.positions(of: scalars, in: $0, state: &state)) }
        }
        if let known { return known }
        let chain = try chain()
        return fallback.withLock { state in (chain, Self.positions(of: scalars, in: chain, state: &state)) }
    }

    /// Each scalar's position from the memo, or asked of the chain and remembered.
    private static func positions(of scalars: [UInt32], in chain: FallbackChain, state: inout FallbackState)
        -> CoveringPositions
    {
        var answer = CoveringPositions(scalars: scalars, positions: [])
        answer.positions.reserveCapacity(scalars.count)
        for scalar in scalars {
            if let known = state.coveringPosition[scalar] {
                answer.positions.append(known)
            } else {
                let position = chain.firstCovering(scalar) ?? -1
                // The memo is bounded: a font sees at most one entry per distinct scalar.
                state.coveringPosition.insert(position, for: scalar, limit: 65_536)
                answer.positions.append(position)
            }
        }
        return answer
    }
}

/// The chain positions covering a line's scalars, as `coveringPositions` found them: a text's
/// handful of scalars is searched in order, with no hashing.
struct CoveringPositions {
    var scalars: [UInt32]
    var positions: [Int]

    /// The first chain position covering `scalar`, or nil when it was not asked for.
    subscript(scalar: UInt32) -> Int? {
        scalars.firstIndex(of: scalar).map { positions[$0] }
    }
}

/// Chain positions by scalar: an open-addressing table of `scalar << 32 | position + 2` words
/// (never 0, the empty slot, even for scalar 0 with position -1)
/// probed from a multiplicative hash of the scalar (a `Dictionary` hashed each scalar with
/// SipHash, for every uncovered scalar of every line).
struct ScalarTable {
    private var slots: [UInt64] = []
    private(set) var count = 0

    /// The position remembered for `scalar`, or nil.
    subscript(scalar: UInt32) -> Int? {
        guard !slots.isEmpty else { return nil }
        var index = Self.home(scalar, slots.count)
        while slots[index] != 0 {
            if UInt32(truncatingIfNeeded: slots[index] >> 32) == scalar {
                return Int(Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: slots[index]))) - 2
            }
            index = (index + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Remembers `position` (-1 or more) for `scalar`, unless the table holds `limit` already.
    mutating func insert(_ position: Int, for scalar: UInt32, limit: Int) {
        guard count < limit, self[scalar] == nil else { return }
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: max(64, slots.count * 2))
            count = 0
            for word in old where word != 0 { place(word) }
        }
        place(UInt64(scalar) << 32 | UInt64(UInt32(truncatingIfNeeded: Int32(position + 2))))
    }

    private mutating func place(_ word: UInt64) {
        var index = Self.home(UInt32(truncatingIfNeeded: word >> 32), slots.count)
        while slots[index] != 0 { index = (index + 1) & (slots.count - 1) }
        slots[index] = word
        count += 1
    }

    private static func home(_ scalar: UInt32, _ size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(scalar) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (size - 1)
    }
}
