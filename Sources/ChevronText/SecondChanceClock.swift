/// A map bounded by entry count and by an estimated byte cost, evicting in second-chance order
/// (the "clock" approximation of least recently used).
///
/// Entries are listed oldest to newest. A hit only marks its entry; it does not move it. To make
/// room, the oldest entry goes unless it is marked: then it loses its mark and moves to the
/// newest end, and the next oldest is tried. So an entry used since it last reached the oldest
/// end stays for another round. Moving a node on every hit (the exact least-recently-used order)
/// wrote into its two neighbours' links, about 110 instructions of a 730-instruction cached
/// measurement. Eviction removes one entry at a time until the new entry fits: the cache never
/// empties itself in one go. Entries live in arrays by node number, linked as a list;
/// an open-addressing index (linear probing on the key's `prehash`, which a `KeyHasher` already
/// mixed) finds a key's node, so a hit hashes nothing again, compares one key, and allocates
/// nothing. Not thread-safe on its own; `BoundedCache` guards each one with a lock.
///
/// Inlinable, so that a cache of another module's keys and values (the layout cache) runs
/// specialised code rather than generic code that looks up type metadata on every call.
@usableFromInline
struct SecondChanceClock<Key: PrehashedKey, Value> {
    /// The most bytes the entries may cost together.
    @usableFromInline let byteBudget: Int
    /// The most entries.
    @usableFromInline let entryLimit: Int
    /// What the entries cost together.
    @usableFromInline var bytes = 0
    /// Entries removed to make room since creation.
    @usableFromInline var evictions = 0
    /// How many entries the map holds.
    @usableFromInline var count = 0

    /// A node's bookkeeping, apart from its key and value: plain integers, so that reading
    /// a hash or relinking a node on every hit never copies (and retains) a key or a value.
    @usableFromInline
    struct Link {
        /// The key's `prehash`.
        @usableFromInline var hash: Int
        @usableFromInline var cost: Int
        @usableFromInline var newer = -1
        @usableFromInline var older = -1
        /// Used since it was linked at the newest end: eviction passes over it once.
        @usableFromInline var used = false

        @inlinable init(hash: Int, cost: Int) {
            self.hash = hash
            self.cost = cost
        }
    }

    /// Each node's key and value, at the node's number, in arrays of their own: reading an
    /// array element copies all of it, so a value read never copies (and retains) its key.
    @usableFromInline var keys: [Key?] = []
    @usableFromInline var values: [Value?] = []
    /// Each node's links, at the node's number.
    @usableFromInline var links: [Link] = []
    @usableFromInline var freeNodes: [Int] = []
    /// The index: each position holds a node's number plus one in its low 32 bits (0 when
    /// empty) and the top 32 bits of the node's key's `prehash` in its high ones, so that a
    /// probe passes over another key's position without reading that node's links (in a cache
    /// of a few hundred thousand entries, a read from memory the processor has not cached).
    /// Its size is a power of two at least twice the entries, so probes stay short.
    @usableFromInline var index: [UInt64] = []
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    /// Creates an empty map with the given bounds.
    @inlinable init(byteBudget: Int, entryLimit: Int) {
        self.byteBudget = max(0, byteBudget)
        self.entryLimit = max(0, min(entryLimit, Int(Int32.max) / 4))
    }

    /// The value for `key`, which is marked as used; nil when absent.
    @inlinable mutating func value(for key: Key) -> Value? {
        value(probe: SameKey(key))
    }

    /// The value of the key `probe` matches, which is marked as used; nil when absent. What a
    /// cache asks with the parts of a key it has not built.
    @inlinable mutating func value<Probe: KeyProbe>(probe: Probe) -> Value? where Probe.Key == Key {
        guard let position = position(probe: probe) else { return nil }
        let node = Self.node(index[position])
        links[node].used = true
        return values[node]
    }

    /// Stores `value` under `key` at `cost` bytes, evicting in second-chance order until
    /// both bounds hold. A value costing more than the whole budget is not stored. With
    /// `filling` `.freeRoomOnly`, nothing is evicted: the value is stored only if it fits as is.
    @inlinable mutating func insert(_ value: Value, for key: Key, cost: Int, filling: CacheFilling = .evicting) {
        if let position = position(of: key) {
            remove(node: Self.node(index[position]), at: position)
        }
        guard cost <= byteBudget, entryLimit > 0 else { return }
        if filling == .freeRoomOnly, bytes + cost > byteBudget || count >= entryLimit { return }
        // Each pass over a used entry clears its mark, so this ends within two rounds of the list.
        while oldest >= 0, bytes + cost > byteBudget || count >= entryLimit {
            if links[oldest].used {
                links[oldest].used = false
                moveToNewest(oldest)
                continue
            }
            remove(node: oldest, at: position(ofNode: oldest))
            evictions += 1
        }
        if (count + 1) * 2 > index.count { growIndex() }
        let node: Int
        if let reused = freeNodes.popLast() {
            node = reused
            keys[node] = key
            values[node] = value
            links[node] = Link(hash: key.prehash, cost: cost)
        } else {
            node = keys.count
            keys.append(key)
            values.append(value)
            links.append(Link(hash: key.prehash, cost: cost))
        }
        var position = key.prehash & (index.count - 1)
        while index[position] != 0 { position = (position + 1) & (index.count - 1) }
        index[position] = Self.entry(node: node, hash: key.prehash)
        count += 1
        bytes += cost
        link(node)
    }

