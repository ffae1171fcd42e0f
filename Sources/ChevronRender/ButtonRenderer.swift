import CCairo
import ChevronLooks
import ChevronText

/// Draws back buttons: each look's art procedurally (its shape, rounded corners, gradient or tint),
/// and the layout's displayed title in the layout's title frame, with the look's 1-point shadow.
///
/// The title is drawn from the glyphs the text engine shaped (the same faces, glyphs and
/// advances the layout measured), so the picture and the numbers cannot disagree.
public struct ButtonRenderer: Sendable {
    /// The largest picture side, in pixels, a renderer draws (a 160-point button at scale 3 is 480).
    public static let maximumSide = 4096

    /// The text engine that shapes titles.
    public let engine: TextEngine

    /// Creates a renderer shaping with `engine`.
    public init(engine: TextEngine) {
        self.engine = engine
    }

    /// The pixel size of `layout` at `scale`: its width and height in points times the scale.
    public static func pixelSize(of layout: BackButtonLayout, scale: Int) -> (width: Int, height: Int) {
        // Sizes are snapped up to the pixel grid, so these products are whole up to rounding.
        (Int((layout.width * Double(scale)).rounded()), Int((layout.height * Double(scale)).rounded()))
    }

    /// A transparent picture exactly `layout`'s size at `request.scale`, with the button drawn on it.
    /// - Throws: `RenderError` for a picture over `maximumSide` or a cairo failure; `TextError`
    ///   when the title cannot be shaped.
    public func render(_ layout: BackButtonLayout, look: any BackButtonLook, request: SizeRequest) throws -> Canvas {
        let (width, height) = Self.pixelSize(of: layout, scale: request.scale)
        // Name what the caller can change: their maxWidth, else the look (whose maximum it is);
        // the height is the look's height times the scale.
        let widthCause = request.maximumWidth == nil ? "look" : "maxWidth"
        for (side, pixels, cause) in [("width", width, widthCause), ("height", height, "scale")]
        where pixels > Self.maximumSide {
            throw RenderError(
                .imageTooLarge, parameter: cause,
                "the picture would be \(pixels) pixels in \(side) at scale \(request.scale); the limit is \(Self.maximumSide)",
                limit: Self.maximumSide, pixels: pixels)
        }
        let canvas = try Canvas(pixelWidth: max(1, width), pixelHeight: max(1, height), scale: Double(request.scale))
        try draw(layout, look: look, request: request, on: canvas, x: 0, y: 0)
        return canvas
    }

    /// Draws the button of `layout` with its top left at (`x`, `y`) points on `canvas`.
    public func draw(
        _ layout: BackButtonLayout, look: any BackButtonLook, request: SizeRequest, on canvas: Canvas, x: Double,
        y: Double
    ) throws {
        let context = canvas.context
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_translate(context, x, y)
        try drawArt(look.art, metrics: look.metrics, layout: layout, on: canvas)
        guard let (painter, baseline) = try titlePainter(layout, look: look, request: request) else { return }
        let colors = look.metrics.colors
        let placed = painter.place(x: layout.titleFrame.x, baseline: baseline)
        if let shadow = colors.shadow, let offset = colors.shadowOffset {
            // Colour glyphs (emoji) draw in their own colours, so they cast no text shadow.
            try painter.draw(
                placed.filter { !$0.hasColor }, on: canvas, dx: offset.x, dy: offset.y,
                color: try Color(hex: shadow, parameter: "colors.shadow"))
        }
        try painter.draw(placed, on: canvas, color: try Color(hex: colors.text, parameter: "colors.text"))
    }

    /// The title's glyphs as `render` draws them (the shadow aside), left to right, in the
    /// button's coordinates: the layout's displayed title, from the faces it was measured with.
    public func titleGlyphs(_ layout: BackButtonLayout, look: any BackButtonLook, request: SizeRequest) throws
        -> [DrawnGlyph]
    {
        guard let (painter, baseline) = try titlePainter(layout, look: look, request: request) else { return [] }
        return painter.place(x: layout.titleFrame.x, baseline: baseline)
    }

