import ChevronText

/// How a look's navigation bar is laid out around its back button: the bar's height, the
/// screen title's style, the bar buttons' style and the spacing between them (docs/looks.md,
/// "The bar"). Every number names its source in `sources`.
public struct BarStyle: Sendable, Hashable {
    /// The bar's height in points (the status bar not included).
    public var height: Double
    /// The screen title's font.
    public var titleFont: FontRequest
    /// The face measured instead of `titleFont` when fontconfig substitutes its family: one
    /// that has the title's weight (a face with a weight axis set to it), where the substitute
    /// for the family may have only regular and bold.
    public var titleStandIn: FontRequest?
    /// Tracking of the screen title, in points per character.
    public var titleTracking: Double
    /// Where the back button starts, from the bar's leading edge.
    public var buttonOrigin: Double
    /// Space between the last trailing item and the bar's trailing edge.
    public var edgePadding: Double
    /// The least space between the screen title and the items beside it.
    public var middleSpacing: Double
    /// Space between two trailing items.
    public var itemSpacing: Double
    /// Whether the back button's limit is the room the bar leaves it (modern), rather than the
    /// look's own maximum width (the 2010–2013 looks, whose apps ran on one 320-point phone).
    public var limitsBackButton: Bool
    /// The share of the bar's width the back button gets when no screen title is given.
    public var roomWithoutScreenTitle: Double
    /// Where each number comes from, by field name.
    public var sources: [String: String]

    /// Creates a bar style.
    public init(
        height: Double, titleFont: FontRequest, titleStandIn: FontRequest? = nil, titleTracking: Double = 0,
        buttonOrigin: Double, edgePadding: Double, middleSpacing: Double, itemSpacing: Double,
        limitsBackButton: Bool, roomWithoutScreenTitle: Double = 1.0 / 3, sources: [String: String]
    ) {
        self.height = height
        self.titleFont = titleFont
        self.titleStandIn = titleStandIn
        self.titleTracking = titleTracking
        self.buttonOrigin = buttonOrigin
        self.edgePadding = edgePadding
        self.middleSpacing = middleSpacing
        self.itemSpacing = itemSpacing
        self.limitsBackButton = limitsBackButton
        self.roomWithoutScreenTitle = roomWithoutScreenTitle
        self.sources = sources
    }

    /// The bar of the 2010–2013 looks and of manifest looks: a 44-point bar, the bold title of
    /// iOS 3–6, the button 6 points in (seed 000's `kBackButtonFrame`). The button keeps the
    /// look's own maximum width.
    public static let era2010 = BarStyle(
        height: 44, titleFont: FontRequest(pattern: "Helvetica:bold", size: 20, features: ["-kern"]),
        buttonOrigin: 6, edgePadding: 6, middleSpacing: 6, itemSpacing: 8, limitsBackButton: false,
        sources: [
            "height": "art: idev-recipes/CustomBackButton's navigation bar images are 44 points high",
            "titleFont":
                "chosen: the bold system font at 20 points, as iOS 3-6 bar titles are commonly reported; no source read",
            "buttonOrigin":
                "seed 000: kBackButtonFrame's origin x 6 (bbcustom); chosen as the same for the other looks",
            "edgePadding": "chosen: 6, as the button's origin",
            "middleSpacing": "code: Flutter's Cupertino navigation bar (middleSpacing 6), chosen for the era",
            "itemSpacing": "chosen: 8 between bar buttons; no source read",
        ])
}
