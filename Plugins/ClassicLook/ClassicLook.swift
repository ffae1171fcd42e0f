import ChevronLooks
import ChevronText

/// The iOS 3–6 system back button (docs/looks.md, "classic"; seeds 002 and 004).
public struct ClassicLook: BackButtonLook {
    /// Creates the look.
    public init() {}

    public let name = "classic"
    public let summary = "The iOS 3–6 system back button: Helvetica Bold 12 on 30-point stretchable art."

    public let metrics = LookMetrics(
        // Bold system font 12 pt (seeds 002/004); Helvetica on those systems, unkerned as UIKit's
        // string drawing was then (NSKernAttributeName's documented default of 0).
        font: FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"]),
        height: 30,  // seed 004: "Are 30px high"
        artWidth: 43,  // the jQTouch clone of the art is 43×30 (art of a public clone; chosen)
        leftCap: 13,  // seed 002/004: stretchableImageWithLeftCapWidth:13
        titleInsets: HorizontalInsets(left: 12, right: 8),  // seed 004: padTRL = {6, 8, 12}
        alignment: .leading,  // seed 004: label.frame.origin.x = padTRL[2]
        titleTop: 6,  // seed 004: padTRL[0]
        padding: 12 + 8,  // seed 004: controlWidth = labelSize.width + padTRL[1] + padTRL[2]
        maximumWidth: 160,  // no public source: chosen
        overflow: .truncate,  // 2008–2011 posts describe a shortened title: chosen
        // seeds 002/004: white text; dark grey shadow (UIColor darkGrayColor, white 1/3) offset (0, −1)
        colors: LookColors(text: "#FFFFFF", shadow: "#555555", shadowOffset: ShadowOffset(x: 0, y: -1))
    )

    public let sources = [
        "font": "seeds 002/004 (bold system font 12)", "height": "seed 004", "artWidth": "jQTouch clone art (chosen)",
        "leftCap": "seeds 002/004", "titleInsets": "seed 004 padTRL", "padding": "seed 004",
        "maximumWidth": "chosen", "overflow": "chosen",
    ]
}
