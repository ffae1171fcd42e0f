import ChevronLooks
import ChevronText

/// DailyBooth (2011): Instagram's code path with its own art (docs/looks.md, "dailybooth"; seed 003).
public struct DailyBoothLook: BackButtonLook {
    /// Creates the look.
    public init() {}

    public let name = "dailybooth"
    public let summary = "DailyBooth (2011): 32×30 translucent art, the instagram code path."

    public let metrics = LookMetrics(
        font: FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"]),  // code: bold 12
        height: 30,  // art: 32×30 (@2x 64×60)
        artWidth: 32,  // art
        leftCap: 14,  // code; right cap 32 − 14 − 1 = 17
        titleInsets: HorizontalInsets(left: 6, right: 3),  // code: insets 6/3
        alignment: .centred,  // code
        titleTop: nil,
        padding: 1.5 * 14,  // code: textWidth + 21
        maximumWidth: 160,  // code
        overflow: .truncate,  // code
        colors: LookColors(text: "#FFFFFF")  // code: white text
    )

    /// The art is translucent (docs/looks.md, "dailybooth"): drawn as a white bezel at low
    /// opacity with a lighter outline, over a dark bar (colours by eye: chosen).
    public var art: ButtonArt {
        ButtonArt(
            shape: .bezel, pointDepth: 11, cornerRadius: 5,
            fill: VerticalGradient(top: "#FFFFFF47", bottom: "#FFFFFF1F"), border: "#FFFFFF80",
            bar: VerticalGradient(top: "#4A4F57", bottom: "#23262B"))
    }

    public let sources = [
        "art": "idev-recipes/CustomBackButton art (32×30)", "code": "same code path as instagram",
    ]
}
