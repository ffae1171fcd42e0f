import ArgumentParser
import ChevronBuiltInLooks
import ChevronClient
import ChevronLooks
import Foundation

/// Shell completion of `--look`: the looks chevrond serves (at the command line's `--socket`,
/// else the default socket), else those this process would serve (the built-in looks and the
/// manifests of `--looks-dir`).
enum LookCompletion {
    static let kind = CompletionKind.custom { words, _, prefix in await names(words: words, prefix: prefix) }

    /// How long completion waits for chevrond before answering from this process.
    static let patience = Duration.milliseconds(500)

    static func names(words: [String], prefix: String) async -> [String] {
        func value(of option: String) -> String? {
            guard let index = words.firstIndex(of: option), index + 1 < words.count else { return nil }
            return words[index + 1]
        }
        let looksDirectory = value(of: "--looks-dir")
        var served: [String]?
        if looksDirectory == nil, !words.contains("--local") {
            let socket =
                value(of: "--socket")
                ?? ChevronClient.defaultSocketPath(environment: ProcessInfo.processInfo.environment, uid: getuid())
            served = await withTaskGroup(of: [String]?.self) { group in
                group.addTask {
                    guard let client = try? await ChevronClient.connect(socketPath: socket) else { return nil }
                    return try? await client.listLooks().map(\.name)
                }
                group.addTask {
                    try? await Task.sleep(for: patience)
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }
        var names = served ?? LookRegistry.builtIn.names
        if served == nil, let looksDirectory {
            names = LookRegistry.builtIn.addingManifests(from: looksDirectory, keepingFrom: nil).0.names
        }
        return names.filter { $0.hasPrefix(prefix) }
    }
}
