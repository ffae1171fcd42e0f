import ArgumentParser
import ChevronClient
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

    func validate() throws {
        try Output.requireFinite(size, option: "size")
    }

    /// The options as the wire's font request.
    var request: FontParameters {
        FontParameters(
            pattern: font, size: size, language: language,
            features: features?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
    }
}
