import Testing

@testable import ChevronText

/// The cache keys' hash: every byte, every count and every boundary between strings counts.
struct KeyHasherTests {
    private static func hash(_ strings: String?...) -> Int {
        var hasher = KeyHasher()
        for string in strings { hasher.combine(string) }
        return hasher.finalize()
    }

    @Test func changingAnyOneByteOfAnyLengthChangesTheHash() {
        // Lengths around the 8- and 16-byte steps the hasher reads in.
        for length in 1...40 {
            let base = String(repeating: "a", count: length)
            var seen: Set<Int> = [Self.hash(base)]
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                seen.insert(Self.hash(String(decoding: bytes, as: UTF8.self)))
            }
            #expect(seen.count == length + 1, "length \(length)")
        }
    }

    @Test func countsAndBoundariesAreHashed() {
        #expect(Self.hash("ab") != Self.hash("ab\u{0}"))
        #expect(Self.hash("") != Self.hash("\u{0}"))
        #expect(Self.hash("ab", "c") != Self.hash("a", "bc"))
        #expect(Self.hash(nil) != Self.hash(""))
        #expect(Self.hash("Back") == Self.hash("Back"))
    }

    @Test func canonicallyEquivalentStringsHashApart() {
        // Equal as Swift Strings, different bytes: they shape differently, so keys must differ.
        #expect("\u{E9}" == "e\u{301}")
        #expect(Self.hash("\u{E9}") != Self.hash("e\u{301}"))
        #expect(Self.hash("\u{2126}") != Self.hash("\u{3A9}"))
    }

    @Test func requestsThatDifferInAnyFieldHashApart() {
        func hash(_ request: FontRequest) -> Int {
            var hasher = KeyHasher()
            request.hash(into: &hasher)
            return hasher.finalize()
        }
        let base = FontRequest(pattern: "Helvetica:bold", size: 12)
        let variants = [
            base,
            FontRequest(pattern: "Helvetica", size: 12),
            FontRequest(pattern: "Helvetica:bold", size: 12.5),
            FontRequest(pattern: "Helvetica:bold", size: 12, language: "ja"),
            FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"]),
            FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern", "+liga"]),
            FontRequest(face: .fields(family: "Helvetica", weight: 700, slant: .roman), size: 12),
            FontRequest(face: .file(path: "/fonts/a.ttf", index: 0), size: 12),
            FontRequest(face: .file(path: "/fonts/a.ttf", index: 1), size: 12),
        ]
        #expect(Set(variants.map(hash)).count == variants.count)
    }
}
