import ChevronVarlink
import Testing

/// The strings an error echoes are cut at 200 bytes, on a character boundary, and the mark counts
/// the bytes left out.
struct VarlinkErrorTests {
    static func echoed(_ text: String) -> String? {
        guard case .string(let value)? = VarlinkError("org.example.Failed", parameters: ["text": .string(text)])
            .parameters["text"]
        else { return nil }
        return value
    }

    @Test func aStringAtTheLimitIsWhole() {
        let text = String(repeating: "a", count: 200)
        #expect(Self.echoed(text) == text)
    }

    @Test func theMarkCountsWhatIsLeftOut() {
        #expect(Self.echoed(String(repeating: "a", count: 201)) == String(repeating: "a", count: 200) + "… [cut: 1 bytes]")
        // 150 two-byte characters: 100 are kept (200 bytes), 100 bytes are left out.
        #expect(
            Self.echoed(String(repeating: "é", count: 150)) == String(repeating: "é", count: 100) + "… [cut: 100 bytes]")
        // A character across the limit is left out whole.
        #expect(
            Self.echoed(String(repeating: "a", count: 199) + "é") == String(repeating: "a", count: 199) + "… [cut: 2 bytes]")
        let long = String(repeating: "x", count: 100_000)
        #expect(Self.echoed(long) == String(repeating: "x", count: 200) + "… [cut: 99800 bytes]")
    }

    @Test func anErrorNameIsCutTheSameWay() {
        let error = VarlinkError(String(repeating: "n", count: 250))
        #expect(error.name == String(repeating: "n", count: 200) + "… [cut: 50 bytes]")
    }
}
