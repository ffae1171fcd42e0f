import CFreeType
import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#endif

/// One font face opened from its file: FreeType for metrics and names, HarfBuzz for shaping.
///
/// Opened once and kept (see `FaceStore`), because HarfBuzz caches shape plans per face.
/// The HarfBuzz font is made immutable after set-up and then shared by threads, which HarfBuzz
/// allows; the FreeType face is only read during `init`, so no two threads ever use it at once.
final class FontFace: @unchecked Sendable {
    /// The face as fontconfig names it.
    let name: FaceName
    /// Metrics read with FreeType.
    let metrics: FaceMetrics
    /// HarfBuzz's units per em; shaping advances are in these units.
    let shapingUnitsPerEm: Int
    /// The HarfBuzz font (`hb_font_t *`), scaled to the em so advances come out in font units.
    let harfBuzzFont: OpaquePointer
    private let freeTypeFace: FT_Face

    /// Opens `name.file` with FreeType and HarfBuzz.
    /// - Throws: `fontFileMissing` when the file is gone, `fontFileCorrupt` when it is not a font.
    init(_ name: FaceName) throws(TextError) {
        guard access(name.file, R_OK) == 0 else {
            throw TextError(
                .fontFileMissing, parameter: "font",
                "the font file \(name.file) (\(name.family) \(name.style)) is missing or unreadable; rescan fonts")
        }
        let freeTypeFace: FT_Face
        switch FreeTypeLibrary.shared.openFace(file: name.file, index: name.index) {
        case .success(let face): freeTypeFace = face
        case .failure(let error):
            throw TextError(
                .fontFileCorrupt, parameter: "font",
                "FreeType cannot read \(name.file) face \(name.index) (FreeType error \(error.code))")
        }
        guard let blob = hb_blob_create_from_file_or_fail(name.file) else {
            FreeTypeLibrary.shared.closeFace(freeTypeFace)
            throw TextError(.fontFileMissing, parameter: "font", "HarfBuzz cannot open \(name.file)")
        }
        let harfBuzzFace = hb_face_create(blob, UInt32(name.index & 0xFFFF))
        hb_blob_destroy(blob)
        defer { hb_face_destroy(harfBuzzFace) }
        let glyphCount = Int(hb_face_get_glyph_count(harfBuzzFace))
        guard glyphCount > 0, let font = hb_font_create(harfBuzzFace) else {
            FreeTypeLibrary.shared.closeFace(freeTypeFace)
            throw TextError(.fontFileCorrupt, parameter: "font", "HarfBuzz finds no glyphs in \(name.file)")
        }
        let upem = Int32(hb_face_get_upem(harfBuzzFace))
        hb_font_set_scale(font, upem, upem)
        let namedInstance = name.index >> 16
        if namedInstance > 0 {
            hb_font_set_var_named_instance(font, UInt32(namedInstance - 1))
        }
        hb_font_make_immutable(font)

        self.name = name
        self.freeTypeFace = freeTypeFace
        self.harfBuzzFont = font
        self.shapingUnitsPerEm = Int(upem)
        self.metrics = Self.readMetrics(freeTypeFace, glyphCount: glyphCount, fallbackUnitsPerEm: Int(upem))
    }

    deinit {
        hb_font_destroy(harfBuzzFont)
        FreeTypeLibrary.shared.closeFace(freeTypeFace)
    }

    /// Whether the face maps `scalar` to a glyph (its cmap), asked through HarfBuzz.
    @inline(__always)
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(harfBuzzFont, scalar, &glyph) != 0
    }

    private static func readMetrics(_ face: FT_Face, glyphCount: Int, fallbackUnitsPerEm: Int) -> FaceMetrics {
        let record = face.pointee
        let unitsPerEm = record.units_per_EM > 0 ? Int(record.units_per_EM) : fallbackUnitsPerEm
        var strikes: [Int] = []
        if chevron_ft_has_fixed_sizes(face) != 0, let sizes = record.available_sizes {
            strikes = (0..<Int(record.num_fixed_sizes)).map { Int(sizes[$0].y_ppem >> 6) }
        }
        let ascender = Int(record.ascender)
        let descender = -Int(record.descender)
        return FaceMetrics(
            unitsPerEm: unitsPerEm,
            ascender: ascender,
            descender: descender,
            lineGap: max(0, Int(record.height) - ascender - descender),
            glyphCount: glyphCount,
            bitmapStrikes: strikes,
            hasColor: chevron_ft_has_color(face) != 0)
    }
}
