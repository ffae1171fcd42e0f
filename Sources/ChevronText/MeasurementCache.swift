import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Results by key (measurements and truncations by text and font request, layouts by size
/// request), bounded by bytes and entries, safe from many threads.
///
/// Split into shards, each an LRU map behind its own lock, so concurrent callers rarely wait on
/// one another; each shard holds an equal part of the budget, so the whole never exceeds it.
/// Entries remember the font generation they were measured under; after a rescan they miss.
public final class BoundedCache<Key: PrehashedKey, Value: Sendable>: Sendable {
    private struct Entry {
        let generation: Int
        let value: Value
    }

    private struct Shard {
        var entries: LeastRecentlyUsed<Key, Entry>
        var hits = 0
        var misses = 0
    }

    private final class LockedShard: Sendable {
        let state: Mutex<Shard>
        init(byteBudget: Int, entryLimit: Int) {
            state = Mutex(Shard(entries: LeastRecentlyUsed(byteBudget: byteBudget, entryLimit: entryLimit)))
        }
    }

    private let shards: [LockedShard]
    /// The byte budget across all shards.
    public let byteBudget: Int
    /// The entry bound across all shards.
    public let entryLimit: Int

    private let cost: @Sendable (Key, Value) -> Int

    /// Creates a cache of at most `byteBudget` estimated bytes and `entryLimit` entries, where
    /// `cost` estimates what one entry takes.
    public init(
        byteBudget: Int, entryLimit: Int, shardCount: Int = 8, cost: @escaping @Sendable (Key, Value) -> Int
    ) {
        self.cost = cost
        let shardCount = max(1, shardCount)
        self.byteBudget = byteBudget
        self.entryLimit = entryLimit
        shards = (0..<shardCount).map { _ in
            LockedShard(byteBudget: byteBudget / shardCount, entryLimit: entryLimit / shardCount)
        }
    }

    /// The cached value for `key` made under `generation`, or nil (a miss).
    public func value(for key: Key, generation: Int) -> Value? {
        shard(for: key).state.withLock { shard in
            if let entry = shard.entries.value(for: key), entry.generation == generation {
                shard.hits += 1
                return entry.value
            }
            shard.misses += 1
            return nil
        }
    }

    /// Stores a value made under `generation`; with `.freeRoomOnly`, only if nothing must go.
    public func insert(_ value: Value, for key: Key, generation: Int, filling: CacheFilling = .evicting) {
        let cost = cost(key, value)
        shard(for: key).state.withLock {
            $0.entries.insert(Entry(generation: generation, value: value), for: key, cost: cost, filling: filling)
        }
    }

    /// Entries, bytes, hits, misses and evictions summed over the shards.
    public var statistics: CacheStatistics {
        shards.reduce(into: CacheStatistics()) { total, shard in
            shard.state.withLock { state in
                total.entries += state.entries.count
                total.bytes += state.entries.bytes
                total.hits += state.hits
                total.misses += state.misses
                total.evictions += state.entries.evictions
            }
        }
    }

    private func shard(for key: Key) -> LockedShard {
        shards[Int(UInt(bitPattern: key.prehash) % UInt(shards.count))]
    }
}

/// A cache key that computed its hash once, when it was made: the cache picks a shard with it
/// and the shard's table hashes it again, so a lookup hashes the key's content only once.
public protocol PrehashedKey: Hashable, Sendable {
    /// The hash computed when the key was made.
    var prehash: Int { get }
}

/// The text engine's caches: measurements and truncations by text and font request.
typealias MeasurementCache<Value: Sendable> = BoundedCache<CacheKey, Value>

/// What a cache holds and how it has done.
public struct CacheStatistics: Sendable, Hashable, Codable {
    /// The sum of two caches' figures.
    static func + (left: CacheStatistics, right: CacheStatistics) -> CacheStatistics {
        CacheStatistics(
            entries: left.entries + right.entries, bytes: left.bytes + right.bytes, hits: left.hits + right.hits,
            misses: left.misses + right.misses, evictions: left.evictions + right.evictions)
    }

    /// Entries held now.
    public var entries = 0
    /// Estimated bytes held now.
    public var bytes = 0
    /// Lookups answered from the cache.
    public var hits = 0
    /// Lookups that had to measure.
    public var misses = 0
    /// Entries removed to make room.
    public var evictions = 0
}

/// The key: everything that changes a measurement.
///
/// Text is compared by its UTF-8 bytes, not by Swift's canonical equivalence: "é" and
/// "e\u{301}" are equal Strings but shape into different runs. The hash is computed once, from
/// the bytes (String hashing would normalise first), and serves both the shard and the table.
struct CacheKey: PrehashedKey {
    let text: String
    let request: FontRequest
    /// What else the answer depends on (a truncation's width and ellipsis); nil for measurements,
    /// so the common key carries no second string to retain and release.
    let variant: String?
    let prehash: Int

    init(text: String, request: FontRequest, variant: String? = nil) {
        self.text = text
        self.request = request
        self.variant = variant
        var hasher = Hasher()
        hasher.combineBytes(of: text)
        hasher.combine(request)
        if let variant { hasher.combine(variant) }
        prehash = hasher.finalize()
    }

    static func == (left: CacheKey, right: CacheKey) -> Bool {
        left.prehash == right.prehash && left.request == right.request && left.variant == right.variant
            && left.text.hasSameBytes(as: right.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(prehash)
    }
}

extension String {
    /// Whether the two strings have the same UTF-8 bytes (`memcmp` when both are contiguous):
    /// the equality cache keys need, where `==` would call canonically equivalent texts equal.
    public func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { leftBytes in
            other.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return leftBytes.isEmpty  // equal counts: both empty
                }
                return memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension Hasher {
    /// Feeds the string's UTF-8 bytes and their count: a hash that tells canonically equivalent
    /// but different texts apart, without the normalisation `String`'s own hashing does.
    public mutating func combineBytes(of text: String) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            for byte in text.utf8 { combine(byte) }
        }
        combine(text.utf8.count)
    }
}
