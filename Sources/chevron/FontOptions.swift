import ArgumentParser
import ChevronText
import Foundation

/// Options every text subcommand shares: which font, at what size, with which features.
struct FontOptions: ParsableArguments {
    @Option(name: .long, help: "A fontconfig pattern, as fc-match takes it (Helvetica:bold, Noto Sans:weight=200).")
    var font = "Helvetica:bold"

    @Option(name: .long, parsing: .unconditional, help: "The size in points (0 < size ≤ 1000).")
    var size = 12.0

    @Option(name: .long, help: "A BCP 47 language tag (ja, zh-Hant, ar); steers fallback and shaping.")
    var language: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Comma-separated OpenType features to switch on or off (--features=-kern,-liga,+smcp).")
    var features: String?

    /// The options as a request for the text engine.
    var request: FontRequest {
        FontRequest(
            pattern: font, size: size, language: language,
            features: features?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
    }
}
