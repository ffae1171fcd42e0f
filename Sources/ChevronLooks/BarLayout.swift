import ChevronText

/// A whole navigation bar: the back button where the bar puts it, the screen's title, the
/// trailing items (docs/looks.md, "The bar"). Frames are in the bar's coordinates, mirrored for
/// a right-to-left bar.
public struct BarLayout: Sendable, Hashable {
    /// The screen's title as the bar shows it.
    public struct Title: Sendable, Hashable {
        /// Its frame in the bar.
        public var frame: Rect
        /// The text shown (cut with "…" when it does not fit); nil when only a width was given.
        public var displayedTitle: String?
        /// Whether the text was cut.
        public var truncated: Bool
        /// The width of the whole title, before any cut.
        public var textWidth: Double
        /// The face measured, and the font asked for (nil when only a width was given).
        public var font: FaceName?
        /// The font the style asked for.
        public var requestedFont: String?
        /// The size measured at.
        public var fontSize: Double?
        /// Whether the style's family was substituted (the stand-in measured instead).
        public var substituted: Bool
    }

    /// A trailing item placed in the bar.
    public struct Item: Sendable, Hashable {
        /// Its frame in the bar.
        public var frame: Rect
        /// Its title, for a titled item.
        public var title: String?
        /// Its title's width, for a titled item.
        public var textWidth: Double?
    }

    /// The look's name.
    public var look: String
    /// The device, when the bar was a named one (or the default).
    public var device: String?
    /// The bar's width and height.
    public var width: Double
    public var height: Double
    /// The bar's direction.
    public var direction: TextDirection
    /// The back button's layout (its own coordinates) and its frame in the bar.
    public var backButton: BackButtonLayout
    public var backButtonFrame: Rect
    /// The screen title, when one was given.
    public var title: Title?
    /// The trailing items, outermost last.
    public var trailing: [Item]
}

extension SizingEngine {
    /// The bar of `request`: its back button laid out as `size` lays it out (cached alike),
    /// then the screen title placed beside it and the trailing items at the trailing edge.
    /// - Throws: `LookError` for a bad request or an unknown look or device, `TextError` for
    ///   bad text or fonts.
    public func layoutBar(_ request: SizeRequest) throws -> BarLayout {
        let look = try registry.look(named: request.look)
        let style = look.bar
        let bar = request.bar ?? BarRequest()
        let (device, barWidth) = try bar.resolved()
        try bar.validateItems()
        let button = try size(request)
        let measurer = TitleMeasurer(engine: text)
        let grid = PixelGrid(scale: request.scale)
        let metrics = look.metrics
        let itemFont = metrics.titleFont(for: request)
        let widths = try BarRule.trailingWidths(
            bar.trailing, font: itemFont, tracking: metrics.tracking, measurer: measurer)
        let trailingExtent = BarRule.trailingExtent(widths, style: style)
        let height = grid.up(style.height)
        let buttonFrame = Rect(
            x: style.buttonOrigin, y: grid.nearest(((height - button.height) / 2).rounded(.down)),
            width: button.width, height: button.height)

        var title: BarLayout.Title?
        if bar.screenTitle != nil || bar.screenTitleWidth != nil {
            title = try placeTitle(
                bar, style: style, request: request, barWidth: barWidth, barHeight: height,
                leadingEnd: buttonFrame.x + buttonFrame.width, trailingExtent: trailingExtent, grid: grid,
                measurer: measurer)
        }

        // Trailing items from the trailing edge inwards: the last item is outermost.
        var items: [BarLayout.Item] = []
        var end = barWidth - (widths.isEmpty ? 0 : style.edgePadding)
        let lineHeight = try measurer.measure(" ", font: itemFont).lineHeight
        for (item, width) in zip(bar.trailing, widths).reversed() {
            let itemHeight = item.title == nil ? height : grid.up(lineHeight)
            items.insert(
                BarLayout.Item(
                    frame: Rect(
                        x: grid.nearest(end - width), y: grid.nearest(((height - itemHeight) / 2).rounded(.down)),
                        width: grid.up(width), height: itemHeight),
                    title: item.title, textWidth: item.title == nil ? nil : width),
                at: 0)
            end -= width + style.itemSpacing
        }

        let direction =
            request.direction ?? request.language.flatMap(TextDirection.of(language:)) ?? button.direction
        var layout = BarLayout(
            look: button.look, device: device?.name, width: barWidth, height: height, direction: direction,
            backButton: button, backButtonFrame: buttonFrame, title: title, trailing: items)
        if direction == .rtl { layout.mirror() }
        return layout
    }

    /// The screen title measured in the bar's title style (or of the given width), cut with "…"
    /// when wider than the room between the button and the trailing items, and placed.
    private func placeTitle(
        _ bar: BarRequest, style: BarStyle, request: SizeRequest, barWidth: Double, barHeight: Double,
        leadingEnd: Double, trailingExtent: Double, grid: PixelGrid, measurer: TitleMeasurer
    ) throws -> BarLayout.Title {
        guard let text = bar.screenTitle else {
            let width = bar.screenTitleWidth ?? 0
            let (start, shown) = BarRule.placeTitle(
                width: width, barWidth: barWidth, leadingEnd: leadingEnd, trailingExtent: trailingExtent,
                spacing: style.middleSpacing)
            return BarLayout.Title(
                frame: Rect(x: grid.nearest(start), y: 0, width: grid.up(shown), height: barHeight),
                displayedTitle: nil, truncated: shown < width, textWidth: width, font: nil, requestedFont: nil,
                fontSize: nil, substituted: false)
        }
        let measured = try BarRule.measureTitle(text, style: style, request: request, measurer: measurer)
        let (start, shown) = BarRule.placeTitle(
            width: measured.width, barWidth: barWidth, leadingEnd: leadingEnd, trailingExtent: trailingExtent,
            spacing: style.middleSpacing)
        var displayed = text
        var displayedWidth = measured.width
        var face = measured.measurement.primary
        if shown < measured.width {
            let characters = style.titleTracking == 0 ? 0 : text.characterCount
            let (cut, width) = try StandardLayout.truncate(
                text, characters: characters, font: measured.font, tracking: style.titleTracking, to: shown,
                measurer: measurer)
            displayed = cut.displayed
            displayedWidth = width
            face = cut.measurement?.primary ?? face
        }
        // Centred in the space `placeTitle` gave it: a cut title is a little narrower than that.
        let x = start + (shown - displayedWidth) / 2
        let lineHeight = measured.measurement.lineHeight
        return BarLayout.Title(
            frame: Rect(
                x: grid.nearest(x), y: grid.nearest(((barHeight - lineHeight) / 2).rounded(.down)),
                width: grid.up(displayedWidth), height: grid.up(lineHeight)),
            displayedTitle: displayed, truncated: displayed != text, textWidth: measured.width, font: face,
            requestedFont: measured.requested.faceDescription, fontSize: measured.font.size,
            substituted: measured.substituted)
    }
}

extension BarLayout {
    /// The bar mirrored for right to left: every frame's x measured from the other edge.
    mutating func mirror() {
        func mirrored(_ frame: Rect) -> Rect {
            var frame = frame
            frame.x = width - frame.x - frame.width
            return frame
        }
        backButtonFrame = mirrored(backButtonFrame)
        if let frame = title?.frame { title?.frame = mirrored(frame) }
        trailing = trailing.map { BarLayout.Item(frame: mirrored($0.frame), title: $0.title, textWidth: $0.textWidth) }
    }
}
