import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronVarlink

/// `chevron size`: the back button's layout for one title in one look.
struct SizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "size",
        abstract: "Lay out a back button for a title in a look: width, height, title frame and more.",
        discussion: """
            With --stack, the stack is the given items (bottom first) followed by TITLE as the top item, \
            and the button shows the item before TITLE, as UIKit does.
            """
    )

    @Argument(help: "The title (or, with --stack, the top item's title).")
    var title: String

    @OptionGroup var button: ButtonOptions

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    @Flag(
        name: .long, help: "Lay out the whole bar (LayoutBar): the button's, the screen title's and the items' frames.")
    var bar = false

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
            if bar {
                try await printBar(client.layoutBar(button.barParameters(title: title)))
                return
            }
            let layout = try await client.size(button.parameters(title: title))
            TrustNotes.warnAboutMissingGlyphs(layout, title: title)
            if let note = SubstitutionLog.message(look: layout.look, font: layout.font) { TrustNotes.warn(note) }
            if json {
                Output.printJSON(layout)
                return
            }
            let frame = layout.titleFrame
            Output.line("look        \(layout.look)")
            Output.line("size        \(Output.points(layout.width)) × \(Output.points(layout.height)) pt")
            Output.line(
                "title       \(layout.displayedTitle) (\(layout.titleSource)\(layout.truncated ? ", truncated" : ""))")
            Output.line(
                "title frame x \(Output.points(frame.x)) y \(Output.points(frame.y)) w \(Output.points(frame.width)) h \(Output.points(frame.height))"
            )
            Output.line("text width  \(Output.points(layout.textWidth)) pt")
            if let bar = layout.bar { Output.line("limit       \(Self.describe(bar))") }
            Output.line("direction   \(layout.direction)")
            Output.line(
                "font        \(layout.font.family) \(layout.font.style) \(Output.points(layout.font.size)) pt  \(layout.font.file)"
            )
            Output.line("requested   \(layout.font.requested)\(layout.font.substituted ? " (substituted)" : "")")
            Output.line("missing     \(layout.missingGlyphs) glyph\(layout.missingGlyphs == 1 ? "" : "s")")
        }
    }

    /// The bar's room, and what it was worked out from.
    static func describe(_ bar: BackButtonInterface.BarUsed) -> String {
        let barName = (bar.device.map { "\($0)'s " } ?? "a ") + "\(Output.points(bar.width))-pt bar"
        guard let screen = bar.screenTitleWidth else {
            return "\(Output.points(bar.room)) pt: a third of \(barName) (no screen title)"
        }
        return "\(Output.points(bar.room)) pt: what a \(Output.points(screen))-pt screen title leaves in \(barName)"
    }

    private func printBar(_ bar: BarLayoutReply) {
        let layout = bar.backButton
        TrustNotes.warnAboutMissingGlyphs(layout, title: title)
        if let note = SubstitutionLog.message(look: layout.look, font: layout.font) { TrustNotes.warn(note) }
        if json {
            Output.printJSON(bar.tree)
            return
        }
        func frame(_ rect: RectReply) -> String {
            "x \(Output.points(rect.x)) y \(Output.points(rect.y)) w \(Output.points(rect.width)) h \(Output.points(rect.height))"
        }
        Output.line("look        \(bar.look)")
        Output.line(
            "bar         \(bar.device.map { "\($0), " } ?? "")\(Output.points(bar.width)) × \(Output.points(bar.height)) pt, \(bar.direction)"
        )
        Output.line("button      \(frame(bar.backButtonFrame))")
        Output.line(
            "shows       \(layout.displayedTitle) (\(layout.titleSource)\(layout.truncated ? ", truncated" : ""))")
        if let room = layout.bar { Output.line("limit       \(Self.describe(room))") }
        if let screen = bar.screenTitle {
            Output.line("screen      \(frame(screen.frame))")
            if let shown = screen.displayedTitle {
                Output.line("  title     \(shown)\(screen.truncated ? " (truncated)" : "")")
            }
            if let font = screen.font {
                Output.line(
                    "  font      \(font.family) \(font.style) \(Output.points(font.size)) pt\(font.substituted ? " (for \(font.requested))" : "")"
                )
            }
        }
        for (index, item) in bar.trailing.enumerated() {
            Output.line("item \(index)      \(frame(item.frame))\(item.title.map { "  \($0)" } ?? "")")
        }
    }
}
