import ChevronJSON
import Testing

/// The offsets `parseLocated` keeps, and the lines `TextLines` counts from them.
struct LocatedJSONTests {
    /// Offsets found by Python: `text.encode().index(needle)` for each value's first bytes.
    static let text = #"{"a": [1, {"b\u00e9": "x"}],"# + "\n" + #" "c": null, "d": {"e": -2.5e1}}"#

    @Test func eachValueKnowsWhereItStarts() throws {
        let located = try JSONParser.parseLocated(Self.text)
        #expect(located.offset == 0)
        #expect(located["a"]?.offset == 6)
        #expect(located["a"]?[0]?.offset == 7)
        #expect(located["a"]?[1]?.offset == 10)
        #expect(located["a"]?[1]?["bé"]?.offset == 22)
        #expect(located["c"]?.offset == 35)
        #expect(located[path: ["d"]]?.offset == 46)
        #expect(located[path: ["d", "e"]]?.offset == 52)
        #expect(located[path: ["d", "e"]]?.value == .number(-25))
        #expect(located["a"]?[2] == nil && located["b"] == nil && located["c"]?["x"] == nil)
        #expect(located.value == (try JSONParser.parse(Self.text)))
    }

    @Test func aLocatedParseRefusesWhatAParseRefuses() {
        for text in [#"{"a": 1, "a": 2}"#, "[1,]", #"{"a": "\ud800"}"#, "[[[1]]]"] {
            let plain = Result { () throws(JSONParseError) in try JSONParser.parse(text, maximumDepth: 2) }
            let located = Result { () throws(JSONParseError) in try JSONParser.parseLocated(text, maximumDepth: 2) }
            switch (plain, located) {
            case (.failure(let a), .failure(let b)): #expect(a == b)
            default: Issue.record("\(text): both parses must fail, and alike")
            }
        }
    }

    /// Line 2 starts after the one line break, at byte 29 (Python: `text.index("\n") + 1`).
    @Test func linesAreCountedForwardAndFromTheMark() {
        var bytes = Array(Self.text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var lines = TextLines(UnsafeRawBufferPointer(raw))
            #expect(lines.line(at: 28) == 1 && lines.line(at: 29) == 2 && lines.line(at: 52) == 2)
            #expect(lines.line(at: 6) == 1)
            lines.mark(at: 35)
            #expect(lines.line(at: 46) == 2 && lines.line(at: 40) == 2 && lines.line(at: 0) == 1)
            #expect(lines.line(at: 10_000) == 2)
        }
    }
}
