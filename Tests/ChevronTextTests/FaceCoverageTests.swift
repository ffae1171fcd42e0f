import ChevronTestSupport
import Testing

@testable import ChevronText

/// A face's coverage table answers what HarfBuzz's cmap answers, for every scalar of the Basic
/// Multilingual Plane and beyond it, in faces with plain, symbol, CJK and colour cmaps.
struct FaceCoverageTests {
    @Test(arguments: [
        "Liberation Sans:bold", "DejaVu Sans", "Droid Sans Fallback", "Standard Symbols PS", "D050000L",
        "Noto Sans Arabic", "Noto Color Emoji",
    ])
    func theTableAgreesWithHarfBuzzForEveryScalar(pattern: String) throws {
        let match = try ExternalTools.fcMatch(pattern)
        let face = try FaceStore(capacity: 4).face(
            FaceName(file: match.file, index: match.index, family: match.family, style: match.style))
        var disagreements: [UInt32] = []
        var covered = 0
        for scalar in Array(0..<UInt32(0x1_0000)) + [0x1_0000, 0x1_F389, 0x1_F600, 0x2_0000, 0x10_FFFF] {
            let expected = FontFace.harfBuzzCovers(face.harfBuzzFont, scalar)
            if face.covers(scalar) != expected { disagreements.append(scalar) }
            if expected { covered += 1 }
        }
        #expect(disagreements.isEmpty, "\(pattern): \(disagreements.prefix(10).map { String($0, radix: 16) })")
        // Not a trivial table: every one of these faces covers some scalars and lacks others.
        #expect(covered > 10 && covered < 0x1_0000)
    }

    @Test func knownScalarsAreCoveredOrNot() throws {
        let match = try ExternalTools.fcMatch("Liberation Sans:bold")
        let face = try FaceStore(capacity: 1).face(
            FaceName(file: match.file, index: match.index, family: match.family, style: match.style))
        // A Latin face has "A" and "é" and the ellipsis; no Han ideograph, no emoji.
        #expect(face.covers(0x41) && face.covers(0xE9) && face.covers(0x2026))
        #expect(!face.covers(0x4E00) && !face.covers(0x1_F600))
    }
}
