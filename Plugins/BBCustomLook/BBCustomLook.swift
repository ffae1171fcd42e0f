import ChevronLooks
import ChevronText

/// The animated custom back button of BBCustomBackButtonViewController (docs/looks.md, "bbcustom"; seed 000).
public struct BBCustomLook: AnimatedLook {
    /// Creates the look.
    public init() {}

    public let name = "bbcustom"
    public let summary = "BBCustomBackButton (seed 000): 52×31 art, title 7 from the right, slides ±80 over 0.3 s."

    public let metrics = LookMetrics(
        font: FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"]),  // code: bold 12
        height: 31,  // code: kBackButtonFrame 52×31
        artWidth: 52,  // art 52×31 (@2x 103×62)
        leftCap: 14,  // code
        titleInsets: HorizontalInsets(left: 13, right: 7),  // code: 7 from the right; left = 20 − 7 (width rule)
        alignment: .trailing,  // code: the title is placed from the right edge
        titleTop: nil,  // code: floor((31 − textHeight) / 2)
        padding: 20,  // code: textWidth + 20
        maximumWidth: 160,  // no source: chosen, as the other 2011 looks
        overflow: .truncate,  // no source: chosen
        // code: shadow offset (0, −1); colours not stated: white text, dark grey shadow chosen
        colors: LookColors(text: "#FFFFFF", shadow: "#555555", shadowOffset: ShadowOffset(x: 0, y: -1))
    )

    /// The 52×31 art is not shipped; drawn as a glossy black bezel over a charcoal bar
    /// (colours by eye: chosen).
    public var art: ButtonArt {
        ButtonArt(
            shape: .bezel, pointDepth: 12, cornerRadius: 5,
            fill: VerticalGradient(top: "#505050", bottom: "#161616"), border: "#000000", highlight: "#FFFFFF30",
            bar: VerticalGradient(top: "#3C3C3C", bottom: "#141414"))
    }

    public let sources = [
        "art": "BBCustomBackButtonViewController art", "frame": "code kBackButtonFrame", "padding": "code",
        "titleInsets": "code (right 7)", "maximumWidth": "chosen", "overflow": "chosen",
    ]

    /// Where the button rests in the bar: `kBackButtonFrame`'s origin (code).
    static let restingOrigin = (x: 6.0, y: 6.0)
    /// How far off its resting place the button slides: `kBackButtonAnimationOffset` (code).
    static let slideOffset = 80.0
    /// `kBackButtonAnimationSpeed` (code), in seconds.
    static let duration = 0.3

    /// Seed 000's viewWillDisappear/viewWillAppear: a push slides the button to x = −80, a pop to
    /// x = +80; on appear it starts at −80 if a push covered it (+80 otherwise) and returns to 6.
    /// The seed animates its constant 52×31 frame; here the frame has the layout's size.
    public func transition(_ kind: TransitionKind, for layout: BackButtonLayout, wasCoveredByPush: Bool)
        -> BackButtonTransition
    {
        func frame(x: Double) -> Rect {
            Rect(x: x, y: Self.restingOrigin.y, width: layout.width, height: layout.height)
        }
        let resting = frame(x: Self.restingOrigin.x)
        switch kind {
        case .push:
            return BackButtonTransition(
                kind: kind, from: resting, to: frame(x: -Self.slideOffset), duration: Self.duration)
        case .pop:
            return BackButtonTransition(
                kind: kind, from: resting, to: frame(x: Self.slideOffset), duration: Self.duration)
        case .appear:
            let start = wasCoveredByPush ? -Self.slideOffset : Self.slideOffset
            return BackButtonTransition(kind: kind, from: frame(x: start), to: resting, duration: Self.duration)
        }
    }
}
