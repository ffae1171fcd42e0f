import CFreeType
import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#endif

/// One font face opened from its file: FreeType for metrics and names, HarfBuzz for shaping.
///
/// Opened once and kept (see `FaceStore`), because HarfBuzz caches shape plans per face.
/// The HarfBuzz font is made immutable after set-up and then shared by threads, which HarfBuzz
/// allows; the FreeType face is only read during `init`, then left to one renderer (cairo, which
/// locks it), so no two threads ever use it at once.
final class FontFace: @unchecked Sendable {
    /// The face as fontconfig names it.
    let name: FaceName
    /// Metrics read with FreeType.
    let metrics: FaceMetrics
    /// HarfBuzz's units per em; shaping advances are in these units.
    let shapingUnitsPerEm: Int
    /// The HarfBuzz font (`hb_font_t *`), scaled to the em so advances come out in font units.
    let harfBuzzFont: OpaquePointer
    /// The tags of the face's variation axes (`wght`, `opsz`, …); empty for a static face.
    let axes: Set<String>
    /// Whether the face has an optical-size axis (asked on every shaping: kept as a flag).
    let hasOpticalSize: Bool
    /// The FreeType face: read during `init` only; afterwards a renderer's (see `RenderableFace`).
    let freeTypeFace: FT_Face
    /// Which scalars of the Basic Multilingual Plane the face maps to a glyph, a bit each (8 KB):
    /// `covers` answers every scalar of every uncached line, and asking HarfBuzz's cmap costs
    /// about a hundred instructions a scalar.
    private let basicPlaneCoverage: [UInt64]

    /// The bytes FreeType and HarfBuzz read (owned, so a changed file cannot fault a read).
    private let bytes: FontBytes

    /// Opens face `name.index` of a font file's `bytes` with FreeType and HarfBuzz.
    /// - Throws: `fontFileCorrupt` when the bytes are not a font.
    init(_ name: FaceName, bytes: FontBytes) throws(TextError) {
        let freeTypeFace: FT_Face
        switch FreeTypeLibrary.shared.openFace(bytes: bytes, index: name.index) {
        case .success(let face): freeTypeFace = face
        case .failure(let error):
            throw TextError(
                .fontFileCorrupt, parameter: "font",
                "FreeType cannot read \(name.file) face \(name.index) (FreeType error \(error.code))")
        }
        // HarfBuzz reads the same bytes; the blob never outlives them (the font is destroyed first).
        let blob = hb_blob_create(
            bytes.base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
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
        let axes = Self.axes(of: harfBuzzFace)
        if let coordinates = Self.applyVariations(
            font, face: harfBuzzFace, axes: axes, namedInstance: name.index >> 16, name.variations)
        {
            // A renderer draws with the FreeType face: give it the same coordinates.
            FreeTypeLibrary.shared.setDesignCoordinates(freeTypeFace, coordinates)
        }
        hb_font_make_immutable(font)
        let coverage = Self.basicPlaneCoverage(of: font)

        self.bytes = bytes
        self.name = name
        self.freeTypeFace = freeTypeFace
        self.harfBuzzFont = font
        self.shapingUnitsPerEm = Int(upem)
        self.axes = Set(axes.map(\.tag))
        self.hasOpticalSize = self.axes.contains("opsz")
        self.basicPlaneCoverage = coverage
        self.metrics = Self.readMetrics(freeTypeFace, glyphCount: glyphCount, fallbackUnitsPerEm: Int(upem))
    }

    deinit {
        hb_font_destroy(harfBuzzFont)
        FreeTypeLibrary.shared.closeFace(freeTypeFace)
    }

    /// Whether the face maps `scalar` to a glyph (its cmap), as HarfBuzz answers: from the table
    /// made at opening for the Basic Multilingual Plane, asked of HarfBuzz beyond it.
    @inline(__always)
    func covers(_ scalar: UInt32) -> Bool {
        guard scalar < 0x1_0000 else { return Self.harfBuzzCovers(harfBuzzFont, scalar) }
        return basicPlaneCoverage[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
    }

    /// HarfBuzz's own answer: whether the cmap maps `scalar` to a glyph.
    static func harfBuzzCovers(_ font: OpaquePointer, _ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// HarfBuzz's answer for every scalar below U+10000, a bit each. Asked scalar by scalar
    /// (about 1.5 ms a face, once) rather than read from the cmap's list of code points, so that
    /// what HarfBuzz does beyond the list (a symbol font's U+0020–U+00FF found at U+F020–U+F0FF,
    /// a Mac Roman cmap) is kept exactly.
    private static func basicPlaneCoverage(of font: OpaquePointer) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: 0x1_0000 / 64)
        words.withUnsafeMutableBufferPointer { chevron_hb_basic_plane_coverage(font, $0.baseAddress) }
        return words
    }

    /// The face's variation axes in `fvar` order: tag and default value.
    private static func axes(of face: OpaquePointer?) -> [(tag: String, value: Float)] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        count = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { (tag: $0.tag.tagString, value: $0.default_value) }
    }

    /// Sets the design coordinates: the named instance's (upper 16 bits of the face index, 1-based),
    /// then `variations` (`wght=650,opsz=17`) over them. HarfBuzz 6 sets all axes at once, so an
    /// instance's coordinates are read and passed along with the overrides.
    /// - Returns: every axis's coordinate in `fvar` order when `variations` set any, else nil
    ///   (the face is its default or named instance, which FreeType selects from the index).
    private static func applyVariations(
        _ font: OpaquePointer, face: OpaquePointer?, axes: [(tag: String, value: Float)], namedInstance: Int,
        _ variations: String
    ) -> [Float]? {
        if variations.isEmpty {
            if namedInstance > 0 { hb_font_set_var_named_instance(font, UInt32(namedInstance - 1)) }
            return nil
        }
        var coordinates = axes.map(\.value)
        if namedInstance > 0 {
            var count = UInt32(axes.count)
            var instance = [Float](repeating: 0, count: axes.count)
            count = hb_ot_var_named_instance_get_design_coords(face, UInt32(namedInstance - 1), &count, &instance)
            for index in 0..<min(Int(count), coordinates.count) { coordinates[index] = instance[index] }
        }
        for piece in variations.split(separator: ",") {
            var variation = hb_variation_t()
            let text = String(piece)
            guard hb_variation_from_string(text, Int32(text.utf8.count), &variation) != 0,
                let index = axes.firstIndex(where: { $0.tag.hbTag == variation.tag })
            else { continue }
            coordinates[index] = variation.value
        }
        let settings = zip(axes, coordinates).map { hb_variation_t(tag: $0.tag.hbTag, value: $1) }
        hb_font_set_variations(font, settings, UInt32(settings.count))
        return coordinates
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

extension hb_tag_t {
    /// The four-letter tag (`wght`).
    var tagString: String {
        // Four bytes straight into a small string: no array is built (every run's script tag
        // is made this way).
        String(unsafeUninitializedCapacity: 4) { buffer in
            buffer[0] = UInt8(truncatingIfNeeded: self >> 24)
            buffer[1] = UInt8(truncatingIfNeeded: self >> 16)
            buffer[2] = UInt8(truncatingIfNeeded: self >> 8)
            buffer[3] = UInt8(truncatingIfNeeded: self)
            return 4
        }
    }
}

extension String {
    /// The string's first four bytes as an OpenType tag.
    var hbTag: hb_tag_t {
        let bytes = Array(utf8.prefix(4)) + [UInt8](repeating: 0x20, count: max(0, 4 - utf8.count))
        return bytes.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
