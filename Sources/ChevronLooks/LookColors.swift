/// A look's colours, as `#RRGGBB` or `#RRGGBBAA` hex strings.
public struct LookColors: Sendable, Hashable {
    /// The title's colour.
    public var text: String
    /// The title's 1-point shadow colour, if it has one.
    public var shadow: String?
    /// The shadow's offset in points (UIKit's `shadowOffset`, y up is negative).
    public var shadowOffset: ShadowOffset?
    /// The button's tint, for looks that tint standard art.
    public var tint: String?

    /// Creates colours.
    public init(text: String, shadow: String? = nil, shadowOffset: ShadowOffset? = nil, tint: String? = nil) {
        self.text = text
        self.shadow = shadow
        self.shadowOffset = shadowOffset
        self.tint = tint
    }

    /// The first colour that is not `#RRGGBB` or `#RRGGBBAA`, as (field, value), or nil.
    public func firstInvalid() -> (String, String)? {
        let fields: [(String, String?)] = [("text", text), ("shadow", shadow), ("tint", tint)]
        for case (let field, let value?) in fields where !Self.isHexColor(value) { return (field, value) }
        return nil
    }

    /// Whether `value` is `#RRGGBB` or `#RRGGBBAA`.
    public static func isHexColor(_ value: String) -> Bool {
        let digits = value.dropFirst()
        return value.first == "#" && (digits.count == 6 || digits.count == 8)
            && digits.allSatisfy { $0.isASCII && $0.isHexDigit }
    }
}

/// A shadow's offset in points.
public struct ShadowOffset: Sendable, Hashable {
    /// Horizontal offset.
    public var x: Double
    /// Vertical offset (negative is up, as UIKit's `CGSizeMake(0, -1)`).
    public var y: Double

    /// Creates an offset.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
