import Testing

@testable import ChevronText

/// The byte-level filter in front of the bidirectional algorithm.
struct BidiTests {
    @Test func theUTF8FilterClearsATextExactlyWhenNoScalarMayNeedReordering() {
        // Every scalar of the BMP and of the supplementary blocks around the right-to-left ones,
        // alone and after an em dash (E2 80 94, a lead byte the filter looks past): the filter's
        // answer is the scalar test's.
        let scalars =
            (0..<0x1_0000).compactMap(Unicode.Scalar.init)
            + (0x1_0700..<0x1_1100).compactMap(Unicode.Scalar.init)
            + (0x1_E700..<0x1_F100).compactMap(Unicode.Scalar.init)
        var mismatches: [UInt32] = []
        for scalar in scalars {
            let expected = Bidi.mayNeedReordering(scalar.value)
            for text in [String(scalar), "a\u{2014}" + String(scalar)]
            where Bidi.mayNeedReordering(text) != expected {
                mismatches.append(scalar.value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
        #expect(!Bidi.mayNeedReordering("Reading List — Ustawienia 设置"))
        #expect(Bidi.mayNeedReordering("Accounts \u{627}"))
    }
}
