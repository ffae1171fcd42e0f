import ArgumentParser
import ChevronClient

/// The options of one back-button question, shared by `size` and `render`.
struct ButtonOptions: ParsableArguments {
    @Option(name: .long, help: "The look (see `chevron looks`).", completion: LookCompletion.kind)
    var look = "classic"

    @Option(name: .long, help: "An item below TITLE on the navigation stack, bottom first; repeatable.")
    var stack: [String] = []

    @Option(name: .long, help: "Pixels per point: 1, 2 or 3.")
    var scale = 1

    @Option(name: .long, parsing: .unconditional, help: "The widest the button may be, in points.")
    var maxWidth: Double?

    @Option(name: .long, help: "truncate, fallback, generic or minimal (default: the look's).")
    var overflow: SizeParameters.Overflow?

    @Option(name: .long, help: "ltr or rtl (default: from the displayed title).")
    var direction: SizeParameters.Direction?

    @Option(name: .long, help: "The generic title of the fallback chain.")
    var genericTitle = "Back"

    @Option(
        name: .long,
        help:
            "The title's language as a BCP 47 tag (ja, zh-Hans, ko): steers font fallback (Japanese or Chinese Han forms) and shaping."
    )
    var language: String?

    func validate() throws {
        try Output.requireFinite(maxWidth, option: "max-width")
        try Output.requireScale(scale)
    }

    /// The request for `title`: alone, or as the top item above `--stack`.
    func parameters(title: String) -> SizeParameters {
        SizeParameters(
            look: look, title: stack.isEmpty ? title : nil,
            stack: stack.isEmpty ? nil : (stack + [title]).map { SizeParameters.Item(title: $0) },
            scale: scale, maxWidth: maxWidth, overflow: overflow, genericTitle: genericTitle,
            direction: direction, language: language)
    }
}

/// `--overflow` and `--direction` take the interface's names, and complete with them.
extension SizeParameters.Overflow: ExpressibleByArgument {}
extension SizeParameters.Direction: ExpressibleByArgument {}
