import CCairo
import ChevronLooks
import ChevronText

/// A contact sheet: one row per title (labelled with its key and the title), one column per
/// look. Each cell shows the button on its look's bar, labelled with its width and what it
/// shows; cells (and rows) whose title was truncated or fell back are marked.
public struct ContactSheet {
    /// A look's column.
    public struct Column: Sendable {
        /// The look's name, the column's heading.
        public var look: String
        /// The look's bar, drawn behind each of its buttons.
        public var bar: VerticalGradient

        /// Creates a column.
        public init(look: String, bar: VerticalGradient) {
            self.look = look
            self.bar = bar
        }
    }

    /// One button of the sheet.
    public struct Cell {
        /// What a cell is marked with.
        public enum Mark: Sendable, Hashable {
            /// The title shows whole.
            case none
            /// The title was cut, with an ellipsis.
            case truncated
            /// Another title was shown (the generic one, or none): its source.
            case fellBack(String)
            /// Characters of the title no installed font covers (drawn as empty boxes): how many.
            /// Outranks truncation and fallback, since the width itself is then not trustworthy.
            case missingGlyphs(Int)
            /// The request failed: why.
            case failed(String)
        }

        /// The button's picture as PNG bytes, at the sheet's scale; nil when the request failed.
        /// Decoded only while its cell is painted, so a sheet holds one button image at a time.
        public var png: [UInt8]?
        /// The button's width in points.
        public var width: Double
        /// The title shown (empty for the chevron alone).
        public var shown: String
        /// The cell's mark.
        public var mark: Mark
        /// Whether the button is laid out right to left (it then sits at the bar's right end,
        /// where a right-to-left bar puts its back button).
        public var rightToLeft: Bool

        /// Creates a cell.
        public init(png: [UInt8]?, width: Double, shown: String, mark: Mark, rightToLeft: Bool = false) {
            self.png = png
            self.width = width
            self.shown = shown
            self.mark = mark
            self.rightToLeft = rightToLeft
        }
    }

    /// One title's row.
    public struct Row {
        /// The title asked for.
        public var title: String
        /// The title's key in its catalogue, drawn above it (none when it is the title itself).
        public var key: String?
        /// One cell per column.
        public var cells: [Cell]

        /// Creates a row.
        public init(title: String, key: String? = nil, cells: [Cell]) {
            self.title = title
            self.key = key
            self.cells = cells
        }

        /// The key when it says more than the title.
        var label: String? { key.flatMap { $0.isEmpty || $0 == title ? nil : $0 } }
    }

    /// The most columns a sheet holds.
    public static let maximumColumns = 16
    /// The tallest sheet in pixels (half cairo's limit, to keep a sheet's memory reasonable).
    public static let maximumPixelHeight = 16_384
    /// The most pixels a sheet may have (256 MiB of ARGB).
    public static let maximumPixels = 64 << 20

