import ChevronJSON
import Foundation

/// `--format sarif`: SARIF 2.1.0, a result per problem of a row, with the file, line and rule.
/// GitHub's code scanning shows the first 5,000 results of a run and refuses a run of more than
/// 25,000: a report holds at most `defaultMaxResults` (or `--max-results`, up to
/// `hardMaxResults`), the most severe first, and says how many it left out.
public enum CheckSARIF {
    /// What code scanning shows of a run.
    public static let defaultMaxResults = 5000
    /// The most results a run may have for code scanning to take it.
    public static let hardMaxResults = 25000

    /// Writes the document, keys sorted (`PrettyJSON`).
    /// - Parameters:
    ///   - baselined: whether a baseline was compared: then each result says whether it is new or
    ///     in it (`baselineState`), and each of `fixed` is a result of its own, `absent`.
    ///   - maxResults: the most results written (the most severe; new ones before those a
    ///     baseline accepts); the rest are counted in the run's `properties` and a notification.
    public static func write(
        _ rows: [CheckRow], failOn: [CheckPlan.FailOn], version: String, fingerprint: String?,
        baselined: Bool = false, fixed: [ProblemIdentity] = [], maxResults: Int = defaultMaxResults,
        to json: inout PrettyJSON
    ) {
        let rules = CheckProblem.allCases
        // The most severe `maxResults` problems, kept as the rows are read (never every problem):
        // new before accepted, failing before not, by weight, the widest overflow first, then
        // in report order (`order`, the problem's place in the report).
        typealias Candidate = (rank: (Int, Int, Int, Double), order: Int, row: Int, problem: CheckProblem)
        var kept = SmallestElements<Candidate>(capacity: maxResults) { a, b in
            (a.rank.0, a.rank.1, a.rank.2, a.rank.3, a.order) < (b.rank.0, b.rank.1, b.rank.2, b.rank.3, b.order)
        }
        var resultCount = 0
        for index in rows.indices {
            let row = rows[index]
            for problem in CheckProblem.of(row) {
                let accepted = row.accepted.contains(problem)
                let rank = (
                    accepted ? 1 : 0, !accepted && problem.fails(under: failOn) ? 0 : 1, problem.weight, -row.overBy
                )
                kept.offer((rank, resultCount, index, problem))
                resultCount += 1
            }
        }
        // Written in the report's order.
        let shown = kept.elements.sorted { $0.order < $1.order }
        // Each written result's fingerprint: its identity, numbered among the results of that
        // identity in report order (a second result of one identity is told apart), so every
        // problem up to the last written one is counted, for the identities written.
        var occurrences: [UInt128: Int] = [:]
        for candidate in shown { occurrences[identity(rows[candidate.row], problem: candidate.problem)] = 0 }
        var fingerprints: [String] = []
        fingerprints.reserveCapacity(shown.count)
        var order = 0
        rowsLoop: for row in rows {
            for problem in CheckProblem.of(row) {
                guard fingerprints.count < shown.count else { break rowsLoop }
                let identity = Self.identity(row, problem: problem)
                if let count = occurrences[identity] {
                    occurrences[identity] = count + 1
                    if shown[fingerprints.count].order == order {
                        fingerprints.append(Self.fingerprint(identity, occurrence: count + 1))
                    }
                }
                order += 1
            }
        }
        occurrences = [:]
        // Fixed problems (baseline state absent) take what room is left.
        let fixedShown = fixed.prefix(max(0, maxResults - shown.count))
        let leftOut = resultCount + fixed.count - shown.count - fixedShown.count
        json.object { json in
            json.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
            json.array("runs") { json in
                json.element()
                json.object { json in
                    if leftOut > 0 {
                        json.array("invocations") { json in
                            json.element()
                            json.object { json in
                                json.member("executionSuccessful", true)
                                json.array("toolExecutionNotifications") { json in
                                    json.element()
                                    json.object { json in
                                        json.member("level", "warning")
                                        json.object("message") { json in
                                            json.member(
                                                "text",
                                                "\(leftOut) of \(resultCount + fixed.count) results were left out: a run "
                                                    + "holds the \(maxResults) most severe (--max-results, at most "
                                                    + "\(hardMaxResults) for code scanning)")
                                        }
                                    }
                                }
                            }
                        }
                    }
                    let measuredFor = CheckSlot.measuredFor(rows)
                    if fingerprint != nil || leftOut > 0 || measuredFor != nil {
                        json.object("properties") { json in
                            if let fingerprint {
                                json.member("chevronFingerprint", fingerprint)
                            }
                            if let measuredFor {
                                json.member("chevronMeasuredFor", measuredFor)
                            }
                            json.member("chevronResults", resultCount + fixed.count)
                            json.member("chevronResultsLeftOut", leftOut)
                        }
                    }
                    json.array("results") { json in
                        // Rows of one file often follow one another: its URI is made once.
                        var file: (path: String, uri: String)?
                        for (candidate, fingerprint) in zip(shown, fingerprints) {
                            let (row, problem) = (rows[candidate.row], candidate.problem)
                            if file?.path != row.file { file = (row.file, uri(row.file)) }
                            json.element()
                            result(
                                row, problem: problem, ruleIndex: rules.firstIndex(of: problem) ?? 0,
                                uri: file?.uri ?? "", fingerprint: fingerprint, failOn: failOn,
                                baselined: baselined, to: &json)
                        }
                        for identity in fixedShown {
                            json.element()
                            absent(
                                identity, ruleIndex: rules.firstIndex { $0.rawValue == identity.problem } ?? 0,
                                to: &json)
                        }
                    }
                    json.object("tool") { json in
                        json.object("driver") { json in
                            json.member("informationUri", "https://github.com/chevron/chevron")
                            json.member("name", "chevron check")
                            json.array("rules") { json in
                                for rule in rules {
                                    json.element()
                                    json.object { json in
                                        json.object("defaultConfiguration") { json in
                                            json.member("level", rule == .error ? "error" : "warning")
                                        }
                                        json.object("help") { json in
                                            json.member("text", rule.help)
                                        }
                                        json.member("id", rule.rawValue)
                                        json.object("shortDescription") { json in
                                            json.member("text", rule.summary)
                                        }
                                    }
                                }
                            }
                            json.member("version", version)
                        }
                    }
                }
            }
            json.member("version", "2.1.0")
        }
    }