    /// Where in the index `key` is, or nil.
    @inlinable func position(of key: Key) -> Int? {
        position(probe: SameKey(key))
    }

    /// Where in the index the key `probe` matches is, or nil.
    ///
    /// A probe is a generic parameter, not a closure: specialised, its comparison is inlined.
    /// (`probe.matches` passed as a function is a closure holding a copy of the probe, which
    /// every lookup then copied.) A stored struct key is still copied to be compared, each of
    /// its strings retained, which is why the big caches' keys are classes (`CacheKey`).
    @inlinable func position<Probe: KeyProbe>(probe: Probe) -> Int? where Probe.Key == Key {
        guard count > 0 else { return nil }
        let hash = probe.prehash
        let tag = Self.tag(hash)
        let mask = index.count - 1
        var position = hash & mask
        while true {
            let entry = index[position]
            if entry == 0 { return nil }
            if entry >> 32 == tag {
                let node = Self.node(entry)
                if links[node].hash == hash, let key = keys[node], probe.matches(key) { return position }
            }
            position = (position + 1) & mask
        }
    }

    /// The high 32 bits of a hash, as the index keeps them beside a node's number.
    @inlinable static func tag(_ hash: Int) -> UInt64 {
        UInt64(UInt(bitPattern: hash)) >> 32
    }

    /// An index entry: `node`'s number plus one, under its key's hash's high bits.
    @inlinable static func entry(node: Int, hash: Int) -> UInt64 {
        tag(hash) << 32 | UInt64(node + 1)
    }

    /// The node number an index entry holds (it must not be empty).
    @inlinable static func node(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
    }

    /// Where in the index `node` is (it must be there).
    @inlinable func position(ofNode node: Int) -> Int {
        let mask = index.count - 1
        var position = links[node].hash & mask
        while Self.node(index[position]) != node { position = (position + 1) & mask }
        return position
    }

    @inlinable mutating func remove(node: Int, at position: Int) {
        unlink(node)
        removeFromIndex(at: position)
        bytes -= links[node].cost
        links[node].cost = 0
        keys[node] = nil
        values[node] = nil
        freeNodes.append(node)
        count -= 1
    }

    /// Empties `position`, shifting back the entries after it that probed past it, so that
    /// every key stays reachable from its home position without tombstones.
    @inlinable mutating func removeFromIndex(at position: Int) {
        let mask = index.count - 1
        var hole = position
        var next = (position + 1) & mask
        while index[next] != 0 {
            let home = links[Self.node(index[next])].hash & mask
            // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
            let homeAfterHole = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !homeAfterHole {
                index[hole] = index[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        index[hole] = 0
    }

    @inlinable mutating func growIndex() {
        var size = max(16, index.count * 2)
        while size < (count + 1) * 2 { size *= 2 }
        index = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for node in keys.indices where keys[node] != nil {
            var position = links[node].hash & mask
            while index[position] != 0 { position = (position + 1) & mask }
            index[position] = Self.entry(node: node, hash: links[node].hash)
        }
    }

    @inlinable mutating func moveToNewest(_ node: Int) {
        guard node != newest else { return }
        unlink(node)
        link(node)
    }

    /// Puts `node` at the newest end of the list.
    @inlinable mutating func link(_ node: Int) {
        links[node].older = newest
        links[node].newer = -1
        if newest >= 0 { links[newest].newer = node }
        newest = node
        if oldest < 0 { oldest = node }
    }

    @inlinable mutating func unlink(_ node: Int) {
        let before = links[node].older
        let after = links[node].newer
        if before >= 0 { links[before].newer = after } else { oldest = after }
        if after >= 0 { links[after].older = before } else { newest = before }
        links[node].older = -1
        links[node].newer = -1
    }
}

/// What a lookup compares stored keys with: the parts of a key, without building the key.
public protocol KeyProbe: Sendable {
    /// The keys it looks among.
    associatedtype Key: PrehashedKey
    /// The `prehash` of the key it matches.
    var prehash: Int { get }
    /// Whether `key` is the one looked for.
    func matches(_ key: Key) -> Bool
}

/// A whole key as its own probe.
@usableFromInline
struct SameKey<Key: PrehashedKey>: KeyProbe {
    @usableFromInline let key: Key

    @inlinable init(_ key: Key) {
        self.key = key
    }

    @inlinable var prehash: Int { key.prehash }

    @inlinable func matches(_ key: Key) -> Bool {
        key == self.key
    }
}

/// How a result made now goes into a full cache.
public enum CacheFilling: Sendable, Hashable {
    /// Entries not used lately make room (second-chance order): what single calls do.
    case evicting
    /// Stored only into free room, never pushing an entry out: what a bulk scan does (a big
    /// SizeMany, a `chevron check` of a catalogue). A catalogue that fits is remembered; one that
    /// does not fit neither evicts the entries single calls keep asking for nor churns the cache
    /// with a hundred thousand results it will not ask for again.
    case freeRoomOnly
}
