import ChevronTestSupport
import Foundation
import Testing

@testable import ChevronText

/// The cache keys' hash: every byte, every count and every boundary between strings counts.
struct KeyHasherTests {
    private static func hash(_ strings: String?...) -> Int {
        var hasher = KeyHasher()
        for string in strings { hasher.combine(string) }
        return hasher.finalize()
    }

    /// The hash of strings and numbers from a fixed seed, against an implementation of the
    /// algorithm its documentation states written apart in Python: 64×64→128-bit multiplies
    /// folded (high ^ low) with wyhash's two constants; bytes 16 at a time, the last 1–16 read as
    /// two words that may overlap (4-byte words from 4 to 7 bytes, three bytes spread below 4),
    /// mixed with the count; a number mixed alone; the end folded once more.
    @Test func theHashIsTheDocumentedMultiplyAndFold() throws {
        let inputs: [String] = [
            "", "a", "ab", "abc", "Back", "Settings", "Einstellungen", "Datenschutz und Sicherheit", "設定", "رجوع",
            String(repeating: "x", count: 33),
        ]
        let script = #"""
            import json, sys
            M = (1 << 64) - 1
            FIRST, SECOND = 0xa0761d6478bd642f, 0xe7037ed1a0b428db
            def fold(a, b):
                p = (a & M) * (b & M)
                return ((p >> 64) ^ p) & M
            def word(b, o, n):
                return int.from_bytes(b[o:o + n], "little")
            def combine_bytes(state, b):
                n = len(b)
                low = high = 0
                if n > 16:
                    o = 0
                    while n - o > 16:
                        state = fold(word(b, o, 8) ^ FIRST, word(b, o + 8, 8) ^ state)
                        o += 16
                    low, high = word(b, n - 16, 8), word(b, n - 8, 8)
                elif n >= 8:
                    low, high = word(b, 0, 8), word(b, n - 8, 8)
                elif n >= 4:
                    low, high = word(b, 0, 4), word(b, n - 4, 4)
                elif n > 0:
                    low = b[0] << 16 | b[n // 2] << 8 | b[n - 1]
                return fold(low ^ SECOND ^ n, high ^ state ^ FIRST)
            def combine_number(state, v):
                return fold((v & M) ^ FIRST, state ^ SECOND)
            def finalize(state):
                h = fold(state ^ SECOND, state ^ FIRST)
                return h - (1 << 64) if h >= 1 << 63 else h
            out = []
            for text in json.loads(sys.argv[1]):
                state = combine_bytes(0x5eed, text.encode("utf-8"))
                state = combine_number(state, 42)
                out.append(str(finalize(state)))
            print(json.dumps(out))
            """#
        let arguments = String(decoding: try JSONSerialization.data(withJSONObject: inputs), as: UTF8.self)
        let output = try #require(try ExternalTools.run("python3", ["-c", script, arguments]))
        // As decimal text: numbers past 2^53 do not survive a JSON number.
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String])
            .compactMap(Int.init)
        let hashes = inputs.map { text in
            var hasher = KeyHasher(seed: 0x5eed)
            hasher.combine(text)
            hasher.combine(42)
            return hasher.finalize()
        }
        #expect(hashes == expected)
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