    /// What tells a result apart from every other of a report, and stays when lines move: a
    /// 128-bit FNV-1a hash of its file's (normalised) path, its key (which holds the plural form or
    /// variation: `followers (de, plural one)`), its language, its look and its problem; never its
    /// line or its title.
    static func identity(_ row: CheckRow, problem: CheckProblem) -> UInt128 {
        var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
        let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013b
        for field in [row.file, row.key, row.language ?? "", row.slot, problem.rawValue] {
            for byte in field.utf8 {
                hash = (hash ^ UInt128(byte)) &* prime
            }
            hash = (hash ^ 0xFF) &* prime  // a byte UTF-8 never holds ends each field
        }
        return hash
    }

    /// `partialFingerprints."chevronResult/v1"`: the identity in 32 hex digits, and for the
    /// second and later results of one identity (a key a file holds twice) `#N` after it.
    static func fingerprint(_ identity: UInt128, occurrence: Int) -> String {
        let hex = String(identity, radix: 16)
        let digits = String(repeating: "0", count: 32 - hex.count) + hex
        return occurrence == 1 ? digits : "\(digits)#\(occurrence)"
    }

    /// One problem of a row: its rule, level, message, place, fingerprint and the row's fields.
    private static func result(
        _ row: CheckRow, problem: CheckProblem, ruleIndex: Int, uri: String, fingerprint: String,
        failOn: [CheckPlan.FailOn], baselined: Bool, to json: inout PrettyJSON
    ) {
        let accepted = row.accepted.contains(problem)
        json.object { json in
            if baselined {
                json.member("baselineState", accepted ? "unchanged" : "new")
            }
            json.member("level", !accepted && problem.fails(under: failOn) ? "error" : "warning")
            json.array("locations") { json in
                json.element()
                json.object { json in
                    json.object("physicalLocation") { json in
                        json.object("artifactLocation") { json in
                            json.member("uri", uri)
                        }
                        if row.line > 0 {
                            json.object("region") { json in
                                json.member("startLine", row.line)
                            }
                        }
                    }
                }
            }
            json.object("message") { json in
                json.member("text", problem.message(row))
            }
            json.object("partialFingerprints") { json in
                json.member("chevronResult/v1", fingerprint)
            }
            json.object("properties") { json in
                if row.error == nil {
                    json.member("displayedTitle", row.displayedTitle)
                }
                json.member("key", row.key)
                if let language = row.language {
                    json.member("language", language)
                }
                json.member("look", row.slot)
                json.member("maxWidth", row.maxWidth)
                json.member("title", row.title)
                if let width = row.width {
                    json.member("width", width)
                }
            }
            json.member("ruleId", problem.rawValue)
            json.member("ruleIndex", ruleIndex)
        }
    }

    /// A problem of the baseline that the run no longer finds: `absent`, at its file, with the
    /// fingerprint it had (`identity` of the same fields).
    private static func absent(_ problem: ProblemIdentity, ruleIndex: Int, to json: inout PrettyJSON) {
        json.object { json in
            json.member("baselineState", "absent")
            json.member("level", "none")
            json.array("locations") { json in
                json.element()
                json.object { json in
                    json.object("physicalLocation") { json in
                        json.object("artifactLocation") { json in
                            json.member("uri", uri(problem.file))
                        }
                    }
                }
            }
            json.object("message") { json in
                let language = problem.language.isEmpty ? "" : ", \(problem.language)"
                json.member(
                    "text",
                    "\(problem.key)\(language) in \(problem.look): \(problem.problem) is fixed since the baseline")
            }
            json.object("properties") { json in
                json.member("key", problem.key)
                json.member("look", problem.look)
            }
            json.member("ruleId", problem.problem)
            json.member("ruleIndex", ruleIndex)
        }
    }

    /// A path as a URI reference: relative paths stay relative (to the checkout, as code
    /// scanning reads them), absolute ones become `file://` URIs; other than letters, digits and
    /// `-._~/`, bytes are percent-encoded.
    public static func uri(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if unreserved.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
