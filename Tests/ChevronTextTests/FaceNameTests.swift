import ChevronText
import Foundation
import Testing

/// A face name behind its shared storage compares, hashes and codes as its five fields.
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

    @Test func theJSONHasTheFiveFieldsByName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(Self.bold), as: UTF8.self)
        // Written by hand: the keys and values the name's JSON has always had.
        #expect(
            text
                == #"{"family":"Liberation Sans","file":"/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf","index":0,"style":"Bold","variations":""}"#
        )
        #expect(try JSONDecoder().decode(FaceName.self, from: Data(text.utf8)) == Self.bold)
        // Every field is required, as before.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FaceName.self, from: Data(#"{"file":"/a.ttf","index":0,"family":"A"}"#.utf8))
        }
    }
}
