/// One line's glyphs as HarfBuzz placed them: what a renderer draws. They come from the same
/// itemising and shaping as `TextMeasurement`, so a picture and its numbers cannot disagree.
public struct GlyphLine: Sendable, Hashable {
    /// The runs in logical order; each run's glyphs are in visual (left-to-right) order.
    public var runs: [GlyphRun]
    /// The largest ascender among the faces, positive (as `TextMeasurement.ascent`).
    public var ascent: Double
    /// The largest descender among the faces, positive.
    public var descent: Double

    /// The sum of every glyph's advance, in points.
    public var width: Double { runs.reduce(0) { $0 + $1.glyphs.reduce(0) { $0 + $1.advance } } }
}

/// The glyphs of one run, shaped with one face.
public struct GlyphRun: Sendable, Hashable {
    /// The face whose glyph ids these are.
    public var face: FaceName
    /// Whether the face's glyphs are colour pictures (an emoji font's bitmaps), which a renderer
    /// must load as bitmaps rather than outlines.
    public var hasColor: Bool
    /// The open face itself, for drawing.
    public var renderable: RenderableFace
    /// The run's direction.
    public var direction: TextDirection
    /// The glyphs, left to right.
    public var glyphs: [PlacedGlyph]
}

/// One glyph and where it goes, in points.
public struct PlacedGlyph: Sendable, Hashable {
    /// The glyph's index in its face.
    public var id: UInt32
    /// The UTF-8 offset in the line where the glyph's cluster starts.
    public var cluster: Int
    /// How far the pen moves after the glyph.
    public var advance: Double
    /// The glyph's horizontal offset from the pen.
    public var xOffset: Double
    /// The glyph's vertical offset from the baseline, up positive (HarfBuzz's convention).
    public var yOffset: Double
}

extension TextEngine {
    /// The glyphs of `text` in the requested font, shaped exactly as `measure` shapes them.
    /// Not cached and never answered from memory: it is for drawing, which costs more anyway.
    /// - Throws: `TextError` for an invalid request, text over the limit, or an unreadable font.
    public func glyphs(_ text: String, font request: FontRequest) throws(TextError) -> GlyphLine {
        try checkLength(text, parameter: "text", limit: configuration.limits.maximumTextBytes)
        try request.validate()
        return try shaper(for: request, in: currentSession).glyphs(text)
    }
}

/// The face a run was shaped with, kept open for a renderer: its FreeType face reads the same
/// bytes the measurement read, so a drawing can never fault on a font file changed underneath.
///
/// The text engine never uses the FreeType face after opening it; a renderer may hand it to one
/// drawing library (cairo locks each face it uses). Equal when it is the same open face.
public final class RenderableFace: Sendable, Hashable {
    let face: FontFace

    init(_ face: FontFace) {
        self.face = face
    }

    /// The face's name.
    public var name: FaceName { face.name }

    /// The `FT_Face`, valid while this object lives.
    public var freeTypeFace: OpaquePointer { OpaquePointer(face.freeTypeFace) }

    public static func == (left: RenderableFace, right: RenderableFace) -> Bool { left.face === right.face }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(face)) }
}
