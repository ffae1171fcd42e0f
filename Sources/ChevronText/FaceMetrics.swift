/// A face's vertical metrics and what it carries, in font units, as FreeType reports them.
public struct FaceMetrics: Sendable, Hashable {
    /// The design grid (`units_per_EM`); every other length here is in these units.
    public let unitsPerEm: Int
    /// Height above the baseline, positive.
    public let ascender: Int
    /// Depth below the baseline, positive (FreeType's `descender` negated).
    public let descender: Int
    /// Extra space between lines (`height - ascender + descender` in FreeType's terms).
    public let lineGap: Int
    /// How many glyphs the face has.
    public let glyphCount: Int
    /// Pixel sizes of the face's bitmap strikes (colour emoji fonts), empty for outline fonts.
    public let bitmapStrikes: [Int]
    /// Whether the face has colour glyphs (`FT_HAS_COLOR`).
    public let hasColor: Bool

    /// Converts a length in font units to points at `size`.
    @inlinable
    public func points(_ units: Int, size: Double) -> Double {
        Double(units) * size / Double(max(unitsPerEm, 1))
    }
}
