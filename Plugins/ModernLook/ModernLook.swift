import ChevronLooks
import ChevronText

/// The iOS 7+ system back button: a drawn chevron and a regular 17-point title (docs/looks.md, "modern").
public struct ModernLook: BackButtonLook {
    /// Creates the look.
    public init() {}

    public let name = "modern"
    public let summary = "iOS 7+: 8 + chevron 13 + 6 + title, regular 17 pt, fallback by measured fit."

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
        maximumWidth: 200,  // no source read here: chosen
        overflow: .fallback,  // Apple's BackButtonDisplayMode.default: decided by measured fit
        chevronWidth: 13,  // chosen: the size commonly reported for UIKit's back indicator
        colors: LookColors(text: "#007AFF")  // chosen: iOS 7's default tint blue, no source read here
    )

    public let sources = [
        "height": "Flutter _kNavBarPersistentHeight", "layout": "Flutter EdgeInsetsDirectional start 8 / 6",
        "chevron": "chosen (13×21)", "minimumWidth": "Flutter _kNavBarBackButtonTapWidth",
        "font": "Flutter _kDefaultActionTextStyle", "overflow": "Apple BackButtonDisplayMode.default",
        "maximumWidth": "chosen",
    ]
}
