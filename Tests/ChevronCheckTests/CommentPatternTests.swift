import ChevronCheck
import ChevronTestSupport
import Foundation
import Testing

/// `--titles-comment` patterns: matched as Python's `re.search` matches them, in work linear in
/// the comment whatever the pattern, and what needs backtracking refused by name.
struct CommentPatternTests {
    static let patterns = [
        "nav title", "(?i)nav(igation)? title", "^Title", "title$", "\\bback\\b", "\\Bac",
        "[Tt]itle of the \\w+ screen",
        "(?i)nav.*title", "a{2,3}b", "x{2}", "colou?r", "(foo|bar)+baz", "[^a-z ]", "\\d+ items", "\\s{2}",
        "(?i:BACK) button", "a.c", "(?s)a.c", "(?m)^second", "[\\d-]+", "\\.$", "(a|ab)(c|bcd)(d*)", "^$",
        "(?P<name>tab) bar", "[a\\]]x", "(?:a|b)*c", "\\x41", "Ü+ber", "(?i)ÜBER",
    ]
    static let texts = [
        "Nav title: Settings", "Navigation Title of the inbox screen", "Title of the settings screen", "A button",
        "the back button", "Back button title", "aab", "aaab", "xx", "color", "colour", "foobarbaz", "barbaz",
        "TITLE", "3 items", "two  spaces", "abc", "a\nc", "first\nsecond", "12-34", "ends with a dot.",
        "abcd", "", "tab bar", "]x", "ababc", "A", "Überschrift", "über", "line\n",
    ]

    /// Every pattern against every text, against Python's `re.search`.
    @Test func patternsMatchAsPythonsReMatchesThem() throws {
        let pairs = Self.patterns.flatMap { pattern in Self.texts.map { [pattern, $0] } }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("patterns-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: pairs).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let script = DaemonProcess.packageRoot.appendingPathComponent("Tests/python/regex_witness.py").path
        let result = try #require(try ExternalTools.run("python3", [script, input.path]))
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [Bool])
        #expect(expected.count == pairs.count)
        for (pair, wanted) in zip(pairs, expected) {
            let pattern = try CommentPattern(pair[0])
            #expect(pattern.matches(pair[1]) == wanted, "\(pair[0].debugDescription) in \(pair[1].debugDescription)")
        }
    }

    /// Patterns that make a backtracking engine take exponential time cost steps linear in the
    /// comment: at most twice the program's size for each character and one more, and twice the
    /// comment costs at most twice the steps (a backtracking engine's `(a+)+$` doubles per `a`).
    @Test func catastrophicPatternsTakeLinearWork() throws {
        for (source, unit, end) in [
            ("(a+)+$", "a", "!"), ("(a|aa)*b", "a", ""), ("(?i)nav.*title", "nav ", ""), ("(x+x+)+y", "x", ""),
        ] {
            let pattern = try CommentPattern(source)
            func steps(_ count: Int) -> (Int, Int) {
                var steps = 0
                let text = String(repeating: unit, count: count) + end
                #expect(!pattern.matches(text, steps: &steps))
                return (steps, text.unicodeScalars.count)
            }
            let (short, shortLength) = steps(1_000)
            let (long, longLength) = steps(2_000)
            #expect(short <= 2 * pattern.programSize * (shortLength + 1), "\(source): \(short) steps")
            #expect(long <= 2 * pattern.programSize * (longLength + 1), "\(source): \(long) steps")
            #expect(long <= 2 * short + 4 * pattern.programSize, "\(source): \(short) then \(long) steps")
        }
        // A comment past the limit is matched on its first `commentLimit` characters.
        var steps = 0
        let pattern = try CommentPattern("(?i)nav.*title")
        #expect(!pattern.matches(String(repeating: "nav ", count: 200_000) + "title", steps: &steps))
        #expect(steps <= 2 * pattern.programSize * (CommentPattern.commentLimit + 1))
    }

    /// What needs backtracking, or what is malformed, is refused with the reason.
    /// 100 groups inside each other are read and match as the one group would.
    @Test func groupsNestedAHundredDeepAreRead() throws {
        let pattern = try CommentPattern(String(repeating: "(", count: 100) + "nav" + String(repeating: ")", count: 100))
        #expect(pattern.matches("a nav title"))
        #expect(!pattern.matches("a title"))
    }

    @Test func refusedPatternsSayWhy() {
        for (source, reason) in [
            ("(a)\\1", "back-reference"), ("foo(?=bar)", "look-around"), ("(?<!x)y", "look-around"),
            ("(?>a)", "atomic group"), ("\\p{L}", "property"), ("(unclosed", "unclosed ("), ("a)", "unmatched )"),
            ("[abc", "unclosed ["), ("*a", "nothing to repeat"), ("a{2000}", "count over 1000"),
            ("(?:a{1000}){1000}", "over the 10000"), ("[z-a]", "end comes before its start"),
            // 101 groups inside each other: over the parser's depth, before its recursion meets
            // the stack's end (a fuzzed project file, Fuzz/crashes/project, overflowed it).
            (String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101), "nested more than 100"),
        ] {
            do {
                _ = try CommentPattern(source)
                Issue.record("\(source) was read")
            } catch {
                #expect(error.description.contains(reason), "\(source): \(error)")
            }
        }
    }
}
