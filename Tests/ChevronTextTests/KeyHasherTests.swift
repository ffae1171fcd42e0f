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

    @Test func aRequestsDigestFollowsEveryChangeToItsFields() {
        // A request changed field by field digests as one built with those fields.
        var changed = FontRequest(pattern: "Helvetica:bold", size: 12)
        var digests = [changed.digest]
        changed.face = .fields(family: "Helvetica", weight: 700, slant: .italic)
        digests.append(changed.digest)
        changed.size = 17
        digests.append(changed.digest)
        changed.language = "ja"
        digests.append(changed.digest)
        changed.features.append("-kern")
        digests.append(changed.digest)
        let built = FontRequest(
            face: .fields(family: "Helvetica", weight: 700, slant: .italic), size: 17, language: "ja",
            features: ["-kern"])
        #expect(changed.digest == built.digest)
        #expect(changed == built)
        #expect(Set(digests).count == digests.count)
        // Setting a field back gives the first digest again.
        changed.features = []
        changed.language = nil
        changed.size = 12
        changed.face = .pattern("Helvetica:bold")
        #expect(changed.digest == digests[0])
    }

    @Test func requestsAreTheSameOnlyByteForByte() {
        let request = FontRequest(pattern: "Caf\u{E9}:bold", size: 12, language: "fr", features: ["-kern"])
        #expect(request.isSame(as: FontRequest(pattern: "Caf\u{E9}:bold", size: 12, language: "fr", features: ["-kern"])))
        // Canonically equivalent, other bytes: not the same key.
        #expect(!request.isSame(as: FontRequest(pattern: "Cafe\u{301}:bold", size: 12, language: "fr", features: ["-kern"])))
        #expect(!request.isSame(as: FontRequest(pattern: "Caf\u{E9}:bold", size: 12, language: "fr", features: ["+kern"])))
        #expect(!request.isSame(as: FontRequest(pattern: "Caf\u{E9}:bold", size: 12, language: nil, features: ["-kern"])))
        #expect(!request.isSame(as: FontRequest(pattern: "Caf\u{E9}:bold", size: 12, language: "fr")))
        let fields = FontRequest(face: .fields(family: "A", weight: 400, slant: .roman), size: 12)
        #expect(fields.isSame(as: FontRequest(face: .fields(family: "A", weight: 400, slant: .roman), size: 12)))
        #expect(!fields.isSame(as: FontRequest(face: .fields(family: "A", weight: 700, slant: .roman), size: 12)))
        #expect(!fields.isSame(as: FontRequest(face: .fields(family: "A", weight: 400, slant: .italic), size: 12)))
        #expect(!fields.isSame(as: FontRequest(face: .file(path: "A", index: 400), size: 12)))
    }

    @Test func stringsHaveTheSameBytesWhateverTheirRepresentation() {
        // Ten bytes held inside the string, and the same ten bytes in storage left from a
        // longer string: different representations, the same bytes.
        let small = "aaaaaaaaaa"
        var trimmed = String(repeating: "a", count: 100)
        trimmed.removeLast(90)
        #expect(small.hasSameBytes(as: trimmed) && trimmed.hasSameBytes(as: small))
        #expect(!small.hasSameBytes(as: "aaaaaaaaab"))
        // Long strings in separate storage, equal and not.
        let long = String(repeating: "Einstellungen ", count: 4)
        let copy = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(long.hasSameBytes(as: copy))
        #expect(!long.hasSameBytes(as: copy.dropLast() + "t"))
        #expect(!"\u{E9}".hasSameBytes(as: "e\u{301}"))
        #expect("".hasSameBytes(as: String()))
        // Optional strings: absent only matches absent, never the empty string.
        let absent: String? = nil
        #expect(absent.hasSameBytes(as: nil))
        #expect(!absent.hasSameBytes(as: ""))
        #expect(!Optional("").hasSameBytes(as: nil))
        #expect(Optional(long).hasSameBytes(as: copy))
        #expect(!Optional("\u{E9}").hasSameBytes(as: "e\u{301}"))
    }
}
