/// The looks a service knows, by name.
public struct LookRegistry: Sendable {
    private let looks: [String: any BackButtonLook]

    /// Creates a registry; a later look with the same name replaces an earlier one.
    public init(_ looks: [any BackButtonLook]) {
        var byName: [String: any BackButtonLook] = [:]
        for look in looks { byName[look.name] = look }
        self.looks = byName
    }

    /// The known names, sorted.
    public var names: [String] { looks.keys.sorted() }

    /// All looks, sorted by name.
    public var all: [any BackButtonLook] { names.compactMap { looks[$0] } }

    /// The look called `name`.
    /// - Throws: `LookError.unknownLook`, listing the known names.
    public func look(named name: String) throws -> any BackButtonLook {
        guard let look = looks[name] else {
            throw LookError(
                .unknownLook, parameter: "look",
                "no look is called \(name.echoed); known looks: \(names.joined(separator: ", "))")
        }
        return look
    }
}
