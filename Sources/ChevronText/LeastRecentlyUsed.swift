/// A least-recently-used map bounded by entry count and by an estimated byte cost.
///
/// Eviction removes the least recently used entry, one at a time, until the new entry fits: the
/// cache never empties itself in one go. Entries live in parallel arrays linked as a list, so a
/// hit is a dictionary lookup plus a few index updates and nothing is allocated per hit.
/// Not thread-safe on its own; `MeasurementCache` guards each one with a lock.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    /// The most bytes the entries may cost together.
    let byteBudget: Int
    /// The most entries.
    let entryLimit: Int
    /// What the entries cost together.
    private(set) var bytes = 0
    /// Entries removed to make room since creation.
    private(set) var evictions = 0

    private var slots: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var values: [Value?] = []
    private var costs: [Int] = []
    private var newer: [Int] = []
    private var older: [Int] = []
    private var freeSlots: [Int] = []
    private var newest = -1
    private var oldest = -1

    /// Creates an empty map with the given bounds.
    init(byteBudget: Int, entryLimit: Int) {
        self.byteBudget = max(0, byteBudget)
        self.entryLimit = max(0, entryLimit)
    }

    /// How many entries the map holds.
    var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used; nil when absent.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return values[slot]
    }

    /// Stores `value` under `key` at `cost` bytes, evicting the least recently used entries until
    /// both bounds hold. A value costing more than the whole budget is not stored. With
    /// `filling` `.freeRoomOnly`, nothing is evicted: the value is stored only if it fits as is.
    mutating func insert(_ value: Value, for key: Key, cost: Int, filling: CacheFilling = .evicting) {
        if let slot = slots[key] {
            remove(slot)
        }
        guard cost <= byteBudget, entryLimit > 0 else { return }
        if filling == .freeRoomOnly, bytes + cost > byteBudget || slots.count >= entryLimit { return }
        while oldest >= 0, bytes + cost > byteBudget || slots.count >= entryLimit {
            remove(oldest)
            evictions += 1
        }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            keys[slot] = key
            values[slot] = value
            costs[slot] = cost
        } else {
            slot = keys.count
            keys.append(key)
            values.append(value)
            costs.append(cost)
            newer.append(-1)
            older.append(-1)
        }
        slots[key] = slot
        bytes += cost
        link(slot)
    }

    private mutating func remove(_ slot: Int) {
        unlink(slot)
        if let key = keys[slot] { slots[key] = nil }
        keys[slot] = nil
        values[slot] = nil
        bytes -= costs[slot]
        costs[slot] = 0
        freeSlots.append(slot)
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        link(slot)
    }

    /// Puts `slot` at the newest end of the list.
    private mutating func link(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[newest] = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let before = older[slot]
        let after = newer[slot]
        if before >= 0 { newer[before] = after } else { oldest = after }
        if after >= 0 { older[after] = before } else { newest = before }
        older[slot] = -1
        newer[slot] = -1
    }
}

/// How a result made now goes into a full cache.
public enum CacheFilling: Sendable, Hashable {
    /// The least recently used entries make room: what single calls do.
    case evicting
    /// Stored only into free room, never pushing an entry out: what a bulk scan does (a big
    /// SizeMany, a `chevron check` of a catalogue). A catalogue that fits is remembered; one that
    /// does not fit neither evicts the entries single calls keep asking for nor churns the cache
    /// with a hundred thousand results it will not ask for again.
    case freeRoomOnly
}
