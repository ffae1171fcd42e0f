/// The looks a service knows, by name.
public struct LookRegistry: Sendable {
    /// The known names, sorted.
    public let names: [String]
    /// The looks, in the order of `names`.
    private let looks: [any BackButtonLook]
    /// Positions by name, for a registry too large to scan (many manifest looks).
    private let positions: [String: Int]
    /// Each name's sixteen bytes of representation (see `representation(of:)`), in the order of
    /// `names`.
    private let representations: [Representation]

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
        representations = names.map(Self.representation(of:))
    }

    private typealias Representation = (UInt64, UInt64)

    /// Whether a string is sixteen bytes, as on every 64-bit platform (a constant test).
    private static var representable: Bool { MemoryLayout<String>.size == MemoryLayout<Representation>.size }

    /// A string's sixteen bytes of representation: a name of up to fifteen UTF-8 bytes is held
    /// in them, so two such names are the same name when these are equal. (A string whose bytes
    /// are elsewhere has other bytes here; `position(of:)` then compares by `==`.) Zeros where a
    /// string is not sixteen bytes; `position(of:)` does not use them then.
    private static func representation(of name: String) -> Representation {
        guard representable else { return (0, 0) }
        return unsafeBitCast(name, to: Representation.self)
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

    /// Where the look called `name` is in `looks`.
    private func position(of name: String) throws(LookError) -> Int {
        if names.count <= Self.scanLimit {
            // The names passed over are not compared by `==`, which took the standard library's
            // slow comparison for each of them: a name asked for is first found by its
            // representation, and only a name not found so is compared by `==` (one held out
            // of line, or canonically equal under other bytes: a Kelvin sign is a K).
            if Self.representable {
                let asked = Self.representation(of: name)
                for index in representations.indices where representations[index] == asked { return index }
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
