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

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
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
            Output.line("direction   \(layout.direction)")
            Output.line(
                "font        \(layout.font.family) \(layout.font.style) \(Output.points(layout.font.size)) pt  \(layout.font.file)"
            )
            Output.line("requested   \(layout.font.requested)\(layout.font.substituted ? " (substituted)" : "")")
            Output.line("missing     \(layout.missingGlyphs) glyph\(layout.missingGlyphs == 1 ? "" : "s")")
        }
    }
}
