/// How a look's button is drawn, for previews: shapes and colours only, no image files.
///
/// The 2010–2013 looks stretched bitmap art; no third-party art ships here, so each look states
/// the shape of its art (a bezel with a pointed leading edge, or iOS 7's bare chevron) and its
/// colours. All colours are `#RRGGBB` or `#RRGGBBAA`. These are drawing choices, not measured
/// numbers: sizes and the title's placement always come from the layout.
public struct ButtonArt: Sendable, Hashable {
    /// The art's shape.
    public enum Shape: String, Sendable, Hashable, CaseIterable {
        /// Stretchable art: a point on the leading edge, rounded corners on the trailing one.
        case bezel
        /// iOS 7+: a stroked chevron before the title, no bezel.
        case chevron
    }

    /// The art's shape.
    public var shape: Shape
    /// How far in from the leading edge the point's top and bottom corners sit, in points.
    public var pointDepth: Double
    /// The trailing corners' radius, in points.
    public var cornerRadius: Double
    /// The fill's colour at the top and at the bottom (a vertical gradient).
    public var fill: VerticalGradient
    /// The outline's colour, if drawn.
    public var border: String?
    /// A one-point line just inside the top edge (the glass highlight of the era), if drawn.
    public var highlight: String?
    /// The navigation bar behind the button (top and bottom of its gradient), for contact sheets.
    public var bar: VerticalGradient
    /// For `.chevron`: the space before the chevron and its height, in points (the chevron's
    /// width is the look's `chevronWidth`); docs/looks.md, "modern": 8, and 13 × 21.
    public var chevronInset = 8.0
    /// For `.chevron`: the chevron's height in points.
    public var chevronHeight = 21.0

    /// Creates art.
    public init(
        shape: Shape, pointDepth: Double = 0, cornerRadius: Double = 0, fill: VerticalGradient,
        border: String? = nil, highlight: String? = nil, bar: VerticalGradient
    ) {
        self.shape = shape
        self.pointDepth = pointDepth
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.border = border
        self.highlight = highlight
        self.bar = bar
    }

    /// A bezel tinted with one colour: lighter at the top, darker at the bottom (what UIKit's
    /// `tintColor` did to the standard art), its point reaching in 37% of the height (11 points on a 30-point button).
    public static func tinted(_ tint: String, height: Double) -> ButtonArt {
        ButtonArt(
            shape: .bezel, pointDepth: (height * 0.37).rounded(), cornerRadius: 4,
            fill: VerticalGradient(top: mixed(tint, with: "#FFFFFF", 0.25), bottom: mixed(tint, with: "#000000", 0.15)),
            border: mixed(tint, with: "#000000", 0.55), highlight: "#FFFFFF40",
            bar: VerticalGradient(top: mixed(tint, with: "#FFFFFF", 0.35), bottom: tint))
    }

    /// `color` moved a `fraction` of the way to `other` (both `#RRGGBB`; the alpha is dropped).
    public static func mixed(_ color: String, with other: String, _ fraction: Double) -> String {
        // Anything but #RRGGBB(AA) counts as black rather than trapping: a plugin's colours are not
        // validated the way a manifest's are, and drawing reports the bad colour itself.
        func channels(_ hex: String) -> [Double] {
            let digits = Array(hex.utf8.dropFirst().prefix(6))
            guard LookColors.isHexColor(hex) else { return [0, 0, 0] }
            return stride(from: 0, to: 6, by: 2).map {
                Double(UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0)
            }
        }
        let mixedChannels = zip(channels(color), channels(other)).map { a, b in
            Int((a + (b - a) * fraction).rounded())
        }
        return "#" + mixedChannels.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

}

/// A vertical gradient between two colours.
public struct VerticalGradient: Sendable, Hashable {
    /// The colour at the top.
    public var top: String
    /// The colour at the bottom.
    public var bottom: String

    /// Creates a gradient.
    public init(top: String, bottom: String) {
        self.top = top
        self.bottom = bottom
    }
}

extension BackButtonLook {
    /// The default art: iOS 7's chevron for looks that draw one (`chevronWidth > 0`), else the
    /// standard bezel under the look's tint, or under iOS 6's default bar blue (chosen).
    public var art: ButtonArt {
        if metrics.chevronWidth > 0 {
            let clear = VerticalGradient(top: "#00000000", bottom: "#00000000")
            return ButtonArt(shape: .chevron, fill: clear, bar: ButtonArt.lightBar)
        }
        return ButtonArt.tinted(metrics.colors.tint ?? ButtonArt.classicBlue, height: metrics.height)
    }
}

extension ButtonArt {
    /// iOS 6's default navigation-bar blue, by eye from screenshots of the era (chosen).
    public static let classicBlue = "#4F6F98"
    /// iOS 7's near-white bar (chosen).
    public static let lightBar = VerticalGradient(top: "#F8F8F8", bottom: "#F0F0F0")
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
