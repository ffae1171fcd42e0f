import ChevronJSON
import ChevronSupport
import ChevronVarlink
import Foundation

/// One problem of one row, by what stays the same when a catalogue is reordered or its lines
/// move: the file (its normalised path, as reports name it), the key (with its plural form or
/// variation), the language, the look and the problem's kind. Never the line.
public struct ProblemIdentity: Hashable, Comparable, Sendable {
    public let file: String
    public let key: String
    public let language: String
    public let look: String
    public let problem: String

    public init(file: String, key: String, language: String, look: String, problem: String) {
        self.file = file
        self.key = key
        self.language = language
        self.look = look
        self.problem = problem
    }

    /// The identity of `problem` in `row`.
    public init(_ row: CheckRow, _ problem: CheckProblem) {
        self.init(
            file: row.file, key: row.key, language: row.language ?? "", look: row.slot, problem: problem.rawValue)
    }

    /// The identity as a baseline and a report's `fixed` list write it: an object, keys sorted.
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.member("file", file)
            json.member("key", key)
            json.member("language", language)
            json.member("look", look)
            json.member("problem", problem)
        }
    }

    /// The row this problem is of, without the kind: which rows a run checked.
    var place: [String] { [file, key, language, look] }

    public static func < (left: ProblemIdentity, right: ProblemIdentity) -> Bool {
        (left.file, left.key, left.language, left.look, left.problem)
            < (right.file, right.key, right.language, right.look, right.problem)
    }
}

/// The problems a team has accepted (`chevron check --write-baseline FILE` records them; a run
/// with `--baseline FILE` fails only on problems not in it, and says which are fixed since). The
/// file is JSON, so that it can be reviewed in a pull request:
///
/// ```json
/// {
///   "problems" : [
///     {"file" : "de.lproj/Localizable.strings", "key" : "privacy.title", "language" : "de",
///      "look" : "classic", "problem" : "truncated"}
///   ],
///   "tool" : "chevron check",
///   "version" : 1
/// }
/// ```
///
/// The idea is Android Lint's `lint-baseline.xml` and SwiftLint's and detekt's baselines.
public struct CheckBaseline: Sendable {
    /// The format's version; a file of another version is refused, not misread.
    public static let version = 1

    public var problems: Set<ProblemIdentity>

    public init(problems: Set<ProblemIdentity>) {
        self.problems = problems
    }

    /// The baseline in the file at `path`, read up to `limit` MiB (the file limit, `--max-file-mib`).
    /// - Throws: `CheckPlan.Problem` naming the file and what is wrong with it.
    public static func load(_ path: String, limit: Int = ReadLimits().fileMiB) throws(CheckPlan.Problem)
        -> CheckBaseline
    {
        func problem(_ reason: String) -> CheckPlan.Problem {
            CheckPlan.Problem(description: "--baseline \(path): \(reason)")
        }
        let data: Data
        do {
            data = try TitleFile.contents(ofPath: path, shown: path, limit: limit)
        } catch {
            throw problem(error.reason)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(String(decoding: data, as: UTF8.self), maximumDepth: 8)
        } catch {
            throw problem("is not JSON (\(error.reason))")
        }
        guard case .number(let version)? = document["version"], version == Double(Self.version) else {
            throw problem("is not a chevron check baseline of version \(Self.version)")
        }
        guard case .array(let entries)? = document["problems"] else { throw problem("has no \"problems\" array") }
        var problems: Set<ProblemIdentity> = []
        for (index, entry) in entries.enumerated() {
            func field(_ name: String) throws(CheckPlan.Problem) -> String {
                guard case .string(let value)? = entry[name] else {
                    throw problem("problems[\(index)].\(name) is not a string")
                }
                return value
            }
            problems.insert(
                ProblemIdentity(
                    file: try field("file"), key: try field("key"), language: try field("language"),
                    look: try field("look"), problem: try field("problem")))
        }
        return CheckBaseline(problems: problems)
    }

    /// The baseline as its file holds it: problems sorted, keys sorted, a line each.
    public var document: String {
        var bytes: [UInt8] = []
        var json = PrettyJSON { bytes += $0 }
        json.object { json in
            json.array("problems") { json in
                for identity in problems.sorted() {
                    json.element()
                    identity.write(to: &json)
                }
            }
            json.member("tool", "chevron check")
            json.member("version", Self.version)
        }
        json.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the baseline to `path`, replacing the file whole (a temporary file renamed).
    /// - Throws: `CheckPlan.Problem` naming the file and the system's reason.
    public func write(to path: String) throws(CheckPlan.Problem) {
        var document = document
        if let reason = document.withUTF8({ OutputFile.write(UnsafeRawBufferPointer($0), to: path) }) {
            throw CheckPlan.Problem(description: "--write-baseline \(path): cannot be written (\(reason))")
        }
    }
}
