import ChevronLooks
import ChevronText

/// The iOS 7+ system back button: a drawn chevron and a regular 17-point title (docs/looks.md, "modern").
public struct ModernLook: BackButtonLook {
    /// Creates the look.
    public init() {}

    public let name = "modern"
    public let summary =
        "iOS 7+: 8 + chevron 13 + 6 + title, regular 17 pt, in the room its bar leaves, fallback by fit."

    /// 8 before the chevron (Flutter `start: 8`), the 13-wide chevron (chosen), 6 after it (Flutter `start: 6`).
    static let titleStart = 8.0 + 13 + 6

    public let metrics = LookMetrics(
        // Regular 17 pt (Flutter _kDefaultActionTextStyle); San Francisco is not on Linux, so
        // fontconfig falls back to the system sans-serif and the layout names the face used.
        font: FontRequest(pattern: "SF Pro Text", size: 17),
        tracking: -0.41,  // Flutter _kDefaultActionTextStyle letterSpacing
        height: 44,  // Flutter _kNavBarPersistentHeight
        artWidth: 50,  // Flutter _kNavBarBackButtonTapWidth: the narrowest button
        leftCap: titleStart,  // the chevron and its margins never stretch (chosen)
        titleInsets: HorizontalInsets(left: titleStart, right: 0),
        alignment: .leading,
        titleTop: nil,  // vertically centred
        padding: titleStart,
        // Never the limit of a layout: the button gets the room its bar leaves it (`bar`, below);
        // this is what DescribeLook reports as the widest the default bar allows without a
        // screen title, a third of the default device's 375 points.
        maximumWidth: 125,
        overflow: .fallback,  // Apple's BackButtonDisplayMode.default: decided by measured fit
        chevronWidth: 13,  // chosen: the size commonly reported for UIKit's back indicator
        colors: LookColors(text: "#007AFF")  // chosen: iOS 7's default tint blue, no source read here
    )

    public let sources = [
        "height": "Flutter _kNavBarPersistentHeight", "layout": "Flutter EdgeInsetsDirectional start 8 / 6",
        "chevron": "chosen (13×21)", "minimumWidth": "Flutter _kNavBarBackButtonTapWidth",
        "font": "Flutter _kDefaultActionTextStyle", "overflow": "Apple BackButtonDisplayMode.default",
        "maximumWidth":
            "the bar's room: a third of iphone-se's 375 points without a screen title (docs/looks.md, The bar)",
    ]

    /// iOS 7+'s bar: 44 points high, the title in semibold 17 with the action style's tracking,
    /// the back button at the bar's leading edge (its own 8 points come before the chevron).
    public let bar = BarStyle(
        height: 44,  // Flutter _kNavBarPersistentHeight
        // Flutter CupertinoTextThemeData navTitleTextStyle: 17, FontWeight.w600, letterSpacing -0.41.
        titleFont: FontRequest(pattern: "SF Pro Text:semibold", size: 17),
        // Chosen: a face with a weight axis set to 600 where SF Pro Text is missing, as the
        // system sans-serif that stands in for it may have no semibold (Noto Sans here).
        titleStandIn: FontRequest(pattern: "Inter:semibold", size: 17),
        titleTracking: -0.41,
        buttonOrigin: 0,  // Flutter: the back button is the toolbar's leading child, unpadded
        edgePadding: 16,  // Flutter _kNavBarEdgePadding
        middleSpacing: 6,  // Flutter: NavigationToolbar(middleSpacing: 6.0) in the Cupertino bar
        itemSpacing: 8,  // chosen: no source read for the space between two bar buttons
        limitsBackButton: true,
        roomWithoutScreenTitle: 1.0 / 3,  // a third of the bar: see sources["barRoomWithoutTitle"]
        sources: [
            "height": "code: Flutter _kNavBarPersistentHeight (44)",
            "titleFont": "code: Flutter CupertinoTextThemeData navTitleTextStyle (17, w600)",
            "titleStandIn": "chosen: Inter with its weight axis at 600 when SF Pro Text is substituted",
            "titleTracking": "code: Flutter navTitleTextStyle letterSpacing -0.41",
            "buttonOrigin": "code: Flutter, the back button is NavigationToolbar's unpadded leading child",
            "edgePadding": "code: Flutter _kNavBarEdgePadding (16)",
            "middleSpacing": "code: Flutter's Cupertino bar passes middleSpacing 6 to NavigationToolbar",
            "itemSpacing": "chosen: 8; no source read",
            "roomWithoutScreenTitle": "chosen: a third of the bar, the cap of a version of Flutter's NavigationToolbar",
        ])
}
