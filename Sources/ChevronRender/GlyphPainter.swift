import CCairo
import CFreeType
import ChevronText
import Synchronization

/// Draws a shaped line with cairo: every glyph where HarfBuzz placed it, from the face file and
/// index HarfBuzz shaped it with, so the picture shows exactly what was measured.
struct GlyphPainter {
    /// The line's glyphs.
    let line: GlyphLine
    /// The text the line was shaped from (to find where its characters start, for tracking).
    let text: String
    /// The font size in points.
    let size: Double
    /// Extra advance after every character, in points (the look's tracking).
    let tracking: Double
    /// The paragraph's direction, which orders the line's clusters (UAX #9).
    let direction: TextDirection

    /// Draws `placed` (from `place`) moved by (`dx`, `dy`) points, in `color`: a shadow is the
    /// same placement drawn again at its offset.
    func draw(_ placed: [DrawnGlyph], on canvas: Canvas, dx: Double = 0, dy: Double = 0, color: Color)
        throws(RenderError)
    {
        let context = canvas.context
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        // Unhinted outlines at fractional positions: what the measurement assumed.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_set_font_size(context, size)
        canvas.setColor(color)

        // cairo's faces made from FreeType faces are not safe to create, tag and release from
        // several threads at once (the daemon crashed under load): every use of them is made
        // under one lock, and the context lets go of its face before the lock is left.
        try cairoText.withLock { _ throws(RenderError) in
            defer { cairo_set_font_face(context, nil) }
            var start = 0
            // One cairo call per stretch of glyphs from one face.
            while start < placed.count {
                let face = placed[start].face
                let renderable = placed[start].renderable
                var end = start
                while end < placed.count, placed[end].renderable == renderable { end += 1 }
                try Self.checkOutlines(of: placed[start..<end], in: renderable)
                let fontFace = try Self.fontFace(renderable)
                defer { cairo_font_face_destroy(fontFace) }
                cairo_set_font_face(context, fontFace)
                let glyphs = placed[start..<end].map { cairo_glyph_t(index: UInt($0.id), x: $0.x + dx, y: $0.y + dy) }
                cairo_show_glyphs(context, glyphs, Int32(glyphs.count))
                let status = cairo_status(context)
                if status == CAIRO_STATUS_FREETYPE_ERROR {
                    throw RenderError(
                        .fontUnusable, parameter: "font",
                        "FreeType failed drawing glyphs of \(face.file) face \(face.index): the font file is damaged")
                }
                try Canvas.check(status, "drawing glyphs of \(face.file)")
                start = end
            }
        }
    }

    /// Every glyph where it is drawn, left to right: HarfBuzz's clusters put in visual order by
    /// the bidirectional algorithm (digits and Latin inside Arabic run left to right, and so on),
    /// each advanced by HarfBuzz's advance plus its tracking.
    func place(x: Double, baseline: Double) -> [DrawnGlyph] {
        let extras = trackingExtras()
        // HarfBuzz's clusters, each a stretch of one run's glyphs, put in logical order.
        var clusters: [(offset: Int, run: Int, glyphs: Range<Int>)] = []
        for (runIndex, run) in line.runs.enumerated() {
            var start = 0
            for (index, glyph) in run.glyphs.enumerated()
            where index == run.glyphs.count - 1 || run.glyphs[index + 1].cluster != glyph.cluster {
                clusters.append((glyph.cluster, runIndex, start..<index + 1))
                start = index + 1
            }
        }
        clusters = clusters.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
        // Without anything right to left, logical order is visual order.
        let visual =
            Bidi.levelsIfNeeded(text, direction: direction).map { levels in
                Bidi.reordered(
                    clusters, levels: clusters.map { levels.indices.contains($0.offset) ? levels[$0.offset] : 0 })
            } ?? clusters
        var pen = x
        var placed: [DrawnGlyph] = []
        placed.reserveCapacity(line.runs.reduce(0) { $0 + $1.glyphs.count })
        for cluster in visual {
            let run = line.runs[cluster.run]
            for index in cluster.glyphs {
                let glyph = run.glyphs[index]
                placed.append(
                    DrawnGlyph(
                        face: run.face, renderable: run.renderable, hasColor: run.hasColor, id: glyph.id,
                        cluster: glyph.cluster,
                        x: pen + glyph.xOffset,
                        y: baseline - glyph.yOffset))
                pen += glyph.advance + extras[cluster.run][index]
            }
        }
        return placed
    }

