import ArgumentParser
import ChevronCheck
import ChevronClient
import ChevronLooks

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

    @Option(
        name: .long,
        help: "The generic title of the fallback chain (default: \"Back\" in the title's --language, else \"Back\").")
    var genericTitle: String?

    @Option(
        name: .long,
        help:
            "The title's language as a BCP 47 tag (ja, zh-Hans, ko): steers font fallback (Japanese or Chinese Han forms) and shaping."
    )
    var language: String?

    @OptionGroup var bar: BarOptions

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
            direction: direction, language: language, device: bar.resolved.device, barWidth: bar.resolved.barWidth,
            screenTitle: bar.screenTitle, screenTitleWidth: bar.screenTitleWidth, trailing: bar.items)
    }

    /// The LayoutBar request for `title`, as `parameters(title:)` (no maximum width: the bar sets it).
    func barParameters(title: String) -> BarParameters {
        BarParameters(
            look: look, device: bar.resolved.device, barWidth: bar.resolved.barWidth,
            title: stack.isEmpty ? title : nil,
            stack: stack.isEmpty ? nil : (stack + [title]).map { SizeParameters.Item(title: $0) },
            screenTitle: bar.screenTitle, screenTitleWidth: bar.screenTitleWidth, trailing: bar.items, scale: scale,
            overflow: overflow.flatMap { .init(rawValue: $0.rawValue) }, genericTitle: genericTitle,
            direction: direction.flatMap { .init(rawValue: $0.rawValue) }, language: language)
    }
}

/// The navigation bar a button sits in (docs/looks.md, "The bar").
struct BarOptions: ParsableArguments {
    @Option(
        name: .long, help: "The device whose bar the button sits in (`chevron looks --devices`; default iphone-se).")
    var device: String?

    @Option(name: .long, parsing: .unconditional, help: "The bar's width in points, instead of a --device.")
    var barWidth: Double?

    @Option(name: .long, help: "The title of the screen the button sits on: it narrows modern's room.")
    var screenTitle: String?

    @Option(name: .long, parsing: .unconditional, help: "The screen title's width in points, instead of its text.")
    var screenTitleWidth: Double?

    @Option(
        name: .long,
        help:
            "An item at the bar's trailing end: its title, or its width as NUMBERpt (44pt); repeatable, outermost last."
    )
    var trailing: [String] = []

    @Option(name: .long, help: "A chevron check project file whose `devices` --device may also name.")
    var config: String?

    func validate() throws {
        try Output.requireFinite(barWidth, option: "bar-width")
        try Output.requireFinite(screenTitleWidth, option: "screen-title-width")
        _ = try projectDevices()
    }

    /// The devices of `--config`'s project file; one named like a built-in device is refused.
    /// - Throws: `ValidationError` when the file cannot be read or is wrong.
    func projectDevices() throws -> [ProjectDevice] { try Self.projectDevices(config: config) }

    /// The devices of the project file `config`, checked as `projectDevices()` says.
    static func projectDevices(config: String?) throws -> [ProjectDevice] {
        guard let config else { return [] }
        let devices: [ProjectDevice]
        do {
            devices = try CheckPlan.load(config).devices
        } catch {
            throw ValidationError("\(error)")
        }
        if let clash = devices.first(where: { Device.named($0.name) != nil }) {
            throw ValidationError("\(config): devices: \(clash.name) is a built-in device; give it another name")
        }
        return devices
    }

    /// The device as a request gives it: a project file's device as its bar width.
    var resolved: (device: String?, barWidth: Double?) {
        guard let name = device, let found = try? projectDevices().first(where: { $0.name == name }) else {
            return (device, barWidth)
        }
        return (nil, found.width)
    }

    /// The trailing items, nil without any.
    var items: [BackButtonInterface.BarItem]? {
        guard !trailing.isEmpty else { return nil }
        return trailing.map { item in
            if item.hasSuffix("pt"), let width = Double(item.dropLast(2)), width.isFinite {
                return .init(width: width)
            }
            return .init(title: item)
        }
    }
}

/// `--overflow` and `--direction` take the interface's names, and complete with them.
extension SizeParameters.Overflow: ExpressibleByArgument {}
extension SizeParameters.Direction: ExpressibleByArgument {}
