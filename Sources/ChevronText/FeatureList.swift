import CHarfBuzz

/// OpenType feature settings parsed once into HarfBuzz's form, ready for `hb_shape`.
struct FeatureList: @unchecked Sendable {
    // hb_feature_t is a plain C struct of integers; @unchecked only because C structs are not
    // declared Sendable.
    let features: [hb_feature_t]

    /// Parses every setting; callers validate first, so an unparsable one is skipped here.
    init(_ settings: [String]) {
        features = settings.compactMap(Self.parse)
    }

    /// Parses one setting with `hb_feature_from_string`, or returns nil when HarfBuzz cannot.
    static func parse(_ setting: String) -> hb_feature_t? {
        var feature = hb_feature_t()
        let parsed = setting.withCString { hb_feature_from_string($0, Int32(setting.utf8.count), &feature) }
        return parsed != 0 ? feature : nil
    }
}
