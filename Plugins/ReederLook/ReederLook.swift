import ChevronLooks
import ChevronText

/// Reeder (2011) keeps the standard back button and tints the bar dark grey (docs/looks.md, "reeder";
/// seed 003), so its geometry is the classic button's; only colours differ.
public struct ReederLook: BackButtonLook {
    /// Creates the look.
    public init() {}

    public let name = "reeder"
    public let summary = "Reeder (2011): the standard back button under a dark grey tint; classic geometry."

    public let metrics = LookMetrics(
        font: FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"]),  // standard button (seed 003)
        height: 30,  // standard button: seed 004
        artWidth: 43,  // standard button art width (chosen, as classic)
        leftCap: 13,  // standard button: seeds 002/004
        titleInsets: HorizontalInsets(left: 12, right: 8),  // seed 004 padTRL
        alignment: .leading,  // seed 004
        titleTop: 6,  // seed 004
        padding: 12 + 8,  // seed 004
        maximumWidth: 160,  // chosen, as classic
        overflow: .truncate,  // chosen, as classic
        // seed 003: tintColor = darkGrayColor (white 1/3), white text as the standard button
        colors: LookColors(text: "#FFFFFF", shadow: "#555555", shadowOffset: ShadowOffset(x: 0, y: -1), tint: "#555555")
    )

    public let sources = [
        "geometry": "seed 003: Reeder keeps the standard button (tintColor = darkGray); numbers as classic",
        "font": "seeds 002/004",
    ]
}
