import ChevronText

/// The rule that gives a back button its room in a navigation bar (docs/looks.md, "The bar").
///
/// UIKit's own rule is not public; this one is ours, built from what is: the screen's title is
/// centred in the bar and has priority over the back title but not over the chevron (a long
/// screen title turns the back title into the generic one, then into the chevron alone, as
/// UIKit is widely reported to do); it keeps `middleSpacing` from the items beside it and
/// moves off-centre only when they leave it no room there; the back button gets what is left
/// on its side. Without a screen title the button gets a share of the bar (a third).
public enum BarRule {
    /// The screen title's measurement in a bar: its width with tracking, the face, and whether
    /// the look's title family was substituted.
    public struct TitleMeasurement: Sendable {
        /// The width with the style's tracking.
        public var width: Double
        /// The measurement of the whole text, untracked.
        public var measurement: TextMeasurement
        /// The font the width was measured in (the stand-in when the family was substituted).
        public var font: FontRequest
        /// The font the style asks for.
        public var requested: FontRequest
        /// Whether the style's family was substituted (then `font` may be the stand-in).
        public var substituted: Bool
    }

    /// The screen title's font for `request` (scaled and in its language), and its stand-in.
    static func titleFonts(_ style: BarStyle, request: SizeRequest) -> (FontRequest, FontRequest?) {
        func adapted(_ font: FontRequest) -> FontRequest {
            var font = font
            if request.fontScale != 1 { font.size *= request.fontScale }
            if let language = request.language { font.language = language }
            return font
        }
        return (adapted(style.titleFont), style.titleStandIn.map(adapted))
    }

    /// `text` measured in the bar's title style: in the look's title font, or in its stand-in
    /// when fontconfig substitutes the font's family.
    public static func measureTitle(
        _ text: String, style: BarStyle, request: SizeRequest, measurer: TitleMeasurer
    ) throws -> TitleMeasurement {
        let (font, standIn) = titleFonts(style, request: request)
        let (width, measurement) = try measurer.measure(text, font: font, tracking: style.titleTracking)
        guard measurement.substituted, let standIn else {
            return TitleMeasurement(
                width: width, measurement: measurement, font: font, requested: font,
                substituted: measurement.substituted)
        }
        let (standInWidth, standInMeasurement) = try measurer.measure(
            text, font: standIn, tracking: style.titleTracking)
        return TitleMeasurement(
            width: standInWidth, measurement: standInMeasurement, font: standIn, requested: font, substituted: true)
    }

    /// The widths of the trailing items: a titled item's text in the look's font with its
    /// tracking (the bar-button style), an item of a width that width.
    static func trailingWidths(
        _ items: [BarItem], font: FontRequest, tracking: Double, measurer: TitleMeasurer
    ) throws -> [Double] {
        try items.map { item in
            if let width = item.width { return width }
            return try measurer.measure(item.title ?? "", font: font, tracking: tracking).width
        }
    }

    /// The space the trailing items take from the bar's trailing edge: their widths, the
    /// spacing between them and the edge padding (0 without items).
    static func trailingExtent(_ widths: [Double], style: BarStyle) -> Double {
        guard !widths.isEmpty else { return 0 }
        return widths.reduce(0, +) + style.itemSpacing * Double(widths.count - 1) + style.edgePadding
    }

    /// Where the screen title goes in a bar `barWidth` wide whose leading item ends at
    /// `leadingEnd` and whose trailing items take `trailingExtent`: centred, else moved just
    /// clear of the item it would overlap, `middleSpacing` away; no wider than the space
    /// between them (`shownWidth` less than `width` means it must be cut).
    public static func placeTitle(
        width: Double, barWidth: Double, leadingEnd: Double, trailingExtent: Double, spacing: Double
    ) -> (start: Double, shownWidth: Double) {
        let available = max(0, barWidth - leadingEnd - trailingExtent - 2 * spacing)
        let shown = min(width, available)
        var start = (barWidth - shown) / 2
        if start + shown > barWidth - trailingExtent - spacing { start = barWidth - trailingExtent - spacing - shown }
        if start < leadingEnd + spacing { start = leadingEnd + spacing }
        return (start, shown)
    }

    /// The room the bar of `request` leaves a look's back button, and what it was worked out
    /// from. With a screen title: the space from the button's origin to the title's start less
    /// `middleSpacing`, the title placed as if the button were its narrowest (the chevron
    /// alone). Without: the style's share of the bar. Never less than the look's minimum width;
    /// rounded down to the pixel grid.
    static func usage(
        _ request: SizeRequest, metrics: LookMetrics, style: BarStyle, measurer: TitleMeasurer
    ) throws -> BarUsage {
        let bar = request.bar ?? BarRequest()
        let (device, barWidth) = try bar.resolved()
        try bar.validateItems()
        let grid = PixelGrid(scale: request.scale)
        let trailing = try trailingExtent(
            trailingWidths(
                bar.trailing, font: metrics.titleFont(for: request), tracking: metrics.tracking, measurer: measurer),
            style: style)
        let titleWidth: Double?
        if let text = bar.screenTitle {
            titleWidth = try measureTitle(text, style: style, request: request, measurer: measurer).width
        } else {
            titleWidth = bar.screenTitleWidth
        }
        let room: Double
        if let titleWidth {
            let (start, _) = placeTitle(
                width: titleWidth, barWidth: barWidth, leadingEnd: style.buttonOrigin + metrics.minimumWidth,
                trailingExtent: trailing, spacing: style.middleSpacing)
            room = start - style.middleSpacing - style.buttonOrigin
        } else {
            room = min(
                barWidth * style.roomWithoutScreenTitle,
                barWidth - trailing - style.middleSpacing - style.buttonOrigin)
        }
        return BarUsage(
            device: device?.name, width: barWidth, screenTitleWidth: titleWidth,
            room: max(metrics.minimumWidth, grid.down(room)))
    }
}

extension PixelGrid {
    /// The largest length on the grid that is at most `length` (a room rounds down, so that a
    /// button snapped up to the grid never passes it).
    public func down(_ length: Double) -> Double {
        ((length * scale + 1e-9).rounded(.down)) / scale
    }
}
