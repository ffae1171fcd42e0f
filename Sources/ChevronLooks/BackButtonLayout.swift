import ChevronText

/// The full answer for one back button: its size, where the title goes, and what it shows.
public struct BackButtonLayout: Sendable, Hashable {
    /// The look's name.
    public var look: String
    /// The button's width in points, snapped up to the pixel grid.
    public var width: Double
    /// The button's height in points, snapped up to the pixel grid.
    public var height: Double
    /// Where the title label sits, in the button's coordinates.
    public var titleFrame: Rect
    /// The text shown (possibly truncated; empty for the chevron alone).
    public var displayedTitle: String
    /// The art's caps, mirrored for right-to-left.
    public var capInsets: HorizontalInsets
    /// The title's content-rect insets, mirrored for right-to-left.
    public var titleInsets: HorizontalInsets
    /// The tap target: at least 44×44, centred on the button.
    public var hitRect: Rect
    /// The face fontconfig matched for the look's font (characters it lacks fall back to other
    /// faces; `missingGlyphs` counts those no face has).
    public var font: FaceName
    /// The size the title was measured at.
    public var fontSize: Double
    /// The unconstrained width of the chosen title's text.
    public var textWidth: Double
    /// The font the look (or request) asked for: its fontconfig pattern, or its pinned file.
    public var requestedFont: String
    /// How many scalars of the titles measured to choose the displayed title no installed face
    /// covers (0 when all are covered): each is drawn as an empty box, so the width is not the
    /// width a device would show.
    public var missingGlyphs: Int
    /// The width the button needs to show the first title of its chain whole (the title, or the
    /// previous item's back title), uncut and not replaced: its text width plus the look's padding,
    /// at least the look's minimum width, not snapped (more than the limit when the title is cut
    /// or falls back).
    public var neededWidth: Double
    /// The width the button was held to: the request's maximum, else the room its bar left
    /// (modern), else the look's maximum.
    public var maximumWidth: Double
    /// The bar whose room limited the button (modern), and what the room was worked out from;
    /// nil for a look that keeps its own maximum width.
    public var bar: BarUsage?

    // The one-byte fields last: between wider ones, their padding made a copy of a layout
    // load wide words over narrower stores just made, which stall (see `StandardLayout.Choice`).
    /// Where the text came from.
    public var titleSource: TitleSource
    /// Whether the text was truncated.
    public var truncated: Bool
    /// The layout direction.
    public var direction: TextDirection
    /// Whether fontconfig matched another family than the one asked for (see
    /// `TextMeasurement.substituted`): the widths are then the substitute's.
    public var substituted: Bool
}
