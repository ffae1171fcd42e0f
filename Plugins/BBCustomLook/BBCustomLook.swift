import ChevronLooks
import ChevronText

/// The animated custom back button of BBCustomBackButtonViewController (LOOKS.md "bbcustom"; seed 000).
public struct BBCustomLook: BackButtonLook {
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
        overflow: .truncate  // no source: chosen
    )

    public let sources = [
        "art": "BBCustomBackButtonViewController art", "frame": "code kBackButtonFrame", "padding": "code",
        "titleInsets": "code (right 7)", "maximumWidth": "chosen", "overflow": "chosen",
    ]
}
