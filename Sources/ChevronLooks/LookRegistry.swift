/// The looks a service knows, by name.
public struct LookRegistry: Sendable {
    /// The known names, sorted.
    public let names: [String]
    /// The looks, in the order of `names`.
    private let looks: [any BackButtonLook]
    /// Positions by name, for a registry too large to scan (many manifest looks).
    private let positions: [String: Int]
    /// Every name's UTF-8 bytes, one after another, in the order of `names`; `nameEnds` holds
    /// where each ends. A name asked for is compared with these bytes where they lie.
    private let nameBytes: [UInt8]
    private let nameEnds: [Int]

    /// A registry this small is searched name by name: comparing a handful of short names costs
    /// less than hashing one with SipHash, and every size request looks its look up.
    private static let scanLimit = 16

    /// Creates a registry; a later look with the same name replaces an earlier one.
    public init(_ looks: [any BackButtonLook]) {
        var byName: [String: any BackButtonLook] = [:]
        for look in looks { byName[look.name] = look }
        let sorted = byName.sorted { $0.key < $1.key }
        names = sorted.map(\.key)
        self.looks = sorted.map(\.value)
        positions = names.count > Self.scanLimit ? Dictionary(uniqueKeysWithValues: zip(names, names.indices)) : [:]
        nameBytes = names.flatMap(\.utf8)
        var end = 0
        nameEnds = names.map { name in
            end += name.utf8.count
            return end
        }
    }

    /// All looks, sorted by name.
    public var all: [any BackButtonLook] { looks }

    /// The look called `name`.
    /// - Throws: `LookError.unknownLook`, listing the known names.
    public func look(named name: String) throws -> any BackButtonLook {
        looks[try position(of: name)]
    }

    /// The layout the look `request` names makes, with `measurer`: what every size request
    /// asks. The look is used where the registry keeps it; `look(named:)` returns a copy of it,
    /// which retained and released what the look holds (its numbers, its sources) on every call.
    /// - Throws: `LookError.unknownLook`, or what the look's layout throws.
    public func layout(_ request: SizeRequest, measurer: TitleMeasurer) throws -> BackButtonLayout {
        try looks[try position(of: request.look)].layout(request, measurer: measurer)
    }

    /// Where the look called `name` is in this registry, for `look(at:)` and
    /// `layout(_:lookAt:measurer:)`: a request's look found once serves both.
    public func index(of name: String) -> Result<Int, LookError> {
        Result { () throws(LookError) in try position(of: name) }
    }

    /// The look at `index` (from `index(of:)`).
    public func look(at index: Int) -> any BackButtonLook { looks[index] }

    /// The layout the look at `index` (from `index(of:)` for `request.look`) makes, with
    /// `measurer`, as `layout(_:measurer:)` gives it.
    /// - Throws: what the look's layout throws.
    public func layout(_ request: SizeRequest, lookAt index: Int, measurer: TitleMeasurer) throws -> BackButtonLayout {
        try looks[index].layout(request, measurer: measurer)
    }

    /// Where the look called `name` is in `looks`.
    private func position(of name: String) throws(LookError) -> Int {
        if names.count <= Self.scanLimit {
            // The names passed over are not compared by `==`, which took the standard library's
            // slow comparison for each of them: a name asked for is first found by its UTF-8
            // bytes, and only a name not found so is compared by `==` (one canonically equal
            // under other bytes: a Kelvin sign is a K).
            let found = name.utf8.withContiguousStorageIfAvailable { asked in
                nameBytes.withUnsafeBufferPointer { all -> Int? in
                    var start = 0
                    for index in nameEnds.indices {
                        let end = nameEnds[index]
                        if UnsafeBufferPointer(rebasing: all[start..<end]).hasSameBytes(as: asked) { return index }
                        start = end
                    }
                    return nil
                }
            }
            if let index = found ?? nil { return index }
            for index in names.indices where names[index] == name { return index }
        } else if let index = positions[name] {
            return index
        }
        throw LookError(
            .unknownLook, parameter: "look",
            "no look is called \(name.echoed); known looks: \(names.joined(separator: ", "))")
    }
}
