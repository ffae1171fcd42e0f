import ChevronText

/// The layout step every look inherits (docs/looks.md, "Rules for every look"):
/// choose the title by the overflow policy, measure it, apply `width = textWidth + padding`
/// within the art's minimum and the maximum, place the title, snap to the pixel grid, mirror for
/// right-to-left, and widen the tap target to 44×44.
@usableFromInline
enum StandardLayout {
    // The look's name, numbers and measurer are parameters, not fields of a value made for each
    // layout: storing them copied them (a retain and a release each, on every layout), where a
    // look's module passes its own fields and its caller's measurer as they are.

    /// The one-byte fields come last. Between wider ones, their padding made a copy of a choice
    /// load eight bytes that spanned a one-byte store and the next field's store just made, which
    /// the processor cannot forward from its store buffer: a fifth of `layout`'s time went to
    /// that one load (`perf annotate`).
    private struct Choice {
        var text: String
        var width: Double
        var fullWidth: Double
        /// The displayed text's measurement, when already known (nil for an empty title).
        var measurement: TextMeasurement?
        /// Scalars of the title no installed font covers.
        var missing = 0
        var source: TitleSource
        var truncated: Bool
    }

    /// The layout of `request` in the look called `lookName` with `metrics`, measuring with `measurer`.
    @usableFromInline
    static func layout(
        _ request: SizeRequest, look lookName: String, metrics: LookMetrics, bar: BarStyle, measurer: TitleMeasurer
    ) throws -> BackButtonLayout {
        try validate(request, look: lookName, metrics: metrics)
        // A look sized by its bar (modern) gets the room the bar leaves it, unless the request
        // sets its own maximum (the layout still says what room the bar left); the others keep
        // their own maximum and only check the bar.
        var usage: BarUsage?
        if bar.limitsBackButton {
            usage = try BarRule.usage(request, metrics: metrics, style: bar, measurer: measurer)
        } else if let requested = request.bar {
            _ = try requested.resolved()
            try requested.validateItems()
        }
        let maximum = request.maximumWidth ?? usage?.room ?? metrics.maximumWidth
        // The look's own font, read where the look keeps it, unless the request scales it or
        // names a language (a copy of it was a retain and a release on every layout).
        var layout: BackButtonLayout
        if request.fontScale == 1, request.language == nil {
            layout = try Self.layout(
                request, font: metrics.font, maximum: maximum, look: lookName, metrics: metrics, measurer: measurer)
        } else {
            layout = try Self.layout(
                request, font: metrics.titleFont(for: request), maximum: maximum, look: lookName, metrics: metrics,
                measurer: measurer)
        }
        if usage != nil { layout.bar = usage }
        return layout
    }

    /// `layout` of a validated request in `font`, no wider than `maximum`.
    private static func layout(
        _ request: SizeRequest, font: FontRequest, maximum: Double, look lookName: String, metrics: LookMetrics,
        measurer: TitleMeasurer
    ) throws -> BackButtonLayout {
        let policy = request.overflow ?? metrics.overflow

        if policy == .truncate {
            // One title, cut when too long: one call measures it and, when too long, cuts it. A
            // title with a line break shows its first line and "…", cut further when too long.
            let (title, source) = try truncateCandidate(request)
            let oneLine = LineBreaks.oneLine(title)
            var chosen = try truncatedChoice(
                oneLine ?? title, source: source, font: font, maximum: maximum, metrics: metrics, measurer: measurer)
            if oneLine != nil { chosen.truncated = true }
            return try place(
                chosen, request: request, font: font, maximum: maximum, missingGlyphs: chosen.missing,
                firstWidth: chosen.fullWidth, look: lookName, metrics: metrics, measurer: measurer)
        }
        var missingGlyphs = 0
        // The width of the chain's first title: what the button needs to show it whole.
        var firstWidth: Double?
        for (title, source) in try candidates(policy, request) {
            // A title with a line break is tried as the first line and "…" a one-line label shows.
            let oneLine = LineBreaks.oneLine(title)
            let text = oneLine ?? title
            let (width, measurement) = try measurer.measure(text, font: font, tracking: metrics.tracking)
            missingGlyphs += measurement.missing
            if firstWidth == nil { firstWidth = width }
            if width + metrics.paddingAroundTitle <= maximum || source == .none {
                let chosen = Choice(
                    text: text, width: width, fullWidth: width, measurement: text.isEmpty ? nil : measurement,
                    source: source, truncated: oneLine != nil)
                return try place(
                    chosen, request: request, font: font, maximum: maximum, missingGlyphs: missingGlyphs,
                    firstWidth: firstWidth ?? width, look: lookName, metrics: metrics, measurer: measurer)
            }
        }
        throw LookError(.missingTitle, parameter: "title", "no title candidate for policy \(policy.rawValue)")
    }