    /// The most rows a sheet holds at `scale`: as many as fit `maximumPixelHeight`.
    public static func maximumRows(scale: Int) -> Int {
        Int(
            ((Double(maximumPixelHeight) / Double(max(1, scale)) - margin * 2 - headerHeight) / rowHeight).rounded(
                .down))
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, top to bottom.
    public var rows: [Row]
    /// Pixels per point.
    public var scale: Int

    /// Creates a sheet.
    public init(columns: [Column], rows: [Row], scale: Int) {
        self.columns = columns
        self.rows = rows
        self.scale = scale
    }

    // The sheet's geometry in points.
    private static let margin = 16.0
    private static let headerHeight = 30.0
    private static let barHeight = 44.0
    private static let labelLines = 2.0
    private static let lineHeight = 15.0
    private static let rowGap = 10.0
    private static var rowHeight: Double { barHeight + labelLines * lineHeight + rowGap }
    private static let labelFont = FontRequest(pattern: "DejaVu Sans", size: 11)
    private static let headingFont = FontRequest(pattern: "DejaVu Sans:bold", size: 12)
    private static let ink = Color(red: 0.13, green: 0.13, blue: 0.13)
    private static let quiet = Color(red: 0.42, green: 0.42, blue: 0.42)
    private static let warning = Color(red: 0.80, green: 0.36, blue: 0.0)
    private static let failure = Color(red: 0.78, green: 0.10, blue: 0.10)

    /// Draws the sheet, shaping its labels with `engine`.
    /// - Throws: `RenderError.imageTooLarge` over the row, column or pixel limits, `invalidInput`
    ///   for a row without one cell per column; `TextError` when a label cannot be shaped.
    public func render(engine: TextEngine) throws -> Canvas {
        let maximumRows = Self.maximumRows(scale: scale)
        guard rows.count <= maximumRows else {
            throw RenderError(
                .imageTooLarge, parameter: "titles",
                "\(rows.count) titles; a sheet at scale \(scale) holds at most \(maximumRows)", limit: maximumRows)
        }
        guard columns.count <= Self.maximumColumns else {
            throw RenderError(
                .imageTooLarge, parameter: "looks",
                "\(columns.count) looks; a sheet holds at most \(Self.maximumColumns)", limit: Self.maximumColumns)
        }
        if let short = rows.firstIndex(where: { $0.cells.count != columns.count }) {
            throw RenderError(
                .invalidInput, parameter: "rows[\(short)]",
                "row \(short) has \(rows[short].cells.count) cells for \(columns.count) columns")
        }
        let labels = Labels(engine: engine)
        let titleColumn = min(
            220,
            max(
                120,
                try rows.map {
                    max(
                        try labels.width($0.title, Self.headingFont),
                        try $0.label.map { try labels.width($0, Self.labelFont) } ?? 0)
                }.max() ?? 0) + 16)
        let columnWidths = try columns.indices.map { index in
            // A column is as wide as its widest button; captions and headings widen it up to 320
            // points and are cut with "…" past that.
            let button = rows.map { $0.cells[index].width + 24 }.max() ?? 0
            let caption =
                try rows.map { try labels.width(Self.caption($0.cells[index]), Self.labelFont) + 16 }.max() ?? 0
            let heading = try labels.width(columns[index].look, Self.headingFont) + 16
            return max(140, button, min(320, max(caption, heading)))
        }
        let width = Self.margin * 2 + titleColumn + columnWidths.reduce(0, +)
        let height = Self.margin * 2 + Self.headerHeight + Double(rows.count) * Self.rowHeight
        let pixelWidth = Int((width * Double(scale)).rounded(.up))
        let pixelHeight = Int((height * Double(scale)).rounded(.up))
        if pixelWidth > Canvas.cairoSideLimit || pixelWidth * pixelHeight > Self.maximumPixels {
            throw RenderError(
                .imageTooLarge, parameter: "looks",
                "the sheet would be \(pixelWidth) × \(pixelHeight) pixels; the limits are \(Canvas.cairoSideLimit) "
                    + "wide and \(Self.maximumPixels) pixels in all (use fewer looks or titles, or a smaller scale)",
                limit: Self.maximumPixels, pixels: pixelWidth * pixelHeight)
        }
        let canvas = try Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: Double(scale))
        let white = Color(red: 1, green: 1, blue: 1)
        canvas.fillRectangle(x: 0, y: 0, width: width, height: height, top: white, bottom: white)

        var x = Self.margin + titleColumn
        for (column, columnWidth) in zip(columns, columnWidths) {
            try labels.draw(column.look, Self.headingFont, on: canvas, x: x + 4, y: Self.margin, color: Self.ink)
            x += columnWidth
        }
        for (rowIndex, row) in rows.enumerated() {
            let top = Self.margin + Self.headerHeight + Double(rowIndex) * Self.rowHeight
            // The key (when it is not the title) above the title, then the warning.
            var line = top + 14
            if let label = row.label {
                try labels.draw(
                    label, Self.labelFont, on: canvas, x: Self.margin, y: line, color: Self.quiet,
                    maxWidth: titleColumn - 12)
                line += 16
            }
            try labels.draw(
                row.title, Self.headingFont, on: canvas, x: Self.margin, y: line, color: Self.ink,
                maxWidth: titleColumn - 12)
            let marked = row.cells.filter { $0.mark != .none }.count
            if marked > 0 {
                try labels.draw(
                    "⚠ \(marked) of \(row.cells.count) looks", Self.labelFont, on: canvas, x: Self.margin, y: line + 18,
                    color: Self.warning, maxWidth: titleColumn - 12)
            }
            var x = Self.margin + titleColumn
            for (index, cell) in row.cells.enumerated() {
                try draw(
                    cell, column: columns[index], on: canvas, x: x, y: top, width: columnWidths[index], labels: labels)
                x += columnWidths[index]
            }
        }
        return canvas
    }

