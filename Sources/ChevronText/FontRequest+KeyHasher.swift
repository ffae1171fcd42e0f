/// How cache keys hash and compare font requests (`KeyHasher`, `hasSameBytes`).

extension FontRequest {
    /// Feeds the request to a `KeyHasher`: its `digest`, made from every field (strings by
    /// their bytes) when a field was last set. What a cache key of a measurement hashes besides
    /// its text.
    @inlinable public func hash(into hasher: inout KeyHasher) {
        hasher.combine(digest)
    }
}

extension FaceDescription {
    /// Feeds the case and its fields to a `KeyHasher`, strings by their bytes.
    public func hash(into hasher: inout KeyHasher) {
        switch self {
        case .pattern(let pattern):
            hasher.combine(0)
            hasher.combine(pattern)
        case .fields(let family, let weight, let slant):
            hasher.combine(1)
            hasher.combine(family)
            hasher.combine(weight)
            hasher.combine(slant.rawValue)
        case .file(let path, let index):
            hasher.combine(2)
            hasher.combine(path)
            hasher.combine(index)
        }
    }
}

extension FontRequest {
    /// Whether `other` asks for the same thing, strings compared by their bytes as `KeyHasher`
    /// hashes them: how cache keys compare requests. Written field by field because the
    /// synthesized `==` switches over the pair of faces, which made every cache lookup copy
    /// (and retain, and release) the whole stored key around the comparison.
    public func isSame(as other: FontRequest) -> Bool {
        if sharesStorage(with: other) { return true }
        guard digest == other.digest, size == other.size, features.count == other.features.count,
            face.isSame(as: other.face)
        else {
            return false
        }
        guard language.hasSameBytes(as: other.language) else { return false }
        for position in features.indices where !features[position].hasSameBytes(as: other.features[position]) {
            return false
        }
        return true
    }
}

extension FaceDescription {
    /// Whether `other` is the same description, strings compared by their bytes (see
    /// `FontRequest.isSame(as:)`).
    public func isSame(as other: FaceDescription) -> Bool {
        switch self {
        case .pattern(let pattern):
            guard case .pattern(let otherPattern) = other else { return false }
            return pattern.hasSameBytes(as: otherPattern)
        case .fields(let family, let weight, let slant):
            guard case .fields(let otherFamily, let otherWeight, let otherSlant) = other else { return false }
            return weight == otherWeight && slant == otherSlant && family.hasSameBytes(as: otherFamily)
        case .file(let path, let index):
            guard case .file(let otherPath, let otherIndex) = other else { return false }
            return index == otherIndex && path.hasSameBytes(as: otherPath)
        }
    }
}
