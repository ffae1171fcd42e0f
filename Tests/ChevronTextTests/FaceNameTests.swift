import ChevronText
import Testing

/// A face name behind its shared storage compares and hashes as its five fields.
struct FaceNameTests {
    private static let bold = FaceName(
        file: "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf", index: 0, family: "Liberation Sans",
        style: "Bold")

    @Test func namesWithTheSameFieldsAreEqualAndHashAlike() {
        let again = FaceName(file: Self.bold.file, index: 0, family: "Liberation Sans", style: "Bold")
        #expect(again == Self.bold && again.hashValue == Self.bold.hashValue)
        #expect(FaceName(file: Self.bold.file, index: 1, family: "Liberation Sans", style: "Bold") != Self.bold)
        #expect(
            FaceName(file: Self.bold.file, index: 0, family: "Liberation Sans", style: "Bold", variations: "wght=700")
                != Self.bold)
        #expect(Set([Self.bold, again]).count == 1)
    }
}
