import ChevronText

/// Layouts already made, by size request: a repeated request is answered without running the
/// look's layout step again, and a server's event loop can ask whether an answer is in memory
/// without doing any font work. Bounded by bytes and entries (entries not used lately go first:
/// `SecondChanceClock`'s second-chance order).
///
/// A layout depends on the request, the look's numbers and the fonts: entries are stamped with
/// the text engine's font generation and miss after a rescan, and a new set of looks (a reload)
/// gets a new cache.
public final class LayoutCache: Sendable {
    private let entries: BoundedCache<LayoutKey, StoredLayout>

    /// A layout kept by reference: a layout is a few hundred bytes, which the cache's entry and
    /// its optional would otherwise each copy on every hit.
    private final class StoredLayout: Sendable {
        let layout: BackButtonLayout
        init(_ layout: BackButtonLayout) { self.layout = layout }
    }

    /// Creates an empty cache of at most `byteBudget` estimated bytes and `entryLimit` layouts.
    public init(byteBudget: Int, entryLimit: Int) {
        entries = BoundedCache(byteBudget: byteBudget, entryLimit: entryLimit) { key, stored in
            // An entry's slots and fields, the request's strings and the layout's.
            let layout = stored.layout
            return 512 + key.textBytes + layout.displayedTitle.utf8.count + layout.font.family.utf8.count
                + layout.font.file.utf8.count + layout.requestedFont.utf8.count
        }
    }

    /// The layout made for `request` under font `generation`, or nil.
    public func layout(for request: SizeRequest, generation: Int) -> BackButtonLayout? {
        // Found by the request's hash and compared where the key lies: no key is built, so none
        // of the request's strings is copied.
        entries.value(
            probe: LayoutKey.Probe(request: request, prehash: LayoutKey.hash(request)), generation: generation)?
            .layout
    }

    /// Keeps `layout`, made for `request` under font `generation`; with `.freeRoomOnly`, only
    /// if no layout must go for it.
    public func insert(
        _ layout: BackButtonLayout, for request: SizeRequest, generation: Int, filling: CacheFilling = .evicting
    ) {
        entries.insert(StoredLayout(layout), for: LayoutKey(request), generation: generation, filling: filling)
    }

    /// Entries, bytes, hits, misses and evictions.
    public var statistics: CacheStatistics { entries.statistics }
}

/// A size request as a cache key: its strings are compared and hashed by their UTF-8 bytes, not
/// by Swift's canonical equivalence ("é" and "e\u{301}" are equal Strings but measure
/// differently); the hash is computed once. A class, as `CacheKey` is: a lookup compares the
/// stored key in place, and a struct key was copied for it, retaining each of its strings.
final class LayoutKey: PrehashedKey {
    let request: SizeRequest
    let prehash: Int

    init(_ request: SizeRequest) {
        self.request = request
        prehash = Self.hash(request)
    }

    /// The `prehash` of a request's key.
    static func hash(_ request: SizeRequest) -> Int {
        var hasher = KeyHasher()
        request.visitStrings { hasher.combine($0) }
        hasher.combine(request.scale)
        hasher.combine(request.maximumWidth?.bitPattern ?? UInt64.max)
        hasher.combine(request.overflow?.rawValue)
        hasher.combine(request.direction?.rawValue)
        hasher.combine(request.fontScale)
        if let bar = request.bar {
            hasher.combine(bar.width?.bitPattern ?? UInt64.max)
            hasher.combine(bar.screenTitleWidth?.bitPattern ?? UInt64.max)
            for item in bar.trailing { hasher.combine(item.width?.bitPattern ?? UInt64.max) }
        }
        return hasher.finalize()
    }

    /// The UTF-8 bytes of the request's strings, for the cache's byte estimate.
    var textBytes: Int {
        var total = 0
        request.visitStrings { total += $0?.utf8.count ?? 0 }
        return total
    }

    static func == (left: LayoutKey, right: LayoutKey) -> Bool {
        left.prehash == right.prehash && same(left.request, right.request)
    }

    /// A request as a lookup's probe.
    struct Probe: KeyProbe {
        let request: SizeRequest
        let prehash: Int

        func matches(_ key: LayoutKey) -> Bool { key.isKey(of: request) }
    }

    /// Whether this is the key of `request`.
    func isKey(of request: SizeRequest) -> Bool {
        Self.same(self.request, request)
    }

    /// Whether two requests are the same key: every field equal, strings by their bytes.
    static func same(_ a: SizeRequest, _ b: SizeRequest) -> Bool {
        a.scale == b.scale && a.maximumWidth == b.maximumWidth
            && a.overflow == b.overflow && a.direction == b.direction && a.fontScale == b.fontScale
            && a.look.hasSameBytes(as: b.look) && a.title.hasSameBytes(as: b.title)
            && a.genericTitle.hasSameBytes(as: b.genericTitle) && a.language.hasSameBytes(as: b.language)
            && sameStacks(a.stack, b.stack) && sameBars(a.bar, b.bar)
    }

    private static func sameBars(_ left: BarRequest?, _ right: BarRequest?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?):
            return left.device.hasSameBytes(as: right.device) && left.width == right.width
                && left.screenTitle.hasSameBytes(as: right.screenTitle)
                && left.screenTitleWidth == right.screenTitleWidth && left.trailing.count == right.trailing.count
                && zip(left.trailing, right.trailing).allSatisfy {
                    $0.title.hasSameBytes(as: $1.title) && $0.width == $1.width
                }
        default: return false
        }
    }

    private static func sameStacks(_ left: [NavigationItem]?, _ right: [NavigationItem]?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?):
            return left.count == right.count
                && zip(left, right).allSatisfy {
                    $0.title.hasSameBytes(as: $1.title) && $0.backTitle.hasSameBytes(as: $1.backTitle)
                }
        default: return false
        }
    }
}

extension SizeRequest {
    /// Calls `visit` with each string of the request, absent ones as nil, in a fixed order.
    fileprivate func visitStrings(_ visit: (String?) -> Void) {
        visit(look)
        visit(title)
        for item in stack ?? [] {
            visit(item.title)
            visit(item.backTitle)
        }
        visit(genericTitle)
        visit(language)
        if let bar {
            visit(bar.device)
            visit(bar.screenTitle)
            for item in bar.trailing { visit(item.title) }
        }
    }
}
