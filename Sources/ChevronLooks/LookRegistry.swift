/// The looks a service knows, by name.
public struct LookRegistry: Sendable {
    /// The known names, sorted.
    public let names: [String]
    /// The looks, in the order of `names`.
    private let looks: [any BackButtonLook]
    /// Positions by name, for a registry too large to scan (many manifest looks).
    private let positions: [String: Int]
    /// Each name's UTF-8 bytes packed into sixteen (see `ShortName`), in the order of `names`.
    private let shortNames: [ShortName]

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
        shortNames = names.map(ShortName.init)
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
            // bytes, and only a name not found so is compared by `==` (one longer than sixteen
            // bytes, or canonically equal under other bytes: a Kelvin sign is a K).
            let asked = ShortName(name)
            if asked.isWhole {
                for index in shortNames.indices where shortNames[index] == asked { return index }
            }
            for index in names.indices where names[index] == name { return index }
        } else if let index = positions[name] {
            return index
        }
        throw LookError(
            .unknownLook, parameter: "look",
            "no look is called \(name.echoed); known looks: \(names.joined(separator: ", "))")
    }
}

/// A name of up to sixteen UTF-8 bytes as two integers and its length: two such names are the
/// same bytes when these are equal, compared without a call into the standard library's string
/// comparison. A longer name keeps only its length (`isWhole` is false) and never matches.
private struct ShortName: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count: Int

    init(_ name: String) {
        count = name.utf8.count
        guard count <= 16 else { return }
        var packed = (UInt64(0), UInt64(0))
        let copied: Void? = name.utf8.withContiguousStorageIfAvailable { bytes in
            withUnsafeMutableBytes(of: &packed) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        }
        if copied == nil {
            // Not contiguous (never so on Linux, where every string is native): byte by byte.
            withUnsafeMutableBytes(of: &packed) { packedBytes in
                for (offset, byte) in name.utf8.enumerated() { packedBytes[offset] = byte }
            }
        }
        (low, high) = packed
    }

    /// Whether the packed bytes are the whole name.
    var isWhole: Bool { count <= 16 }
}