    /// A painter for the displayed title and its baseline (the title frame's top plus the
    /// line's ascent), or nil for the chevron alone.
    private func titlePainter(_ layout: BackButtonLayout, look: any BackButtonLook, request: SizeRequest) throws
        -> (GlyphPainter, Double)?
    {
        guard !layout.displayedTitle.isEmpty else { return nil }
        let metrics = look.metrics
        let font = metrics.titleFont(for: request)
        let line = try engine.glyphs(layout.displayedTitle, font: font)
        let painter = GlyphPainter(
            line: line, text: layout.displayedTitle, size: font.size, tracking: metrics.tracking,
            direction: layout.direction)
        return (painter, layout.titleFrame.y + line.ascent)
    }

    /// The art, mirrored for right-to-left so the chevron points to the right.
    private func drawArt(_ art: ButtonArt, metrics: LookMetrics, layout: BackButtonLayout, on canvas: Canvas)
        throws(RenderError)
    {
        let context = canvas.context
        cairo_save(context)
        defer { cairo_restore(context) }
        if layout.direction == .rtl {
            cairo_translate(context, layout.width, 0)
            cairo_scale(context, -1, 1)
        }
        switch art.shape {
        case .bezel:
            try drawBezel(art, width: layout.width, height: layout.height, on: canvas)
        case .chevron:
            let color = try Color(
                hex: metrics.colors.tint ?? metrics.colors.text,
                parameter: metrics.colors.tint == nil ? "colors.text" : "colors.tint")
            drawChevron(art, width: metrics.chevronWidth, height: layout.height, color: color, on: canvas)
        }
    }

    /// Stretchable art's shape: a point on the left (its corners `pointDepth` in), rounded
    /// corners on the right; filled with the gradient, a highlight inside the top, an outline.
    private func drawBezel(_ art: ButtonArt, width: Double, height: Double, on canvas: Canvas) throws(RenderError) {
        let context = canvas.context
        // Half a point in, so a one-point outline lies inside the button.
        let left = 0.5
        let top = 0.5
        let right = width - 0.5
        let bottom = height - 0.5
        let point = min(art.pointDepth, width / 2)
        let radius = max(0, min(art.cornerRadius, (bottom - top) / 2, (right - point) / 2))
        func path() {
            cairo_new_path(context)
            cairo_move_to(context, left, height / 2)
            cairo_line_to(context, point, top)
            cairo_arc(context, right - radius, top + radius, radius, -Double.pi / 2, 0)
            cairo_arc(context, right - radius, bottom - radius, radius, 0, Double.pi / 2)
            cairo_line_to(context, point, bottom)
            cairo_close_path(context)
        }
        path()
        canvas.fillCurrentPath(
            top: try Color(hex: art.fill.top, parameter: "art.fill"),
            bottom: try Color(hex: art.fill.bottom, parameter: "art.fill"), from: 0, to: height)
        cairo_set_line_width(context, 1)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        if let highlight = art.highlight {
            // The outline moved down a point, inside the shape: a line just below the top edges.
            cairo_save(context)
            path()
            cairo_clip(context)
            cairo_translate(context, 0, 1)
            path()
            canvas.setColor(try Color(hex: highlight, parameter: "art.highlight"))
            cairo_stroke(context)
            cairo_restore(context)
        }
        if let border = art.border {
            path()
            canvas.setColor(try Color(hex: border, parameter: "art.border"))
            cairo_stroke(context)
        }
    }

    /// iOS 7's chevron: two strokes meeting at a point, `chevronInset` from the leading edge,
    /// `width` × `chevronHeight`, centred vertically, inside its box (round caps included).
    private func drawChevron(_ art: ButtonArt, width: Double, height: Double, color: Color, on canvas: Canvas) {
        guard width > 0 else { return }
        let context = canvas.context
        let stroke = 3.0
        let inset = stroke / 2
        let left = art.chevronInset + inset
        let right = art.chevronInset + width - inset
        let middle = height / 2
        let half = art.chevronHeight / 2 - inset
        cairo_new_path(context)
        cairo_move_to(context, right, middle - half)
        cairo_line_to(context, left, middle)
        cairo_line_to(context, right, middle + half)
        cairo_set_line_width(context, stroke)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        canvas.setColor(color)
        cairo_stroke(context)
    }
}
