import ChevronTestSupport
import Foundation
import Testing

@testable import ChevronRender

/// A contact sheet's caption keeps a cut right-to-left title's ellipsis at the title's end: GNU
/// FriBidi's `fribidi` command, the witness, orders the caption's text for display.
struct SheetCaptionTests {
    /// The caption's text in display order, by `fribidi` (left to right, as the sheet lays it out).
    static func visual(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fribidi")
        process.arguments = ["--nopad", "--nobreak", "--ltr"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fribidi")))
    func aCutRightToLeftTitleEndsOnItsLeft() throws {
        // "Settings and privacy" in Arabic, cut: the ellipsis follows its last letter kept.
        let shown = "الإعدادات والخصوصية…"
        let caption = try Self.visual(ContactSheet.captionText("63 pt · ", shown))
        // Display order: the prefix, then the Arabic run with its ellipsis on its left, at its end.
        #expect(caption.hasPrefix("63 pt · "), "\(caption)")
        let run = caption.dropFirst("63 pt · ".count).unicodeScalars.filter { $0.value != 0x2068 && $0.value != 0x2069 }
        #expect(run.first == "…", "\(caption)")
        // Without the isolate, the ellipsis would sit on the right, beside the title's start.
        #expect(try Self.visual("63 pt · " + shown).hasSuffix("…"))
        // A left-to-right title keeps its ellipsis on its right.
        #expect(try Self.visual(ContactSheet.captionText("63 pt · ", "Settings…")).hasSuffix("…\u{2069}"))
    }
}
