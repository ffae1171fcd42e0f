import Foundation

/// An independent reader of BCP 47 tags: langcodes, from PyPI (pinned in
/// `scripts/install-deps.sh`), run in python3. It puts tags in canonical form with the IANA
/// registry's and CLDR's replacements, and knows CLDR's likely subtags.
public enum Langcodes {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Each argument's canonical form (`standardize_tag`); an argument `name:German` is an English
    /// language name, whose tag is langcodes' `find`.
    public static func standardized(_ tags: [String]) throws -> [String: String] {
        let script = """
            import json, sys, langcodes
            print(json.dumps({a: langcodes.find(a[5:]).to_tag() if a.startswith("name:")
                              else langcodes.standardize_tag(a) for a in sys.argv[1:]}))
            """
        guard let answer = try run(script, tags) as? [String: String] else {
            throw Failure(description: "langcodes: not an object of strings")
        }
        return answer
    }

    /// For each filter, the tags it admits, in their order: the same language; the same region
    /// when the filter names one; and, when the filter names a script or a region, the same
    /// script once both are maximised by likely subtags.
    public static func admitted(filters: [String], tags: [String]) throws -> [String: [String]] {
        let script = """
            import json, sys
            from langcodes import Language
            def admits(f, t):
                f, t = Language.get(f), Language.get(t)
                if f.language != t.language: return False
                if f.script is None and f.territory is None: return True
                if f.territory is not None and t.territory != f.territory: return False
                return f.maximize().script == t.maximize().script
            filters, tags = json.loads(sys.argv[1]), json.loads(sys.argv[2])
            print(json.dumps({f: [t for t in tags if admits(f, t)] for f in filters}))
            """
        let arguments = try [filters, tags].map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
        }
        guard let answer = try run(script, arguments) as? [String: [String]] else {
            throw Failure(description: "langcodes: not an object of string arrays")
        }
        return answer
    }

    /// Each tag with its likely subtags added (`maximize()`): `zh` is `zh-Hans-CN`.
    public static func maximized(_ tags: [String]) throws -> [String: String] {
        let script = """
            import json, sys
            from langcodes import Language
            print(json.dumps({a: Language.get(a).maximize().to_tag() for a in sys.argv[1:]}))
            """
        guard let answer = try run(script, tags) as? [String: String] else {
            throw Failure(description: "langcodes: not an object of strings")
        }
        return answer
    }

    /// Runs `script` in python3 with `arguments`; its output, read as JSON.
    static func run(_ script: String, _ arguments: [String]) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 with langcodes (scripts/install-deps.sh installs it): "
                    + String(decoding: message, as: UTF8.self))
        }
        return try JSONSerialization.jsonObject(with: data)
    }
}
