import Foundation
import Testing

/// Every input of the fuzz corpus (`Fuzz/corpus/TARGET/`) and every input that once crashed a
/// target (`Fuzz/crashes/TARGET/`, written by `scripts/fuzz.sh` and committed with its fix),
/// replayed through the same entry points `make fuzz` runs (FuzzEntries.swift, linked from
/// Fuzz/Entries/): a regression traps here, in the suite, not only under the fuzzer. A target
/// without a crashes folder has no past crash.
struct FuzzReplayTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ folder: String, _ target: String) -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzEntries.targets.keys.sorted())
    func theCorpusAndPastCrashesRunCleanly(target: String) throws {
        let entry = try #require(FuzzEntries.targets[target])
        let corpus = Self.inputs("corpus", target)
        #expect(corpus.count >= 5, "the seed corpus of \(target) is in the repository")
        for input in corpus + Self.inputs("crashes", target) {
            entry(Array(try Data(contentsOf: input)))
        }
    }
}