    /// The choice for the truncate policy: `text` whole when it fits with the padding, else cut.
    private static func truncatedChoice(
        _ text: String, source: TitleSource, font: FontRequest, maximum: Double, metrics: LookMetrics,
        measurer: TitleMeasurer
    ) throws -> Choice {
        let available = maximum - metrics.paddingAroundTitle
        // Counted once: tracking adds after every character, and counting walks the text.
        let characters = metrics.tracking == 0 ? 0 : text.characterCount
        let (cut, tracked) = try truncate(
            text, characters: characters, font: font, tracking: metrics.tracking, to: available, measurer: measurer)
        let fullWidth = cut.fullWidth + metrics.tracking * Double(characters)
        if fullWidth + metrics.paddingAroundTitle <= maximum {
            // The cut's own measurement is the whole text's only when it kept the whole text.
            return Choice(
                text: text, width: fullWidth, fullWidth: fullWidth,
                measurement: cut.truncated || text.isEmpty ? nil : cut.measurement, missing: cut.missing,
                source: source, truncated: false)
        }
        return Choice(
            text: cut.displayed, width: tracked, fullWidth: fullWidth,
            measurement: cut.truncated ? cut.measurement : nil, missing: cut.missing, source: source, truncated: true)
    }

    /// `text` cut with "…" so that its width plus `tracking` per character fits `available`.
    /// The engine cuts untracked text, so positive tracking can overshoot: then the text is cut
    /// again with the overshoot taken off, until it fits (each round drops a character or more).
    /// `characters` is the text's `characterCount` when there is tracking.
    static func truncate(
        _ text: String, characters: Int, font: FontRequest, tracking: Double, to available: Double,
        measurer: TitleMeasurer
    ) throws -> (Truncation, width: Double) {
        func trackedWidth(_ cut: Truncation) -> Double {
            guard tracking != 0 else { return cut.width }
            // A cut that kept the whole text shows the whole text's characters.
            return cut.width + tracking * Double(cut.truncated ? cut.displayed.characterCount : characters)
        }
        var limit = available
        var cut = try measurer.truncate(text, font: font, maxWidth: max(0, limit))
        var width = trackedWidth(cut)
        while width > available, !cut.displayed.isEmpty {
            limit -= max(width - available, tracking)
            cut = try measurer.truncate(text, font: font, maxWidth: max(0, limit))
            width = trackedWidth(cut)
        }
        return (cut, width)
    }

    /// The one title the truncate policy shows (the first the fallback policy tries), found
    /// without `TitleCandidates`: this runs for every size request of most looks.
    private static func truncateCandidate(_ request: SizeRequest) throws -> (String, TitleSource) {
        if let previous = try previousItem(request) {
            if let back = previous.backTitle, !back.isEmpty { return (back, .backTitle) }
            if let title = previous.title, !title.isEmpty { return (title, .title) }
        } else if let title = request.title {
            return (title, .title)
        }
        return (request.genericTitle, .generic)
    }

    /// The stack's previous item, or nil without a stack; a stack of fewer than two items is an error.
    private static func previousItem(_ request: SizeRequest) throws -> NavigationItem? {
        guard let stack = request.stack else { return nil }
        guard stack.count >= 2 else {
            throw LookError(
                .stackTooShort, parameter: "stack",
                "a stack of \(stack.count) item(s) has no previous item; give at least 2")
        }
        return stack[stack.count - 2]
    }

    /// The titles to try, in order, with where each came from (the truncate policy takes the
    /// first, `truncateCandidate`, without them).
    private static func candidates(_ policy: OverflowPolicy, _ request: SizeRequest) throws -> TitleCandidates {
        // A stack too short for a previous item is an error whatever the policy.
        TitleCandidates(policy, request, previous: try previousItem(request))
    }

