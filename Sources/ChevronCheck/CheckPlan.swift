import ChevronJSON
import ChevronVarlink
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one `chevron check` run does: the files, looks and filters of a project file
/// (`--config chevron-check.json`) with the command line's options added to them.
public struct CheckPlan: Sendable {
    /// What fails a run (`--fail-on`, the project file's `failOn`): a title not shown in full
    /// (`truncate`), replaced by another title or nothing (`fallback`), with glyphs no font covers
    /// (`missing`), not shown in full within its own width limit or longer than its own length
    /// limit (`limit`), holding a line break (`line-break`), or any of these (`any`).
    public enum FailOn: String, CaseIterable, Sendable {
        case truncate, fallback, missing, limit, any
        case lineBreak = "line-break"
        /// Fits, but within the substitution margin of its limit (not part of `any`).
        case nearLimit = "near-limit"
    }

    /// A project file that cannot be used: the file, the field and what is wrong with it.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {}

    public var files: [String] = []
    public var looks: [String] = []
    /// Key patterns (shell globs, `*.title`); a title is checked when its key matches one.
    public var keys: [String] = []
    /// Languages to check (`de`, `zh-Hans`), matched as `LanguageTag.admits` says: `de` also
    /// admits `de-CH`, `zh-Hans` admits `zh-CN`, `he` admits a file that says `iw`.
    public var onlyLanguages: [String] = [] {
        didSet { languageFilters = onlyLanguages.map { LanguageTag($0) } }
    }
    /// `onlyLanguages` read once, as a check matches every title against them.
    private var languageFilters: [LanguageTag?] = []
    public var samples = PlaceholderSamples()
    public var failOn: [CheckPlan.FailOn] = []
    /// A rule's threshold (`--fail-on truncate>20`): the rule fails the run only when more rows
    /// than this break it, so that a team can lower it release by release.
    public var failThresholds: [FailOn: Int] = [:]
    /// The most results a SARIF report holds (`--max-results`).
    public var maxResults = CheckSARIF.defaultMaxResults

