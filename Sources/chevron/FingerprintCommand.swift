import ArgumentParser
import ChevronClient

/// `chevron fingerprint`: the hash that tells whether two hosts answer alike.
struct FingerprintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Show the SHA-256 over everything that changes an answer (fonts, fontconfig, libraries, looks).",
        discussion: """
            Hosts with the same fingerprint answer every question alike. The parts locate a mismatch: fonts \
            (every face fontconfig can use: path, size, hash of the bytes, face index), fontconfig (its \
            configuration files), libraries (fontconfig, FreeType, HarfBuzz, FriBidi, cairo and chevron \
            versions) and looks (the built-in looks' numbers and every manifest's bytes). chevrond computes it \
            after it starts and after each reload; this command waits while it does.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        try await Output.reportingErrors {
            let fingerprint = try await Self.fetch(from: try await connection.client())
            if json {
                Output.printJSON(fingerprint)
                return
            }
            Output.line("fingerprint  \(fingerprint.fingerprint)")
            Output.line(
                "fonts        \(fingerprint.parts.fonts)  (\(fingerprint.faces) faces in \(fingerprint.fontFiles) files)"
            )
            Output.line("fontconfig   \(fingerprint.parts.fontconfig)  (\(fingerprint.configurationFiles) files)")
            Output.line("libraries    \(fingerprint.parts.libraries)  (\(Self.versions(fingerprint)))")
            Output.line("looks        \(fingerprint.parts.looks)  (\(fingerprint.looks.joined(separator: ", ")))")
        }
    }

    /// `name version, …` for the libraries hashed.
    static func versions(_ fingerprint: FingerprintReply) -> String {
        fingerprint.libraries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// The fingerprint, asking again every 200 ms while chevrond answers Pending (it hashes the
    /// fonts after it starts and after a reload), for at most `patience`.
    static func fetch(from client: ChevronClient, patience: Duration = .seconds(120)) async throws -> FingerprintReply {
        let deadline = ContinuousClock.now + patience
        while true {
            let answer: Result<FingerprintReply, ChevronClientError>
            do {
                answer = .success(try await client.fingerprint())
            } catch {
                answer = .failure(error)
            }
            switch answer {
            case .success(let fingerprint): return fingerprint
            case .failure(let error) where error.errorName == "Pending" && ContinuousClock.now < deadline:
                try await Task.sleep(for: .milliseconds(200))
            case .failure(let error): throw error
            }
        }
    }
}
