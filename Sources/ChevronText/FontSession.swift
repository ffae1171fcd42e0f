import Synchronization

/// One generation of fonts: a fontconfig configuration, the faces opened from it, and the
/// requests resolved against it. A rescan replaces the whole session; calls in flight finish
/// with the session they started with.
final class FontSession: Sendable {
    /// Bumped by every rescan; cached measurements from another generation miss.
    let generation: Int
    let configuration: FontConfiguration
    let faces: FaceStore
    /// Resolved fonts by face and language: found by a `KeyHasher` hash, without hashing the
    /// pattern again in a `Dictionary` (every uncached measurement asks), those not used lately
    /// leaving first past 4,096.
    private let resolved = BoundedCache<ResolutionKey, ResolvedFont>(byteBudget: 4096, entryLimit: 4096, shardCount: 1)
    {
        _, _ in 1
    }

    private struct ResolutionKey: PrehashedKey {
        let face: FaceDescription
        let language: String?
        let prehash: Int

        static func hash(_ face: FaceDescription, _ language: String?) -> Int {
            var hasher = KeyHasher()
            face.hash(into: &hasher)
            hasher.combine(language)
            return hasher.finalize()
        }

        func isKey(of face: FaceDescription, _ language: String?) -> Bool {
            // By bytes, as they are hashed.
            self.face.isSame(as: face) && self.language.hasSameBytes(as: language)
        }

        static func == (left: ResolutionKey, right: ResolutionKey) -> Bool {
            left.prehash == right.prehash && left.isKey(of: right.face, right.language)
        }

        struct Probe: KeyProbe {
            let face: FaceDescription
            let language: String?
            let prehash: Int

            func matches(_ key: ResolutionKey) -> Bool { key.isKey(of: face, language) }
        }
    }

    init(generation: Int, fontDirectories: [String], faceCapacity: Int) throws(TextError) {
        self.generation = generation
        self.configuration = try FontConfiguration(extraDirectories: fontDirectories)
        self.faces = FaceStore(capacity: faceCapacity)
    }

    /// The resolved font for a face and language: fontconfig is asked once per pair, then the
    /// answer is reused. `onMatch` runs each time fontconfig is actually asked.
    func resolve(_ face: FaceDescription, language: String?, onMatch: () -> Void) throws(TextError) -> ResolvedFont {
        let hash = ResolutionKey.hash(face, language)
        if let font = resolvedInMemory(face, language: language, hash: hash) { return font }
        onMatch()
        // The primary face is matched without the language: the face that stands in for a family
        // is the same in every language, so Latin text measures the same in an Arabic, a Japanese
        // or an English file, as iOS draws it with one system font. The language steers only the
        // fallback chain (Han forms: Noto Sans CJK SC or JP) and shaping (localized forms).
        let match = try configuration.match(face, language: nil)
        var primary = try faces.face(match.name)
        // fontconfig matched a variable font itself, not one of its named instances: give it the
        // weight asked for, as fontconfig's own `fontvariations` would (`fc-match -v`).
        if match.isVariable, match.name.index >> 16 == 0, primary.axes.contains("wght"),
            let weight = match.openTypeWeight
        {
            primary = try faces.face(match.name.with(variations: "wght=\(weight.variationValue)"))
        }
        let font = ResolvedFont(
            primary: primary, substituted: match.substituted, face: face, language: language,
            configuration: configuration, faces: faces)
        // Two threads resolving the same face both ask fontconfig; the later answer is kept.
        resolved.insert(font, for: ResolutionKey(face: face, language: language, prehash: hash), generation: 0)
        return font
    }
}

extension FontSession {
    /// The resolved font for a face and language when it was resolved already; nil when it
    /// would need fontconfig. Never blocks on font work.
    func resolvedInMemory(_ face: FaceDescription, language: String?) -> ResolvedFont? {
        resolvedInMemory(face, language: language, hash: ResolutionKey.hash(face, language))
    }

    private func resolvedInMemory(_ face: FaceDescription, language: String?, hash: Int) -> ResolvedFont? {
        resolved.value(probe: ResolutionKey.Probe(face: face, language: language, prehash: hash), generation: 0)
    }
}

extension Double {
    /// A design coordinate as HarfBuzz's variation syntax writes it: no trailing `.0`.
    var variationValue: String {
        rounded() == self && abs(self) < 1e9 ? String(Int(self)) : String(self)
    }
}