    /// Adds a `--fail-on` rule, `RULE` or `RULE>N`.
    /// - Throws: `Problem` when the rule is none, or the threshold no whole number.
    public mutating func addFailOn(_ option: String) throws(Problem) {
        let parts = option.split(separator: ">", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let rule = FailOn(rawValue: parts[0]) else {
            throw Problem(
                description:
                    "\"\(option)\": \(parts[0]) is not one of \(FailOn.allCases.map(\.rawValue).joined(separator: ", ")) "
                    + "(RULE, or RULE>N to fail only past N rows)")
        }
        if parts.count == 2 {
            guard let threshold = Int(parts[1]), threshold >= 0 else {
                throw Problem(description: "\"\(option)\": \(parts[1]) is not a whole number of rows")
            }
            failThresholds[rule] = threshold
        }
        if !failOn.contains(rule) { failOn.append(rule) }
    }
    public var language: String?
    /// The generic title of the fallback chain for titles in no language named in
    /// `genericTitles` (the engine's own, "Back", when nil).
    public var genericTitle: String?
    /// Generic titles by language (`de` → `Zurück`); `de` also serves `de-CH`.
    public var genericTitles: [String: String] = [:]
    /// The devices to measure looks that their bar sizes on (`--device`; `all`; none is the
    /// default device).
    public var deviceNames: [String] = []
    /// Screens (the project file's `screens`): a back title's key → the keys of the screens it
    /// leads back from, whose titles, in the back title's language, sit beside it in the bar.
    public var screens: [String: [String]] = [:]
    /// Devices the project adds to the built-in ones (its `devices` field: name → width in points).
    public var devices: [ProjectDevice] = []
    public var inputFormat: TitleFormat?
    /// Whether titles are measured as a device shows them, their markup taken out
    /// (`TitleMarkup`), or as written (`--markup none`).
    public var markup = MarkupReading.shown

    /// Users and groups (names or numbers) whose chevrond the CLI trusts besides root and
    /// itself (the project file's `trustUsers`, `trustGroups`; `--trust-user`, `--trust-group`).
    public var trustUsers: [String] = []
    public var trustGroups: [String] = []

    /// How a check reads markup in titles (`--markup`).
    public enum MarkupReading: String, CaseIterable, Sendable {
        /// SwiftUI's Markdown and Android's HTML are taken out: the text a device shows is measured.
        case shown
        /// Every title is measured as its file writes it, markers included.
        case none
    }
    public var format = CheckOutputFormat.text
    /// Key patterns of a titles list (`--titles FILE`, the project file's `titles`): with `keys`
    /// and `titlesComment`, which strings are back-button titles.
    public var titles: [String] = []
    /// A regular expression a string's comment for translators matches when it is a back-button
    /// title (`--titles-comment`: "nav title").
    public var titlesComment: String? {
        didSet { commentPattern = titlesComment.flatMap { try? CommentPattern($0) } }
    }
    /// The comment pattern compiled: matched in time linear in the comment (`CommentPattern`).
    private var commentPattern: CommentPattern?

    /// Whether some selector (`keys`, `titles`, `titlesComment`) says which strings are titles;
    /// without one, every string is.
    public var selects: Bool { !keys.isEmpty || !titles.isEmpty || titlesComment != nil }

    /// Adds the patterns of a titles list: one key or shell pattern a line, `#` starting a
    /// comment, blank lines skipped.
    /// - Throws: `Problem` when the file cannot be read.
    public mutating func addTitles(file path: String) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "--titles \(path): cannot be read")
        }
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let pattern = (line.firstIndex(of: "#").map { line[..<$0] } ?? line[...])
                .trimmingCharacters(in: .whitespaces)
            if !pattern.isEmpty { titles.append(pattern) }
        }
    }

    /// Sets the comment pattern.
    /// - Throws: `Problem` when it is not a regular expression `CommentPattern` reads, saying why.
    public mutating func setTitlesComment(_ pattern: String) throws(Problem) {
        do {
            _ = try CommentPattern(pattern)
        } catch {
            throw Problem(description: "--titles-comment \(pattern): \(error.description)")
        }
        titlesComment = pattern
    }

    /// A baseline file (`--baseline`): the problems it holds are accepted; only new ones fail.
    public var baseline: String?
    /// Where to write this run's problems as a baseline (`--write-baseline`).
    public var writeBaseline: String?
    /// A git revision: only the keys whose value, in any language, changed since it are checked
    /// (`--changed-since`, `ChangedKeys`).
    public var changedSince: String?
    /// The most a file and a title may hold (`--max-file-mib`, `--max-title-bytes`).
    public var limits = ReadLimits()

    /// The fields of a project file: what `load` reads, and all it reads (it reads a field by its
    /// case, so a field it reads cannot be missing here); any other is reported.
    public enum ProjectField: String, CaseIterable, Sendable {
        case files, looks, keys, languages, samples, failOn, language, genericTitle, inputFormat, format, baseline
        case titles, titlesComment, devices, screens, maxFileMiB, maxTitleBytes, markup, trustUsers, trustGroups
    }

    /// The names of the project file's fields, sorted: what `chevron help check` lists.
    public static let fields: [String] = ProjectField.allCases.map(\.rawValue).sorted()

    /// Sets the command line's limits that are given: the most SARIF results (`--max-results`),
    /// and the most a file and a title may hold (`--max-file-mib`, `--max-title-bytes`).
    /// - Throws: `Problem` naming the option and its range.
    public mutating func setLimits(maxResults: Int?, fileMiB: Int?, titleBytes: Int?) throws(Problem) {
        if let maxResults {
            guard (1...CheckSARIF.hardMaxResults).contains(maxResults) else {
                throw Problem(description: "--max-results \(maxResults): give 1 to \(CheckSARIF.hardMaxResults)")
            }
            self.maxResults = maxResults
        }
        if let fileMiB {
            limits.fileMiB = try Self.limit(fileMiB, "--max-file-mib", largest: ReadLimits.largestFileMiB)
        }
        if let titleBytes {
            limits.titleBytes = try Self.limit(titleBytes, "--max-title-bytes", largest: ReadLimits.largestTitleBytes)
        }
    }

    /// `value` as a limit of `name` (an option or a project file's field): a whole number from 1
    /// to `largest`.
    /// - Throws: `Problem` saying what the limit must be.
    public static func limit(_ value: Int, _ name: String, largest: Int) throws(Problem) -> Int {
        guard (1...largest).contains(value) else {
            throw Problem(description: "\(name) must be a whole number from 1 to \(largest)")
        }
        return value
    }

    /// A project file's limit: a JSON number that is a whole number from 1 to `largest`.
    static func limit(_ value: JSONValue, _ name: String, largest: Int) throws -> Int {
        guard case .number(let number) = value, number.rounded() == number, number >= 1, number <= Double(largest)
        else { throw Problem(description: "\(name) must be a whole number from 1 to \(largest)") }
        return Int(number)
    }

    /// The plan with its `language`, `onlyLanguages` and the languages of `genericTitles` in
    /// canonical BCP 47 form (`iw` → `he`, `pt_BR` → `pt-BR`), as the titles' languages are read.
    /// - Throws: `Problem` naming a value that is not a language tag.
    public func canonicalizingLanguages() throws -> CheckPlan {
        func canonical(_ tag: String, _ option: String) throws -> String {
            guard let canonical = TitleFile.languageTag(tag) else {
                throw Problem(description: "\(option) \(tag) is not a BCP 47 language tag (de, zh-Hans, pt-BR)")
            }
            return canonical
        }
        var plan = self
        plan.language = try language.map { try canonical($0, "--language") }
        plan.onlyLanguages = try onlyLanguages.map { try canonical($0, "--only-language") }
        plan.genericTitles = [:]
        for (language, title) in genericTitles.sorted(by: { $0.key < $1.key }) {
            plan.genericTitles[try canonical(language, "--generic-title")] = title
        }
        return plan
    }

    /// The project file's plan: relative paths in it are relative to the file's folder.
    /// - Throws: `Problem` naming the file and the field that is wrong.
    public static func load(_ path: String) throws -> CheckPlan {
        func problem(_ field: String, _ reason: String) -> Problem {
            Problem(description: field.isEmpty ? "\(path): \(reason)" : "\(path): \(field): \(reason)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw problem("", "cannot be read") }
        return try load(data, path: path)
    }

    /// The plan of a project file's bytes `data`, named `path` (whose folder relative paths are
    /// relative to): what `load(_:)` reads, and what the project fuzz target gives arbitrary bytes.
    /// - Throws: `Problem` naming the file and the field that is wrong.
    public static func load(_ data: Data, path: String) throws -> CheckPlan {
        func problem(_ field: String, _ reason: String) -> Problem {
            Problem(description: field.isEmpty ? "\(path): \(reason)" : "\(path): \(field): \(reason)")
        }
        let parsed: JSONValue
        do {
            parsed = try data.withUnsafeBytes { bytes throws(JSONParseError) in try JSONParser.parse(bytes) }
        } catch { throw problem("", "is not JSON: \(error)") }
        guard case .object(let members) = parsed else { throw problem("", "is not a JSON object") }
        // The parser refuses a key given twice, so the members make a dictionary.
        var object: [ProjectField: JSONValue] = [:]
        for member in members.sorted(by: { $0.key < $1.key }) {
            guard let field = ProjectField(rawValue: member.key) else {
                throw problem(member.key, "is not a field; fields: \(fields.joined(separator: ", "))")
            }
            object[field] = member.value
        }
        func text(_ value: JSONValue) -> String? {
            if case .string(let text) = value { return text }
            return nil
        }
        /// An object whose every value is a string, else nil.
        func table(_ value: JSONValue) -> [(key: String, value: String)]? {
            guard case .object(let members) = value else { return nil }
            let texts = members.compactMap { member in text(member.value).map { (key: member.key, value: $0) } }
            return texts.count == members.count ? texts : nil
        }
        func strings(_ field: ProjectField) throws -> [String] {
            guard let value = object[field] else { return [] }
            guard case .array(let elements) = value else {
                throw problem(field.rawValue, "must be an array of strings")
            }
            let list = elements.compactMap(text)
            guard list.count == elements.count else { throw problem(field.rawValue, "must be an array of strings") }
            return list
        }
        func string(_ field: ProjectField) throws -> String? {
            guard let value = object[field] else { return nil }
            guard let text = text(value) else { throw problem(field.rawValue, "must be a string") }
            return text
        }
        var plan = CheckPlan()
        let folder = (path as NSString).deletingLastPathComponent
        plan.files = try strings(.files).map { file in
            file.hasPrefix("/") || file == "-" || folder.isEmpty
                ? file : (folder as NSString).appendingPathComponent(file)
        }
        plan.looks = try strings(.looks)
        plan.trustUsers = try strings(.trustUsers)
        plan.trustGroups = try strings(.trustGroups)
        plan.keys = try strings(.keys)
        // The baseline, like the files, is relative to the project file.
        plan.baseline = try string(.baseline).map { file in
            file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
        }
        plan.onlyLanguages = try strings(.languages)
        // Titles: patterns, or a titles list's path (relative to the project file).
        if let list = object[.titles].flatMap(text) {
            do {
                try plan.addTitles(
                    file: list.hasPrefix("/") || folder.isEmpty
                        ? list : (folder as NSString).appendingPathComponent(list))
            } catch { throw problem("titles", error.description) }
        } else {
            plan.titles = try strings(.titles)
        }
        if let pattern = try string(.titlesComment) {
            do { try plan.setTitlesComment(pattern) } catch { throw problem("titlesComment", error.description) }
        }
        for rule in try strings(.failOn) {
            do { try plan.addFailOn(rule) } catch { throw problem("failOn", error.description) }
        }
        plan.language = try string(.language)
        if let value = object[.screens] {
            let shape =
                "must map a back title's key to the keys of its screens ({\"settings.back\": [\"privacy.title\"]})"
            guard case .object(let members) = value else { throw problem("screens", shape) }
            for (key, screens) in members {
                guard case .array(let elements) = screens else { throw problem("screens", shape) }
                let keys = elements.compactMap(text)
                guard keys.count == elements.count, !keys.isEmpty else { throw problem("screens", shape) }
                plan.screens[key, default: []] += keys
            }
        }
        if let value = object[.devices] {
            let shape = "must map a device's name to its bar's width in points ({\"pixel-9\": 412})"
            guard case .object(let members) = value else { throw problem("devices", shape) }
            for (name, width) in members {
                guard case .number(let points) = width else { throw problem("devices", shape) }
                do {
                    plan.devices.append(try ProjectDevice(name: name, width: points))
                } catch { throw problem("devices", error.description) }
            }
        }
        // One generic title ("Back"), or one per language ({"de": "Zurück", "*": "Back"}).
        if let value = object[.genericTitle] {
            if let title = text(value) {
                plan.genericTitle = title
            } else if let table = table(value) {
                for (language, title) in table {
                    if language == "*" { plan.genericTitle = title } else { plan.genericTitles[language] = title }
                }
            } else {
                throw problem(
                    "genericTitle", "must be a string, or an object of language to title (\"de\": \"Zurück\")")
            }
        }
        if let value = try string(.markup) {
            guard let reading = MarkupReading(rawValue: value) else {
                throw problem("markup", "\"\(value)\" is not one of \(MarkupReading.allCases.map(\.rawValue))")
            }
            plan.markup = reading
        }
        if let format = try string(.inputFormat) {
            guard let known = TitleFormat(rawValue: format) else {
                throw problem("inputFormat", "\"\(format)\" is not one of \(TitleFormat.allCases.map(\.rawValue))")
            }
            plan.inputFormat = known
        }
        if let format = try string(.format) {
            guard let known = CheckOutputFormat(rawValue: format) else {
                throw problem("format", "\"\(format)\" is not one of \(CheckOutputFormat.allCases.map(\.rawValue))")
            }
            plan.format = known
        }
        if let value = object[.maxFileMiB] {
            plan.limits.fileMiB = try limit(value, "\(path): maxFileMiB", largest: ReadLimits.largestFileMiB)
        }
        if let value = object[.maxTitleBytes] {
            plan.limits.titleBytes = try limit(value, "\(path): maxTitleBytes", largest: ReadLimits.largestTitleBytes)
        }
        if let samples = object[.samples] {
            // A placeholder's sample for every key ("%lld": "12345"), or a key pattern's own
            // samples ("unread.*": {"%d": "3"}).
            let shape = "must map a placeholder to a sample (\"%@\": \"Alexandra\") or a key pattern to such an object"
            guard case .object(let members) = samples else { throw problem("samples", shape) }
            var assignments: [String] = []
            for (name, value) in members {
                if let value = text(value) {
                    assignments.append("\(name)=\(value)")
                } else if let perKey = table(value) {
                    assignments += perKey.map { "\(name):\($0.key)=\($0.value)" }
                } else {
                    throw problem("samples", shape)
                }
            }
            for assignment in assignments.sorted() {
                do { try plan.samples.set(assignment) } catch { throw problem("samples", "\(error)") }
            }
        }
        return plan
    }

    /// Sets a generic title from `--generic-title`: `LANGUAGE=TITLE` (`de=Zurück`) for one
    /// language, else `TITLE` for the others.
    public mutating func setGenericTitle(_ option: String) {
        if let equals = option.firstIndex(of: "="), TitleFile.languageTag(String(option[..<equals])) != nil {
            genericTitles[String(option[..<equals])] = String(option[option.index(after: equals)...])
        } else {
            genericTitle = option
        }
    }

    /// The generic title for a title in `language`: the one of the most specific tag that admits
    /// it (`de` admits `de-CH`, `zh-Hans` admits `zh-CN`), else `genericTitle`.
    public func genericTitle(for language: String?) -> String? {
        guard let language, !genericTitles.isEmpty, let wanted = LanguageTag(language) else { return genericTitle }
        // Matched as --only-language matches (by likely subtags: zh-Hans serves zh-CN), the
        // most specific tag winning.
        let best = genericTitles.compactMap { tag, title in
            LanguageTag(tag).flatMap { $0.admits(wanted) ? (tag, title) : nil }
        }.max { $0.0.count < $1.0.count }
        return best?.1 ?? genericTitle
    }

    /// One of the plan's filters: a key pattern or a language (as given, and read).
    enum Filter: CustomStringConvertible {
        case key(String)
        case language(String, LanguageTag?)

        /// Whether `entry` passes this filter.
        func matches(_ entry: TitleEntry) -> Bool {
            switch self {
            case .key(let pattern):
                return CheckPlan.glob(pattern, matches: entry.key) || CheckPlan.glob(pattern, matches: entry.baseKey)
            case .language(let wanted, let filter):
                // A title's language is canonical, as the file reader wrote it.
                guard let language = entry.language else { return false }
                return language == wanted || filter?.admits(canonical: language) == true
            }
        }

        var description: String {
            switch self {
            case .key(let pattern): "--key \(pattern)"
            case .language(let language, _): "--only-language \(language)"
            }
        }
    }

    /// The key patterns and languages, each a filter.
    var filters: [Filter] { keys.map(Filter.key) + zip(onlyLanguages, languageFilters).map(Filter.language) }

    /// Whether `entry` is to be checked: it is selected (`selects`), and its language is one
    /// asked for (when any are).
    public func admits(_ entry: TitleEntry) -> Bool {
        isSelected(entry) && isInLanguage(entry)
    }

    /// Whether `entry` is a back-button title by the selectors: its key matches a `--key` or
    /// titles pattern, or its comment the comment pattern (any of them; every entry without a
    /// selector). A key matches by its whole text or by its name before a variant
    /// (`settings.title` of `settings.title (de, plural one)` or `tabs[2]`).
    /// - Parameter commented: whether the comment pattern selects the entry, where the check
    ///   decided it for the entry's catalogue set (`CheckRun`); nil to match the entry's own comment.
    public func isSelected(_ entry: TitleEntry, commented: Bool? = nil) -> Bool {
        guard selects else { return true }
        if keys.contains(where: { Filter.key($0).matches(entry) }) { return true }
        if titles.contains(where: { Filter.key($0).matches(entry) }) { return true }
        return commented ?? commentMatches(entry)
    }

    /// Whether `entry`'s comment matches the comment pattern (`--titles-comment`).
    func commentMatches(_ entry: TitleEntry) -> Bool {
        guard let commentPattern, let comment = entry.comment else { return false }
        return commentPattern.matches(comment)
    }

    /// Whether `entry` is in a language `--only-language` asks for (every entry without one).
    public func isInLanguage(_ entry: TitleEntry) -> Bool {
        if !onlyLanguages.isEmpty,
            !zip(onlyLanguages, languageFilters).contains(where: { Filter.language($0, $1).matches(entry) })
        {
            return false
        }
        return true
    }

    /// Whether the shell pattern matches the whole text (fnmatch(3)).
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}

/// A device a project file declares: a name and its bar's width (docs/looks.md, "Devices").
public struct ProjectDevice: Sendable, Hashable {
    /// The name `--device` takes.
    public let name: String
    /// The bar's width in points.
    public let width: Double

    /// The widest bar a device may have, as a request's `barWidth`.
    public static let largestWidth = 4096.0

    /// Checks and makes a device.
    /// - Throws: `CheckPlan.Problem` when the name is not 1–64 lowercase letters, digits and hyphens, or the
    ///   width is not in 1…4096 points.
    public init(name: String, width: Double) throws(CheckPlan.Problem) {
        guard (1...64).contains(name.utf8.count),
            name.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        else {
            throw CheckPlan.Problem(
                description: "\(name.debugDescription) is not a device name (1-64 lowercase letters, digits, hyphens)")
        }
        guard width.isFinite, width >= 1, width <= Self.largestWidth else {
            throw CheckPlan.Problem(
                description: "\(name): \(width) is not a width in 1...\(Int(Self.largestWidth)) points")
        }
        self.name = name
        self.width = width
    }
}