    /// Checks that FreeType loads the outline of every glyph of `glyphs` (in font units, which
    /// needs no size), so that a font it opened but cannot draw (a damaged CFF table) is named
    /// as unusable: cairo leaves a glyph that fails to load out of the picture without a word,
    /// or fails the whole drawing as its own error, depending on its version. Faces without
    /// outlines (bitmap emoji) are not checked. Called under `cairoText`, which keeps every other
    /// use of the FreeType face out meanwhile; it loads into the face's glyph slot, which cairo
    /// loads again before each use.
    private static func checkOutlines(of glyphs: ArraySlice<DrawnGlyph>, in renderable: RenderableFace)
        throws(RenderError)
    {
        let face = FT_Face(renderable.freeTypeFace)
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else { return }
        var checked: Set<UInt32> = []
        for glyph in glyphs where checked.insert(glyph.id).inserted {
            let error = FT_Load_Glyph(face, FT_UInt(glyph.id), Int32(FT_LOAD_NO_SCALE))
            guard error != 0 else { continue }
            let name = renderable.name
            throw RenderError(
                .fontUnusable, parameter: "font",
                "FreeType cannot load glyph \(glyph.id) of \(name.file) face \(name.index) (FreeType error \(error)): "
                    + "the font file is damaged")
        }
    }

    /// A cairo face over the FreeType face the line was shaped with: the same bytes, already in
    /// memory, so drawing never reads the font file (which may have changed since). cairo keeps
    /// one font face per FreeType face and load flags, so asking again is cheap; the face keeps
    /// `renderable` alive for as long as cairo holds it (its user data).
    private static func fontFace(_ renderable: RenderableFace) throws(RenderError) -> OpaquePointer {
        // No hinting (the options say so too); bitmaps allowed, since a colour emoji font has
        // nothing else (cairo asks FreeType for colour itself when the face has it).
        // Called under `cairoText`: cairo hands every caller the same font face for one
        // FreeType face, and tags it once.
        let face = cairo_ft_font_face_create_for_ft_face(FT_Face(renderable.freeTypeFace), Int32(FT_LOAD_NO_HINTING))
        var status = cairo_font_face_status(face)
        if status == CAIRO_STATUS_SUCCESS, cairo_font_face_get_user_data(face, renderableKey) == nil {
            let retained = Unmanaged.passRetained(renderable).toOpaque()
            status = cairo_font_face_set_user_data(face, renderableKey, retained) { pointer in
                if let pointer { Unmanaged<RenderableFace>.fromOpaque(pointer).release() }
            }
            if status != CAIRO_STATUS_SUCCESS { Unmanaged<RenderableFace>.fromOpaque(retained).release() }
        }
        guard let face else {
            throw RenderError(.cairo, parameter: "font", "cairo returned no face for \(renderable.name.file)")
        }
        if status != CAIRO_STATUS_SUCCESS {
            cairo_font_face_destroy(face)
            try Canvas.check(status, "opening \(renderable.name.file)")
        }
        return face
    }

    /// The tracking after each glyph: each character's share goes to the last glyph of the
    /// HarfBuzz cluster the character belongs to, so the line grows by tracking × characters,
    /// as the layout counted it.
    func trackingExtras() -> [[Double]] {
        var extras = line.runs.map { [Double](repeating: 0, count: $0.glyphs.count) }
        guard tracking != 0 else { return extras }
        var characterStarts: [Int] = []
        var offset = 0
        for character in text {
            characterStarts.append(offset)
            offset += character.utf8.count
        }
        let clusters = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).sorted()
        var characters: [Int: Int] = [:]  // cluster start → characters starting inside it
        var next = 0
        for (position, cluster) in clusters.enumerated() {
            let end = position + 1 < clusters.count ? clusters[position + 1] : Int.max
            while next < characterStarts.count, characterStarts[next] < cluster { next += 1 }
            var count = 0
            while next < characterStarts.count, characterStarts[next] < end {
                count += 1
                next += 1
            }
            characters[cluster] = count
        }
        for (runIndex, run) in line.runs.enumerated() {
            for (index, glyph) in run.glyphs.enumerated()
            where index == run.glyphs.count - 1 || run.glyphs[index + 1].cluster != glyph.cluster {
                extras[runIndex][index] = tracking * Double(characters[glyph.cluster] ?? 0)
            }
        }
        return extras
    }
}

/// A glyph as drawn: its face, its id, the cluster it shows, and where it sits (points, the
/// baseline's y, y growing down), in the picture's coordinates.
public struct DrawnGlyph: Sendable, Hashable {
    /// The face the glyph comes from.
    public var face: FaceName
    /// The open face the glyph is drawn from.
    public var renderable: RenderableFace
    /// Whether the face's glyphs are colour bitmaps (emoji).
    public var hasColor: Bool
    /// The glyph's index in the face.
    public var id: UInt32
    /// The UTF-8 offset in the title of the cluster the glyph shows.
    public var cluster: Int
    /// The glyph origin's x.
    public var x: Double
    /// The glyph origin's y.
    public var y: Double
}

/// The key under which a cairo font face keeps its `RenderableFace`. Only its address is used,
/// as cairo's user-data keys are: it is never read or written, so sharing it is safe.
nonisolated(unsafe) private let renderableKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// Serialises every use of cairo's FreeType-backed font faces (see `GlyphPainter.draw`).
private let cairoText = Mutex(())