    private func draw(
        _ cell: Cell, column: Column, on canvas: Canvas, x: Double, y: Double, width: Double, labels: Labels
    )
        throws
    {
        canvas.fillRectangle(
            x: x, y: y, width: width - 8, height: Self.barHeight,
            top: try Color(hex: column.bar.top, parameter: "bar"),
            bottom: try Color(hex: column.bar.bottom, parameter: "bar"))
        if let png = cell.png {
            let picture = try Canvas(png: png, scale: Double(scale))
            let pictureWidth = Double(picture.pixelWidth) / picture.scale
            let pictureHeight = Double(picture.pixelHeight) / picture.scale
            let left = cell.rightToLeft ? x + width - 8 - 8 - pictureWidth : x + 8
            canvas.paint(picture, x: left, y: y + ((Self.barHeight - pictureHeight) / 2).rounded(.down))
        }
        let captionTop = y + Self.barHeight + 2
        let caption = Self.captionParts(cell)
        try labels.drawCaption(
            caption.prefix, caption.title, Self.labelFont, on: canvas, x: x, y: captionTop, color: Self.quiet,
            maxWidth: width - 12)
        switch cell.mark {
        case .none: break
        case .truncated:
            try labels.draw(
                "TRUNCATED", Self.labelFont, on: canvas, x: x, y: captionTop + Self.lineHeight, color: Self.warning)
        case .fellBack(let source):
            try labels.draw(
                "FELL BACK: \(source)", Self.labelFont, on: canvas, x: x, y: captionTop + Self.lineHeight,
                color: Self.warning)
        case .missingGlyphs(let count):
            try labels.draw(
                "MISSING GLYPHS (\(count))", Self.labelFont, on: canvas, x: x, y: captionTop + Self.lineHeight,
                color: Self.failure)
        case .failed(let reason):
            try labels.draw(
                reason, Self.labelFont, on: canvas, x: x, y: captionTop + Self.lineHeight, color: Self.failure,
                maxWidth: width - 12)
        }
    }

    /// "63 pt · Settings": the width and what was shown.
    static func caption(_ cell: Cell) -> String {
        let parts = captionParts(cell)
        return parts.prefix + parts.title
    }

    /// The text a caption lays out: `prefix`, then `shown` isolated (FSI … PDI) so that it takes
    /// the direction of its own text, its ellipsis at its own end.
    static func captionText(_ prefix: String, _ shown: String) -> String {
        shown.isEmpty ? prefix : prefix + "\u{2068}" + shown + "\u{2069}"
    }

    /// A caption's width ("63 pt · ") and what was shown ("Settings"), cut apart so that only the
    /// title is cut, at its own end; "no button" has no title.
    static func captionParts(_ cell: Cell) -> (prefix: String, title: String) {
        if case .failed = cell.mark { return ("no button", "") }
        let points = cell.width == cell.width.rounded() ? String(Int(cell.width)) : String(cell.width)
        return ("\(points) pt · ", cell.shown.isEmpty ? "(chevron only)" : cell.shown)
    }

    /// Labels: shaped by the text engine, truncated to fit, drawn from their glyphs.
    private struct Labels {
        let engine: TextEngine

        /// The most characters of a label that are measured and drawn.
        static let longestLabel = 300

        func width(_ text: String, _ font: FontRequest) throws -> Double {
            try engine.measure(String(text.prefix(Self.longestLabel)), font: font).width
        }

        /// Draws a caption, `prefix` then `title`, with its line's top at `y`; past `maxWidth` the
        /// title is cut with an ellipsis at its own end. The title is isolated (FSI … PDI): a
        /// right-to-left title is laid out as a run of its own after the prefix, its ellipsis at its
        /// end, on its left, where a reader of the language looks for it.
        func drawCaption(
            _ prefix: String, _ title: String, _ font: FontRequest, on canvas: Canvas, x: Double, y: Double,
            color: Color, maxWidth: Double
        ) throws {
            let title = String(title.prefix(Self.longestLabel))
            let room = maxWidth - (try width(prefix, font))
            let shown =
                title.isEmpty || room <= 0 ? "" : try engine.truncate(title, font: font, maxWidth: room).displayed
            try draw(ContactSheet.captionText(prefix, shown), font, on: canvas, x: x, y: y, color: color)
        }

        /// Draws `text` with its line's top at `y`, cut with an ellipsis past `maxWidth`.
        func draw(
            _ text: String, _ font: FontRequest, on canvas: Canvas, x: Double, y: Double, color: Color,
            maxWidth: Double = .infinity
        ) throws {
            // No label shows more than a few hundred characters: cut before measuring, so a title
            // over the engine's length limit still gets its row.
            let text = String(text.prefix(Self.longestLabel))
            let shown = maxWidth.isFinite ? try engine.truncate(text, font: font, maxWidth: maxWidth).displayed : text
            guard !shown.isEmpty else { return }
            let measured = try engine.measure(shown, font: font)
            let painter = GlyphPainter(
                line: try engine.glyphs(shown, font: font), text: shown, size: font.size, tracking: 0,
                direction: measured.direction)
            try painter.draw(painter.place(x: x, baseline: y + measured.ascent), on: canvas, color: color)
        }
    }
}