    // Inlined: a choice passed to it was copied from one stack slot to another with 16-byte
    // loads over two 8-byte stores just made, which stall as the one-byte fields' did.
    @inline(__always)
    private static func place(
        _ choice: Choice, request: SizeRequest, font: FontRequest, maximum: Double, missingGlyphs: Int,
        firstWidth: Double, look lookName: String, metrics: LookMetrics, measurer: TitleMeasurer
    ) throws -> BackButtonLayout {
        let grid = PixelGrid(scale: request.scale)
        // The line height and face of an empty title come from a space in the same font.
        let measured =
            try choice.measurement ?? measurer.measure(choice.text.isEmpty ? " " : choice.text, font: font)
        let lineHeight = measured.lineHeight
        let width = grid.up(max(metrics.minimumWidth, min(maximum, choice.width + metrics.paddingAroundTitle)))
        let height = grid.up(metrics.height)
        let insets = metrics.titleInsets
        let contentWidth = width - insets.left - insets.right
        let x: Double
        switch metrics.alignment {
        case .leading: x = insets.left
        case .centred: x = insets.left + (contentWidth - choice.width) / 2
        case .trailing: x = width - insets.right - choice.width
        }
        let y = metrics.titleTop ?? ((height - lineHeight) / 2).rounded(.down)
        var frame = Rect(
            x: grid.nearest(x), y: grid.nearest(y), width: grid.up(choice.width), height: grid.up(lineHeight))
        var caps = HorizontalInsets(left: metrics.leftCap, right: metrics.rightCap)
        var titleInsets = insets
        // The request's direction, else its language's when that is written right to left (a bar
        // is laid out in its app's language's direction, whatever title it shows), else the text's.
        let direction =
            request.direction ?? request.language.flatMap(TextDirection.of(language:))
            ?? (choice.text.isEmpty ? .ltr : measured.direction)
        if direction == .rtl {
            frame.x = width - frame.x - frame.width
            caps = caps.mirrored
            titleInsets = titleInsets.mirrored
        }
        let hitWidth = max(44, width)
        let hitHeight = max(44, height)
        return BackButtonLayout(
            look: lookName, width: width, height: height, titleFrame: frame, displayedTitle: choice.text,
            capInsets: caps, titleInsets: titleInsets,
            hitRect: Rect(x: (width - hitWidth) / 2, y: (height - hitHeight) / 2, width: hitWidth, height: hitHeight),
            font: measured.primary, fontSize: font.size, textWidth: choice.fullWidth,
            requestedFont: font.faceDescription, missingGlyphs: missingGlyphs,
            neededWidth: max(metrics.minimumWidth, firstWidth + metrics.paddingAroundTitle), maximumWidth: maximum,
            bar: nil, titleSource: choice.source, truncated: choice.truncated, direction: direction,
            substituted: measured.substituted)
    }

    private static func validate(_ request: SizeRequest, look lookName: String, metrics: LookMetrics) throws {
        guard (1...3).contains(request.scale) else {
            throw LookError(.outOfRange, parameter: "scale", "scale \(request.scale) is not 1, 2 or 3")
        }
        guard request.fontScale.isFinite, request.fontScale > 0, request.fontScale <= 10 else {
            throw LookError(.outOfRange, parameter: "fontScale", "font scale \(request.fontScale) is not in (0, 10]")
        }
        if (request.title == nil) == (request.stack == nil) {
            throw LookError(.missingTitle, parameter: "title", "give either a title or a stack, not both or neither")
        }
        if let maximum = request.maximumWidth {
            guard maximum.isFinite, maximum >= 0 else {
                throw LookError(
                    .outOfRange, parameter: "maxWidth", "maximum width \(maximum) is not a finite number ≥ 0")
            }
            guard maximum >= metrics.minimumWidth else {
                throw LookError(
                    .widthTooSmall, parameter: "maxWidth",
                    "maximum width \(maximum) is under the \(lookName) look's minimum of \(metrics.minimumWidth) points"
                )
            }
        }
    }
}

/// The titles a policy tries, in order, with where each came from, each made only when asked
/// for: a title that fits (most) copies none of the others. (An array of them cost every layout
/// of a look with the fallback policy an allocation and two regrowths; four held in place, the
/// copies of the generic title and of the empty one.)
private struct TitleCandidates: Sequence, IteratorProtocol {
    /// What comes next: the previous item's back title, its title (or the request's), the
    /// generic title, the chevron alone; then nothing.
    private enum Stage {
        case backTitle, title, generic, none, done
    }

    private let request: SizeRequest
    private let previous: NavigationItem?
    private var stage: Stage

    init(_ policy: OverflowPolicy, _ request: SizeRequest, previous: NavigationItem?) {
        self.request = request
        self.previous = previous
        switch policy {
        // Seeds 001 and 004: the previous item's back title, else its title, else generic. (The
        // truncate policy shows this chain's first title; `layout` finds it without the chain.)
        case .fallback, .truncate: stage = .backTitle
        case .generic: stage = .generic
        case .minimal: stage = .none
        }
    }

    mutating func next() -> (String, TitleSource)? {
        while true {
            switch stage {
            case .backTitle:
                stage = .title
                if let back = previous?.backTitle, !back.isEmpty { return (back, .backTitle) }
            case .title:
                stage = .generic
                if let previous {
                    if let title = previous.title, !title.isEmpty { return (title, .title) }
                } else if let title = request.title {
                    return (title, .title)
                }
            case .generic:
                stage = .none
                return (request.genericTitle, .generic)
            case .none:
                stage = .done
                return ("", .none)
            case .done:
                return nil
            }
        }
    }
}
