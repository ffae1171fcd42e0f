import ChevronLooks
import ChevronText

/// Instagram (2011), from idev-recipes/CustomBackButton (docs/looks.md, "instagram"; seed 003).
public struct InstagramLook: BackButtonLook {
    /// Creates the look.
    public init() {}

    public let name = "instagram"
    public let summary = "Instagram (2011): 35×31 art, title centred, width min(160, text + 1.5 × left cap)."

    public let metrics = LookMetrics(
        font: FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"]),  // code: bold small system size
        height: 31,  // code: the art's height
        artWidth: 35,  // art: 35×31 (@2x 71×62)
        leftCap: 14,  // code; right cap 35 − 14 − 1 = 20 by the one-pixel rule
        titleInsets: HorizontalInsets(left: 6, right: 3),  // code: titleEdgeInsets
        alignment: .centred,  // code: UIButton centres its label in the content rect
        titleTop: nil,
        padding: 1.5 * 14,  // code: textWidth + 1.5 × leftCap
        maximumWidth: 160,  // code: min(160, …)
        overflow: .truncate,  // code: tail truncation
        // code: RGB 254/255, 239/255, 218/225 (the source's 225 typo kept: blue ≈ 0.969 → F7);
        // dark grey shadow offset (0, −1)
        colors: LookColors(text: "#FEEFF7", shadow: "#555555", shadowOffset: ShadowOffset(x: 0, y: -1))
    )

    /// The art is not shipped; drawn as a dark steel-blue bezel with the art's chevron on the
    /// left and rounded right corners, on the app's blue bar of 2011 (colours by eye: chosen).
    public var art: ButtonArt {
        ButtonArt(
            shape: .bezel, pointDepth: 12, cornerRadius: 5,
            fill: VerticalGradient(top: "#3E6A93", bottom: "#1E4268"), border: "#112A45", highlight: "#FFFFFF33",
            bar: VerticalGradient(top: "#4F7DA6", bottom: "#2A5680"))
    }

    public let sources = [
        "art": "idev-recipes/CustomBackButton art", "leftCap": "code", "titleInsets": "code",
        "padding": "code (1.5 × leftCap)", "maximumWidth": "code", "overflow": "code",
    ]
}
