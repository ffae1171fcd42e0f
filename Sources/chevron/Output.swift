import ArgumentParser
import ChevronLooks
import ChevronText
import Foundation

/// Printing results and errors the same way in every subcommand.
enum Output {
    /// Prints `value` as pretty, key-sorted JSON on standard output.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    /// Formats points with up to three decimals, without trailing zeros.
    static func points(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Runs `body`, turning a `TextError` into a message on standard error and an exit code:
    /// 2 for bad input (like any usage error), 4 for a font the engine could not use.
    static func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LookError {
            FileHandle.standardError.write(Data("chevron: \(error.description)\n".utf8))
            throw ExitCode(2)
        } catch let error as TextError {
            FileHandle.standardError.write(Data("chevron: \(error.description)\n".utf8))
            switch error.code {
            case .fontNotFound, .fontFileMissing, .fontFileCorrupt: throw ExitCode(4)
            default: throw ExitCode(2)
            }
        }
    }
}

/// A face as the CLI's JSON shows it.
struct FaceJSON: Encodable {
    let family: String
    let style: String
    let file: String
    let index: Int

    init(_ name: FaceName) {
        family = name.family
        style = name.style
        file = name.file
        index = name.index
    }
}
