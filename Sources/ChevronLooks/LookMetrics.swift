import ChevronText

/// The numbers a look states: its font, its art and how the title sits in it.
///
/// Every look's numbers live in its provider, each with a comment naming its source (LOOKS.md).
public struct LookMetrics: Sendable, Hashable {
    /// The title's font (pattern, size, features such as `-kern`).
    public var font: FontRequest
    /// Extra advance after every character, in points (negative tightens; iOS 7's −0.41).
    public var tracking: Double
    /// The button's height in points.
    public var height: Double
    /// The stretchable art's size in points; its width is the narrowest the button may be.
    public var artWidth: Double
    /// The art's left cap (the slice that never stretches); the right cap follows from it.
    public var leftCap: Double
    /// Where the title's content rect starts and ends inside the button.
    public var titleInsets: HorizontalInsets
    /// How the title is placed horizontally.
    public var alignment: TitleAlignment
    /// The title's top edge; nil centres it vertically, `floor((height − lineHeight) / 2)`.
    public var titleTop: Double?
    /// What the button adds to the title's width: `width = textWidth + padding`.
    public var padding: Double
    /// The widest the button may be before the overflow policy applies.
    public var maximumWidth: Double
    /// What happens when the title does not fit.
    public var overflow: OverflowPolicy
    /// A drawn chevron's width (looks without art: iOS 7+); 0 when the art carries the chevron.
    public var chevronWidth: Double
    /// Title, shadow and tint colours.
    public var colors: LookColors

    /// The right cap, by UIKit's one-pixel stretch column rule: `art width − left cap − 1`.
    public var rightCap: Double { max(0, artWidth - leftCap - 1) }
    /// The narrowest button the caps allow: `left cap + 1 + right cap`, which is the art width.
    public var minimumWidth: Double { leftCap + 1 + rightCap }

    /// Creates a look's numbers.
    public init(
        font: FontRequest, tracking: Double = 0, height: Double, artWidth: Double, leftCap: Double,
        titleInsets: HorizontalInsets, alignment: TitleAlignment, titleTop: Double?, padding: Double,
        maximumWidth: Double, overflow: OverflowPolicy, chevronWidth: Double = 0, colors: LookColors
    ) {
        self.font = font
        self.tracking = tracking
        self.height = height
        self.artWidth = artWidth
        self.leftCap = leftCap
        self.titleInsets = titleInsets
        self.alignment = alignment
        self.titleTop = titleTop
        self.padding = padding
        self.maximumWidth = maximumWidth
        self.overflow = overflow
        self.chevronWidth = chevronWidth
        self.colors = colors
    }
}

/// How a title sits in its content rect.
public enum TitleAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// At the content rect's left edge (classic, modern).
    case leading
    /// Centred in the content rect (UIButton's default: instagram, dailybooth).
    case centred
    /// At the content rect's right edge (bbcustom).
    case trailing
}

/// What a button shows when its title does not fit the maximum width (LOOKS.md).
public enum OverflowPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Tail truncation with "…" at a grapheme-cluster boundary.
    case truncate
    /// UIKit's chain: back title, title, generic title, then the chevron alone.
    case fallback
    /// The generic title, else the chevron alone.
    case generic
    /// The chevron alone, always.
    case minimal
}

extension LookMetrics {
    /// The title's font for `request`: the look's font, scaled by the request's font scale, in
    /// the request's language when it names one. Layout and drawing both use it.
    public func titleFont(for request: SizeRequest) -> FontRequest {
        var titleFont = font
        // Only what changes is set: each change re-hashes the request (`FontRequest.digest`).
        if request.fontScale != 1 { titleFont.size *= request.fontScale }
        if let language = request.language { titleFont.language = language }
        return titleFont
    }
}
