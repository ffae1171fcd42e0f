import ChevronJSON
import Foundation
import Testing

/// `JSONText.quoted(_:htmlSafe:)`: text that can stand inside an HTML `<script>` element. Python's
/// `json` reads every quoted text back as the original, and none holds a raw `<`, `>`, `&`, line
/// or paragraph separator or bidirectional control.
struct HTMLSafeQuotingTests {
    static let samples = [
        "</script><!--", "a & b > c", "line\u{2028}para\u{2029}end", "\u{202E}gnp.exe", "\u{061C}\u{200E}\u{200F}",
        "\u{2066}isolate\u{2069}", "tab\tquote\"back\\slash", "\u{1B}[2J", "plain", "רגיל ‏ text", "€ and \u{2027}",
    ]

    @Test func pythonReadsEveryQuotedTextBackAsTheOriginal() throws {
        let quoted = Self.samples.map { JSONText.quoted($0, htmlSafe: true) }
        let script = """
            import json, sys
            print(json.dumps([json.loads(line) for line in sys.stdin.read().split("\\n") if line], ensure_ascii=True))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(quoted.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        #expect(read == Self.samples)
        let unsafe: Set<Unicode.Scalar> = [
            "<", ">", "&", "\u{2028}", "\u{2029}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}",
            "\u{202C}",
            "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        ]
        for text in quoted {
            #expect(!text.unicodeScalars.contains(where: unsafe.contains), "\(text)")
        }
        // Without the option, only JSON's own escapes: the same text reads back, HTML characters raw.
        #expect(JSONText.quoted("a < b", htmlSafe: false) == "\"a < b\"")
        #expect(JSONText.quoted("a < b", htmlSafe: true) == "\"a \\u003c b\"")
    }
}
