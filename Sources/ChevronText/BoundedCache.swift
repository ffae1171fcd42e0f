import Synchronization

/// Results by key (measurements and truncations by text and font request, layouts by size
/// request), bounded by bytes and entries, safe from many threads.
///
/// Split into shards, each a `SecondChanceClock` map (second-chance eviction) behind its own
/// lock, so concurrent callers rarely wait on one another; each shard holds an equal part of the
/// budget, so the whole never exceeds it.
/// Entries remember the font generation they were measured under; after a rescan they miss.
public final class BoundedCache<Key: PrehashedKey, Value: Sendable>: Sendable {
    @usableFromInline
    struct Entry {
        @usableFromInline let generation: Int
        @usableFromInline let value: Value

        @inlinable init(generation: Int, value: Value) {
            self.generation = generation
            self.value = value
        }
    }

    @usableFromInline
    struct Shard {
        @usableFromInline var entries: SecondChanceClock<Key, Entry>
        @usableFromInline var hits = 0
        @usableFromInline var misses = 0

        @inlinable init(entries: SecondChanceClock<Key, Entry>) {
            self.entries = entries
        }
    }

    @usableFromInline
    final class LockedShard: Sendable {
        @usableFromInline let state: Mutex<Shard>

        @inlinable init(byteBudget: Int, entryLimit: Int) {
            state = Mutex(Shard(entries: SecondChanceClock(byteBudget: byteBudget, entryLimit: entryLimit)))
        }
    }

    @usableFromInline let shards: [LockedShard]
    /// The byte budget across all shards.
    public let byteBudget: Int
    /// The entry bound across all shards.
    public let entryLimit: Int
    /// Whether a shard's part of the budget holds nothing (a zero budget): then an insert
    /// builds no key.
    @usableFromInline let keepsNothing: Bool

    @usableFromInline let cost: @Sendable (Key, Value) -> Int

    /// Creates a cache of at most `byteBudget` estimated bytes and `entryLimit` entries, where
    /// `cost` estimates what one entry takes.
    @inlinable
    public init(
        byteBudget: Int, entryLimit: Int, shardCount requestedShards: Int = 8,
        cost: @escaping @Sendable (Key, Value) -> Int
    ) {
        self.cost = cost
        // A power of two, so that a shard is picked with a mask rather than a division.
        var shardCount = 1
        while shardCount < requestedShards { shardCount *= 2 }
        self.byteBudget = byteBudget
        self.entryLimit = entryLimit
        keepsNothing = byteBudget / shardCount <= 0 || entryLimit / shardCount <= 0
        shards = (0..<shardCount).map { _ in
            LockedShard(byteBudget: byteBudget / shardCount, entryLimit: entryLimit / shardCount)
        }
    }

    /// The cached value for `key` made under `generation`, or nil (a miss).
    @inlinable
    public func value(for key: Key, generation: Int) -> Value? {
        value(probe: SameKey(key), generation: generation)
    }

    /// The cached value made under `generation` for the key `probe` matches, or nil: a lookup
    /// that builds no key, so copies none of its strings.
    @inlinable
    public func value<Probe: KeyProbe>(probe: Probe, generation: Int) -> Value? where Probe.Key == Key {
        shard(forHash: probe.prehash).state.withLock { shard in
            if let entry = shard.entries.value(probe: probe), entry.generation == generation {
                shard.hits += 1
                return entry.value
            }
            shard.misses += 1
            return nil
        }
    }

    /// Stores a value made under `generation`; with `.freeRoomOnly`, only if nothing must go.
    /// The key is built only when the cache can keep something (a measurement's key is an
    /// allocation, which a zero budget made and freed for every measurement).
    @inlinable
    public func insert(
        _ value: Value, for key: @autoclosure () -> Key, generation: Int, filling: CacheFilling = .evicting
    ) {
        guard !keepsNothing else { return }
        let key = key()
        let cost = cost(key, value)
        shard(forHash: key.prehash).state.withLock {
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

    /// The shard by the hash's top bits: the shard's index probes by its low bits, which must
    /// not be the same for every key of a shard. The shard count is a power of two.
    @inlinable
    func shard(forHash hash: Int) -> LockedShard {
        shards[Int(truncatingIfNeeded: UInt64(UInt(bitPattern: hash)) >> 40) & (shards.count - 1)]
    }
}

/// A cache key that computed its hash once, when it was made (with a `KeyHasher`, so its bits
/// are well mixed): the cache picks a shard by its top bits and a slot of the shard's index by
/// its low bits, and never hashes the key's content again.
public protocol PrehashedKey: Equatable, Sendable {
    /// The hash computed when the key was made.
    var prehash: Int { get }
}

/// What a cache holds and how it has done.
public struct CacheStatistics: Sendable, Hashable {
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
