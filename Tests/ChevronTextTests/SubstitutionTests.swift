import ChevronTestSupport
import ChevronText
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Whether fontconfig put another family in place of the one asked for, judged against
/// fontconfig's own configuration files and fc-match, not against the engine's reading of them.
struct SubstitutionTests {
    /// Every `<alias binding="same">` of the system's configuration (/etc/fonts/conf.d): a family
    /// and the families it adds (accept, prefer, default), which share its binding.
    static let sameBindingAliases: [String: Set<String>] = {
        var aliases: [String: Set<String>] = [:]
        let directory = "/etc/fonts/conf.d"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasSuffix(".conf")
        }
        for file in files.sorted() {
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(file)"),
                let document = try? XMLDocument(data: data),
                let nodes = try? document.nodes(forXPath: "//alias[@binding='same']")
            else { continue }
            for case let alias as XMLElement in nodes {
                guard let family = alias.elements(forName: "family").first?.stringValue else { continue }
                let added = ["accept", "prefer", "default"].flatMap { alias.elements(forName: $0) }
                    .flatMap { $0.elements(forName: "family") }.compactMap(\.stringValue)
                aliases[family.lowercased(), default: []].formUnion(added.map { $0.lowercased() })
            }
        }
        return aliases
    }()

    /// The family asked for and every family reachable from it through same-binding aliases.
    static func stronglyBound(_ family: String) -> Set<String> {
        var found: Set<String> = [family.lowercased()]
        var pending = [family.lowercased()]
        while let next = pending.popLast() {
            for alias in sameBindingAliases[next] ?? [] where found.insert(alias).inserted { pending.append(alias) }
        }
        return found
    }

    /// fontconfig's generic families (fonts-conf(5)): asking for one accepts whatever it maps to.
    static let generic: Set<String> = ["sans-serif", "serif", "monospace", "emoji", "system-ui", "cursive", "fantasy"]

    @Test func theWitnessReadsTheMetricAliases() {
        // 30-metric-aliases.conf and 61-urw-nimbus-sans.conf, read by eye.
        #expect(Self.stronglyBound("Helvetica").contains("nimbus sans"))
        #expect(Self.stronglyBound("Arial").contains("liberation sans"))
        #expect(!Self.stronglyBound("SF Pro Text").contains("noto sans"))
    }

    @Test(
        "substituted iff the matched font is none of the families the pattern binds strongly",
        arguments: [
            ("Helvetica:bold", false), ("Arial", false), ("Times New Roman", false), ("Courier New", false),
            ("SF Pro Text", true), ("sans-serif", false), ("monospace", false), ("Georgia", true),
            ("Comic Sans MS", true), ("DejaVu Sans", false), ("Calibri", true),
        ])
    func substitutionFollowsFontconfigsBindings(pattern: String, handExpectation: Bool) throws {
        let family = String(pattern.split(separator: ":").first ?? "")
        let matched = try ExternalTools.fcMatchFields(pattern, format: "%{family}")[0]
            .split(separator: ",").map { $0.lowercased() }
        let expected =
            !Self.generic.contains(family.lowercased()) && Self.stronglyBound(family).isDisjoint(with: matched)
        // The witness and a reading by hand agree, so neither is vacuous.
        #expect(expected == handExpectation, "\(pattern) → \(matched)")
        let request = FontRequest(pattern: pattern, size: 17)
        let measurement = try sharedEngine.measure("Settings", font: request)
        #expect(measurement.substituted == expected, "\(pattern) → \(measurement.primary.family)")
        #expect(matched.contains(measurement.primary.family.lowercased()))
        #expect(try sharedEngine.resolve(request).substituted == expected)
    }
}
