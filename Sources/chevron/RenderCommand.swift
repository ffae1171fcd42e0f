import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronJSON
import ChevronRender
import ChevronVarlink
import Foundation

/// `chevron render`: a PNG of one back button, exactly its layout's size in pixels.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a back button for a title in a look, as a PNG of exactly its size at the scale.",
        discussion: """
            The picture is width × scale by height × scale pixels, transparent around the button. The art is \
            drawn procedurally in the look (no image files); the title is the one the layout shows, in its \
            title frame. `-o -` writes the PNG to standard output. --background fills the picture behind the \
            button with a colour (#RRGGBB or #RRGGBBAA) or with the look's own bar (bar), so that a translucent \
            look can be seen alone.
            """
    )

    @Argument(help: "The title (or, with --stack, the top item's title).")
    var title: String

    @OptionGroup var button: ButtonOptions

    @Option(name: [.short, .long], help: "The PNG file to write, or - for standard output.")
    var output: String

    @Option(name: .long, help: "What fills the picture behind the button: a colour (#RRGGBB, #RRGGBBAA) or bar.")
    var background: String?

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print the picture's size and layout as JSON.")
    var json = false

    func validate() throws {
        try Output.requirePNG(output)
        if let background, background != "bar" {
            let digits = background.dropFirst()
            guard background.hasPrefix("#"), digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit)
            else { throw ValidationError("--background \(background) is not #RRGGBB, #RRGGBBAA or bar") }
        }
        if json, output == "-" {
            throw ValidationError("--json and -o - would both write to standard output; give -o a file")
        }
    }

    func run() async throws {
        try await Output.reportingErrors {
            let client = try await connection.client()
            let rendered = try await client.render(button.parameters(title: title))
            var png = rendered.png
            if let background {
                let (top, bottom) =
                    background == "bar"
                    ? try await client.describeLook(rendered.layout.look).art.barColors : (background, background)
                do {
                    png = try Canvas.png(png, over: top, bottom, parameter: "background")
                } catch {
                    Output.fail("cannot draw the background: \(error)", status: ExitStatus.usage)
                }
            }
            try Output.writeFile(png, to: output)
            let layout = rendered.layout
            TrustNotes.warnAboutMissingGlyphs(layout, title: title)
            if let note = SubstitutionLog.message(look: layout.look, font: layout.font) { TrustNotes.warn(note) }
            if json {
                Output.printJSON(RenderJSON(file: output, rendered: rendered).json)
            } else if output != "-" {
                let shown = layout.displayedTitle.isEmpty ? "the chevron alone" : "\"\(layout.displayedTitle)\""
                Output.line(
                    "\(output): \(rendered.pixelWidth) × \(rendered.pixelHeight) px (\(Output.points(layout.width)) × "
                        + "\(Output.points(layout.height)) pt at \(button.scale)×), \(layout.look), shows \(shown)"
                        + (layout.truncated ? ", truncated" : ""))
            }
        }
    }
}

/// `chevron render --json`: where the PNG went, its pixel size, and the layout.
struct RenderJSON {
    let file: String
    let pixelWidth: Int
    let pixelHeight: Int
    let layout: JSONValue

    init(file: String, rendered: RenderReply) {
        self.file = file
        pixelWidth = rendered.pixelWidth
        pixelHeight = rendered.pixelHeight
        layout = rendered.layout.tree
    }

    /// The report as `--json` prints it.
    var json: JSONValue {
        .members([
            "file": .string(file), "pixelWidth": .int(pixelWidth), "pixelHeight": .int(pixelHeight), "layout": layout,
        ])
    }
}

extension BackButtonInterface.LookArt {
    /// The bar's gradient, top colour first.
    var barColors: (String, String) { (barTop, barBottom) }
}
