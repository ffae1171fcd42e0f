/// Why a one-pass read failed: the text is not JSON as the parser reads it (`isSyntax`: a syntax
/// error, too deep, a duplicate key), or a value does not fit its IDL type, `path` naming where
/// (`stack[2].title`; empty for the value read itself). The path is built as the error unwinds,
/// each field, element and key adding its part: a read that succeeds builds none.
public struct WireReadError: Error, Sendable, Hashable {
    /// Whether the text itself is wrong, rather than a value in it.
    public let isSyntax: Bool
    /// The path's parts, innermost first.
    private var parts: [Part] = []

    private enum Part: Sendable, Hashable {
        case name(String)
        case index(Int)
    }

    private init(isSyntax: Bool) { self.isSyntax = isSyntax }

    /// The text is not JSON.
    public static let syntax = WireReadError(isSyntax: true)
    /// The value read is not of its type.
    public static let invalid = WireReadError(isSyntax: false)

    /// The value named `name` (a field, or a map's key) is not of its type.
    public static func invalid(_ name: String) -> WireReadError { invalid.under(name) }

    /// The error of a value inside the field or key `name`.
    public func under(_ name: String) -> WireReadError {
        var error = self
        error.parts.append(.name(name))
        return error
    }

    /// The error of a value inside element `index` of an array.
    public func at(_ index: Int) -> WireReadError {
        var error = self
        error.parts.append(.index(index))
        return error
    }

    /// The path, as `InvalidParameter` names it: fields and keys after dots, elements in brackets.
    public var path: String {
        var text = ""
        for part in parts.reversed() {
            switch part {
            case .name(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
