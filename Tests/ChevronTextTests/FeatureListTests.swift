import CHarfBuzz
import Testing

@testable import ChevronText

/// The features' own reading of the common spellings gives what HarfBuzz's parser gives, and
/// every other spelling is HarfBuzz's to read.
struct FeatureListTests {
    /// What `hb_feature_from_string` makes of `setting`: the independent witness.
    private static func harfBuzz(_ setting: String) -> hb_feature_t? {
        var feature = hb_feature_t()
        let parsed = setting.withCString { hb_feature_from_string($0, Int32(setting.utf8.count), &feature) }
        return parsed != 0 ? feature : nil
    }

    private static func same(_ left: hb_feature_t?, _ right: hb_feature_t?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let left?, let right?):
            left.tag == right.tag && left.value == right.value && left.start == right.start && left.end == right.end
        default: false
        }
    }

    @Test(arguments: ["-kern", "+kern", "kern", "+liga", "-liga", "smcp", "ss01", "-c2sc", "cv_1", "KERN", "-Kern"])
    func wholeTextSwitchesAreReadAsHarfBuzzReadsThem(setting: String) throws {
        let ours = try #require(FeatureList.parseWholeTextSwitch(setting))
        #expect(Self.same(ours, Self.harfBuzz(setting)))
        // Read by hand: the four bytes big-endian, on unless after "-", over the whole text.
        let tagBytes = Array(setting.utf8.suffix(4))
        let tag = tagBytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(ours.tag == tag && ours.value == (setting.hasPrefix("-") ? 0 : 1))
        #expect(ours.start == 0 && ours.end == UInt32.max)
    }

    @Test(arguments: [
        "kern=0", "aalt=2", "liga[3:5]", "-kern[1:]", "-k", "+ker", "kerning", "+-kern", "", "-", "k rn", "kérn",
        "\"kern\"", "kern ",
    ])
    func otherSpellingsAreLeftToHarfBuzz(setting: String) {
        #expect(FeatureList.parseWholeTextSwitch(setting) == nil)
        // What the list keeps for them is HarfBuzz's reading, parsable or not.
        #expect(Self.same(FeatureList.parse(setting), Self.harfBuzz(setting)))
    }
}
