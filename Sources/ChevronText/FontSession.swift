import Synchronization

/// One generation of fonts: a fontconfig configuration, the faces opened from it, and the
/// requests resolved against it. A rescan replaces the whole session; calls in flight finish
/// with the session they started with.
final class FontSession: Sendable {
    /// Bumped by every rescan; cached measurements from another generation miss.
    let generation: Int
    let configuration: FontConfiguration
    let faces: FaceStore
    private let resolved = Mutex<[ResolutionKey: ResolvedFont]>([:])
    private let resolutionLimit = 4096

    private struct ResolutionKey: Hashable {
        let face: FaceDescription
        let language: String?
    }

    init(generation: Int, fontDirectories: [String], faceCapacity: Int) throws(TextError) {
        self.generation = generation
        self.configuration = try FontConfiguration(extraDirectories: fontDirectories)
        self.faces = FaceStore(capacity: faceCapacity)
    }

    /// The resolved font for a face and language: fontconfig is asked once per pair, then the
    /// answer is reused. `onMatch` runs each time fontconfig is actually asked.
    func resolve(_ face: FaceDescription, language: String?, onMatch: () -> Void) throws(TextError) -> ResolvedFont {
        let key = ResolutionKey(face: face, language: language)
        if let font = resolved.withLock({ $0[key] }) { return font }
        onMatch()
        let match = try configuration.match(face, language: language)
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
        return resolved.withLock { table in
            if let existing = table[key] { return existing }
            if table.count >= resolutionLimit, let any = table.indices.first {
                table.remove(at: any)  // one at a time, never a clear-all
            }
            table[key] = font
            return font
        }
    }
}

extension Double {
    /// A design coordinate as HarfBuzz's variation syntax writes it: no trailing `.0`.
    var variationValue: String {
        rounded() == self && abs(self) < 1e9 ? String(Int(self)) : String(self)
    }
}
