#if canImport(Glibc)
    import Glibc
#endif

/// The text engine's caches: measurements and truncations by text and font request.
typealias MeasurementCache<Value: Sendable> = BoundedCache<CacheKey, Value>

/// The key: everything that changes a measurement.
///
/// Text is compared by its UTF-8 bytes, not by Swift's canonical equivalence: "é" and
/// "e\u{301}" are equal Strings but shape into different runs. The hash is computed once, from
/// the bytes (String hashing would normalise first), and serves both the shard and the table.
///
/// A class, made once per insert: a lookup compares a stored key where the cache keeps it,
/// and a stored struct key was copied for that, retaining and releasing each of its strings
/// (about 300 instructions of a 1,600-instruction cached measurement); a class reference is
/// one retain.
final class CacheKey: PrehashedKey {
    let text: String
    let request: FontRequest
    /// What else a truncation depends on: its ellipsis (nil for measurements, so the common key
    /// carries no second string to retain and release) and its width's bits.
    let variant: String?
    let width: UInt64
    let prehash: Int

    convenience init(text: String, request: FontRequest, variant: String? = nil, width: UInt64 = 0) {
        self.init(
            text: text, request: request, variant: variant, width: width,
            prehash: Self.hash(text, request, variant, width))
    }

    init(text: String, request: FontRequest, variant: String?, width: UInt64 = 0, prehash: Int) {
        self.text = text
        self.request = request
        self.variant = variant
        self.width = width
        self.prehash = prehash
    }

    /// The `prehash` of the key these parts make.
    static func hash(_ text: String, _ request: FontRequest, _ variant: String? = nil, _ width: UInt64 = 0) -> Int {
        var hasher = KeyHasher()
        hasher.combine(text)
        request.hash(into: &hasher)
        if let variant {
            hasher.combine(variant)
            hasher.combine(width)
        }
        return hasher.finalize()
    }

    /// Whether this key is the one of `text` and `request` with `variant` and `width`: compares
    /// them where they are, without building a key.
    @inline(__always) func isKey(of text: String, _ request: FontRequest, _ variant: String? = nil, _ width: UInt64 = 0)
        -> Bool
    {
        self.width == width && self.variant == variant && self.request.isSame(as: request)
            && self.text.hasSameBytes(as: text)
    }

    static func == (left: CacheKey, right: CacheKey) -> Bool {
        left.prehash == right.prehash && left.isKey(of: right.text, right.request, right.variant, right.width)
    }

    /// The parts of a key, as a lookup's probe.
    struct Probe: KeyProbe {
        let text: String
        let request: FontRequest
        var variant: String? = nil
        var width: UInt64 = 0
        let prehash: Int

        func matches(_ key: CacheKey) -> Bool {
            key.isKey(of: text, request, variant, width)
        }
    }
}
