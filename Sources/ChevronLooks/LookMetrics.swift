import ChevronText

/// The numbers a look states: its font, its art and how the title sits in it.
///
/// Every look's numbers live in its provider, each with a comment naming its source (docs/looks.md).
///
/// The numbers are kept behind one reference: a look hands out its metrics through the
/// protocol's getter on every layout, and a copy of thirteen fields retained each of their
/// strings (the font's pattern and features, four colours). Setting a field makes a new box, so
/// a copy never sees another's change.
public struct LookMetrics: Sendable, Hashable {
    private var box: SharedFields<Values>

    /// The title's font (pattern, size, features such as `-kern`).
    public var font: FontRequest {
        // Yielded where the box keeps it: a layout passes it on without a retain.
        _read { yield box.fields.font }
        set { box.edit { $0.font = newValue } }
    }
    /// Extra advance after every character, in points (negative tightens; iOS 7's −0.41).
    public var tracking: Double {
        get { box.fields.tracking }
        set { box.edit { $0.tracking = newValue } }
    }
    /// The button's height in points.
    public var height: Double {
        get { box.fields.height }
        set { box.edit { $0.height = newValue } }
    }
    /// The stretchable art's size in points; its width is the narrowest the button may be.
    public var artWidth: Double {
        get { box.fields.artWidth }
        set { box.edit { $0.artWidth = newValue } }
    }
    /// The art's left cap (the slice that never stretches); the right cap follows from it.
    public var leftCap: Double {
        get { box.fields.leftCap }
        set { box.edit { $0.leftCap = newValue } }
    }
    /// Where the title's content rect starts and ends inside the button.
    public var titleInsets: HorizontalInsets {
        get { box.fields.titleInsets }
        set { box.edit { $0.titleInsets = newValue } }
    }
    /// How the title is placed horizontally.
    public var alignment: TitleAlignment {
        get { box.fields.alignment }
        set { box.edit { $0.alignment = newValue } }
    }
    /// The title's top edge; nil centres it vertically, `floor((height − lineHeight) / 2)`.
    public var titleTop: Double? {
        get { box.fields.titleTop }
        set { box.edit { $0.titleTop = newValue } }
    }
    /// What the button adds around the title: `padding`, and with negative tracking the last
    /// character's tracking too. Tracking is taken off after every character, the last included
    /// (as UIKit's kern attribute does), but the last glyph's ink still reaches its advance: a
    /// button that ended at the tracked width would cut it (modern's "Back" by a pixel at 2×).
    @inlinable
    public var paddingAroundTitle: Double { padding + max(0, -tracking) }

    /// What the button adds to the title's width: `width = textWidth + padding`.
    public var padding: Double {
        get { box.fields.padding }
        set { box.edit { $0.padding = newValue } }
    }
    /// The widest the button may be before the overflow policy applies.
    public var maximumWidth: Double {
        get { box.fields.maximumWidth }
        set { box.edit { $0.maximumWidth = newValue } }
    }
    /// What happens when the title does not fit.
    public var overflow: OverflowPolicy {
        get { box.fields.overflow }
        set { box.edit { $0.overflow = newValue } }
    }
    /// A drawn chevron's width (looks without art: iOS 7+); 0 when the art carries the chevron.
    public var chevronWidth: Double {
        get { box.fields.chevronWidth }
        set { box.edit { $0.chevronWidth = newValue } }
    }
    /// Title, shadow and tint colours.
    public var colors: LookColors {
        get { box.fields.colors }
        set { box.edit { $0.colors = newValue } }
    }

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
        box = SharedFields(
            Values(
                font: font, tracking: tracking, height: height, artWidth: artWidth, leftCap: leftCap,
                titleInsets: titleInsets, alignment: alignment, titleTop: titleTop, padding: padding,
                maximumWidth: maximumWidth, overflow: overflow, chevronWidth: chevronWidth, colors: colors))
    }

    /// The fields themselves.
    private struct Values: Sendable, Hashable {
        var font: FontRequest
        var tracking: Double
        var height: Double
        var artWidth: Double
        var leftCap: Double
        var titleInsets: HorizontalInsets
        var alignment: TitleAlignment
        var titleTop: Double?
        var padding: Double
        var maximumWidth: Double
        var overflow: OverflowPolicy
        var chevronWidth: Double
        var colors: LookColors
    }
}

/// How a title sits in its content rect.
public enum TitleAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the content rect's left edge (classic, modern).
    case leading
    /// Centred in the content rect (UIButton's default: instagram, dailybooth).
    case centred
    /// At the content rect's right edge (bbcustom).
    case trailing
}

/// What a button shows when its title does not fit the maximum width (docs/looks.md, "Shared vocabulary").
public enum OverflowPolicy: String, Sendable, Hashable, CaseIterable {
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
