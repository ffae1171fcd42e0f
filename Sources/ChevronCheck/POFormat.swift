import Foundation

/// gettext PO (`de.po`, `de/LC_MESSAGES/app.po`): each entry's `msgstr`, keyed by its `msgid`
/// (with its `msgctxt`, `context|msgid`), its `#.` comments its comment for translators
/// (`--titles-comment`). A plural entry (`msgid_plural`) gives a row per `msgstr[n]`, named by
/// the CLDR category of the counts the header's `Plural-Forms` sends to it (`key (plural one)`),
/// its count a number of that category. An entry marked `fuzzy`, or with an empty `msgstr`, is
/// untranslated: counted, not checked. The language is the header's `Language`, else the file's
/// or its folder's name. Obsolete entries (`#~`) and the header are not titles.
enum POFormat {
    /// One entry as the file writes it.
    private struct Entry {
        var context: String?
        var id: String?
        var idPlural: String?
        var translations: [Int: String] = [:]
        var comments: [String] = []
        var fuzzy = false
        /// The line of its `msgstr` (the first, for a plural entry), else its `msgid`.
        var line = 0
        var idLine = 0
    }

    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        var entries: [Entry] = []
        var current = Entry()
        var started = false
        /// Where the last string continues: the field a `"…"` line adds to.
        enum Field { case context, id, idPlural, translation(Int) }
        var field: Field?
        func finish() {
            if started, current.id != nil { entries.append(current) }
            current = Entry()
            started = false
            field = nil
        }
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty {
                if started, current.translations.isEmpty == false { finish() }
                continue
            }
            if trimmed.hasPrefix("#") {
                // A comment starts the next entry once this one has its translation.
                if !current.translations.isEmpty { finish() }
                if trimmed.hasPrefix("#~") { continue }  // obsolete
                if trimmed.hasPrefix("#.") {
                    current.comments.append(String(trimmed.dropFirst(2).drop { $0 == " " }))
                } else if trimmed.hasPrefix("#,") {
                    let flags = trimmed.dropFirst(2).split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    if flags.contains("fuzzy") { current.fuzzy = true }
                }
                started = true
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard let field else {
                    throw TitleFileError(file: file, line: number, reason: "a string with no msgid or msgstr before it")
                }
                let value = try string(trimmed, file: file, line: number)
                switch field {
                case .context: current.context = (current.context ?? "") + value
                case .id: current.id = (current.id ?? "") + value
                case .idPlural: current.idPlural = (current.idPlural ?? "") + value
                case .translation(let index): current.translations[index, default: ""] += value
                }
                continue
            }
            let keyword = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
            let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            if keyword == "msgctxt" || (keyword == "msgid" && current.id != nil && !current.translations.isEmpty) {
                if !current.translations.isEmpty { finish() }
            }
            let value = try string(rest, file: file, line: number)
            started = true
            switch keyword {
            case "msgctxt":
                current.context = value
                field = .context
            case "msgid":
                current.id = value
                current.idLine = number
                field = .id
            case "msgid_plural":
                current.idPlural = value
                field = .idPlural
            case "msgstr":
                current.translations[0] = value
                if current.line == 0 { current.line = number }
                field = .translation(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let index = Int(keyword.dropFirst("msgstr[".count).dropLast()), index >= 0
                else {
                    throw TitleFileError(file: file, line: number, reason: "\"\(keyword)\" is not a PO keyword")
                }
                current.translations[index] = value
                if current.line == 0 { current.line = number }
                field = .translation(index)
            }
        }
        finish()

        // The header: the entry whose msgid is empty.
        let header = entries.first { $0.id == "" && $0.context == nil }?.translations[0] ?? ""
        let headerFields = Dictionary(
            header.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    line[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }, uniquingKeysWith: { first, _ in first })
        let language = (headerFields["language"].flatMap { $0.isEmpty ? nil : $0 } ?? languageOfPath(file))
            .flatMap(TitleFile.languageTag)
        var plurals: PluralForms?
        if let text = headerFields["plural-forms"] {
            do {
                plurals = try PluralForms(text)
            } catch {
                throw TitleFileError(file: file, line: 1, reason: "Plural-Forms: \(error.reason)")
            }
        }

        var result: [TitleEntry] = []
        // Each form index's category, worked out once per file (it evaluates 1,001 counts).
        var categories: [Int: String?] = [:]
        for entry in entries where !(entry.id == "" && entry.context == nil) {
            let id = entry.id ?? ""
            let key = entry.context.map { "\($0)|\(id)" } ?? id
            let comment = entry.comments.isEmpty ? nil : entry.comments.joined(separator: "\n")
            let line = entry.line == 0 ? entry.idLine : entry.line
            func make(_ key: String, _ title: String) -> TitleEntry {
                var made = TitleEntry(file: file, line: line, key: key, title: title, language: language)
                made.comment = comment
                made.isUntranslated = entry.fuzzy || title.isEmpty
                return made
            }
            guard entry.idPlural != nil else {
                result.append(make(key, entry.translations[0] ?? ""))
                continue
            }
            // A row per msgstr[n], named by the category of the counts Plural-Forms sends to n.
            let indices = entry.translations.keys.sorted()
            var used: [String: Int] = [:]
            for index in indices {
                let text = entry.translations[index] ?? ""
                let category: String?
                if let known = categories[index] {
                    category = known
                } else {
                    category = plurals?.category(of: index, language: language)
                    categories[index] = category
                }
                var label = category.map { "plural \($0)" } ?? "plural [\(index)]"
                used[label, default: 0] += 1
                if used[label, default: 0] > 1 { label += " [\(index)]" }
                var row = make(
                    "\(key) (\(label))", category.map { PluralVariations.pluralForm(text, category: $0) } ?? text)
                row.isUntranslated = entry.fuzzy || text.isEmpty
                result.append(row)
            }
        }
        return result
    }

    /// A PO string: `"…"` with C escapes (`\"`, `\\`, `\n`, `\t`, octal and `\x` bytes).
    private static func string(_ text: Substring, file: String, line: Int) throws(TitleFileError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else {
            throw TitleFileError(file: file, line: line, reason: "a string is not in double quotes")
        }
        var bytes: [UInt8] = []
        var scalars = Array(trimmed.dropFirst().dropLast().unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                bytes += Array(String(scalar).utf8)
                continue
            }
            guard let escaped = scalars.popFirst() else {
                throw TitleFileError(file: file, line: line, reason: "a string ends with a lone \\")
            }
            switch escaped {
            case "n": bytes.append(0x0A)
            case "t": bytes.append(0x09)
            case "r": bytes.append(0x0D)
            case "a": bytes.append(0x07)
            case "b": bytes.append(0x08)
            case "f": bytes.append(0x0C)
            case "v": bytes.append(0x0B)
            case "x":
                var value = 0
                var digits = 0
                while let next = scalars.first, let digit = Int(String(next), radix: 16), digits < 2 {
                    value = value * 16 + digit
                    digits += 1
                    scalars.removeFirst()
                }
                bytes.append(UInt8(value))
            case "0"..."7":
                var value = Int(escaped.value - 48)
                var digits = 1
                while let next = scalars.first, ("0"..."7").contains(next), digits < 3 {
                    value = value * 8 + Int(next.value - 48)
                    digits += 1
                    scalars.removeFirst()
                }
                bytes.append(UInt8(value & 0xFF))
            default: bytes += Array(String(escaped).utf8)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw TitleFileError(file: file, line: line, reason: "a string's escapes are not UTF-8")
        }
        return decoded
    }

    /// The language a PO file's name or folder says: `de.po`, `pt_BR.po`, `de/LC_MESSAGES/app.po`.
    static func languageOfPath(_ path: String) -> String? {
        let components = path.split(separator: "/").map(String.init)
        guard let name = components.last else { return nil }
        let stem = (name as NSString).deletingPathExtension
        if TitleFile.languageTag(stem) != nil, stem.count <= 12 { return stem }
        if components.count >= 3, components[components.count - 2] == "LC_MESSAGES" {
            return components[components.count - 3]
        }
        return nil
    }
}

extension POFormat: CatalogueReader {
    static let name = "po"
    static let described = "gettext .po"
    static let extensions = ["po"]

    /// A text whose lines start with `msgid "`.
    static func shows(_ text: String) -> Bool {
        text.hasPrefix("msgid \"") || text.contains("\nmsgid \"")
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file)
    }
}

/// gettext's `Plural-Forms: nplurals=2; plural=(n != 1);`: the C expression that sends a count
/// to the index of its form, read and evaluated here.
struct PluralForms {
    struct Failure: Error {
        let reason: String
    }

    let count: Int
    private let expression: Expression

    indirect enum Expression {
        case n
        case number(Int)
        case unary(String, Expression)
        case binary(String, Expression, Expression)
        case conditional(Expression, Expression, Expression)

        func evaluate(_ n: Int) -> Int {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .unary(_, let operand): return operand.evaluate(n) == 0 ? 1 : 0
            case .conditional(let test, let then, let otherwise):
                return test.evaluate(n) != 0 ? then.evaluate(n) : otherwise.evaluate(n)
            case .binary(let symbol, let left, let right):
                let (a, b) = (left.evaluate(n), right.evaluate(n))
                switch symbol {
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "&&": return a != 0 && b != 0 ? 1 : 0
                case "||": return a != 0 || b != 0 ? 1 : 0
                // Wrapping arithmetic, and 0 for what C leaves undefined (÷ 0, Int.min ÷ −1): a
                // header's expression never traps the reader.
                case "%": return b == 0 || b == -1 ? 0 : a % b
                case "+": return a &+ b
                case "-": return a &- b
                case "*": return a &* b
                case "/": return b == 0 ? 0 : b == -1 ? 0 &- a : a / b
                default: return 0
                }
            }
        }
    }

    init(_ header: String) throws(Failure) {
        var count: Int?
        var expression: Expression?
        for part in header.split(separator: ";") {
            let assignment = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard assignment.count == 2 else { continue }
            if assignment[0] == "nplurals" {
                count = Int(assignment[1])
            } else if assignment[0] == "plural" {
                var parser = Parser(tokens: try Self.tokens(assignment[1]))
                expression = try parser.conditional()
                guard parser.position == parser.tokens.count else {
                    throw Failure(reason: "unexpected text after the expression")
                }
            }
        }
        guard let count, count >= 1, let expression else { throw Failure(reason: "no nplurals or plural") }
        self.count = count
        self.expression = expression
    }

    /// The form index of the count `n`.
    func index(of n: Int) -> Int { expression.evaluate(n) }

    /// The CLDR category of the counts (0 to 1,000) the expression sends to `index`, in
    /// `language`: the category most of them have (nil when none is sent there).
    func category(of index: Int, language: String?) -> String? {
        var tally: [String: Int] = [:]
        for n in 0...1000 where self.index(of: n) == index {
            tally[PluralRules.category(of: n, language: language), default: 0] += 1
        }
        // "one" before "other" on a tie: the form for 1 is the one form of the counts it takes.
        let order = PluralRules.categories
        return tally.max {
            ($0.value, -(order.firstIndex(of: $0.key) ?? 9)) < ($1.value, -(order.firstIndex(of: $1.key) ?? 9))
        }?
        .key
    }

    private static func tokens(_ text: String) throws(Failure) -> [String] {
        var tokens: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if ("0"..."9").contains(scalar) {
                var number = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    number.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(number)
            } else if scalar == "n" {
                tokens.append("n")
                index += 1
            } else {
                let two = index + 1 < scalars.count ? String(scalar) + String(scalars[index + 1]) : ""
                if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
                    tokens.append(two)
                    index += 2
                } else if "()?:<>%!+-*/".unicodeScalars.contains(scalar) {
                    tokens.append(String(scalar))
                    index += 1
                } else {
                    throw Failure(reason: "\"\(scalar)\" has no place in a plural expression")
                }
            }
        }
        return tokens
    }

    /// C's precedence: `?:`, `||`, `&&`, equality, relations, additive, multiplicative, unary.
    private struct Parser {
        let tokens: [String]
        var position = 0
        /// Levels of `?:`, `(` and `!` open: past `maximumNesting` the expression is refused (the
        /// reader recurses once per level).
        var nesting = 0
        static let maximumNesting = 32

        private mutating func enter() throws(Failure) {
            nesting += 1
            guard nesting <= Self.maximumNesting else {
                throw Failure(reason: "the expression is nested more than \(Self.maximumNesting) deep")
            }
        }

        mutating func conditional() throws(Failure) -> Expression {
            try enter()
            defer { nesting -= 1 }
            let test = try binary(level: 0)
            guard peek == "?" else { return test }
            position += 1
            let then = try conditional()
            guard peek == ":" else { throw Failure(reason: "a ? without its :") }
            position += 1
            return .conditional(test, then, try conditional())
        }

        private static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
        ]

        private var peek: String? { position < tokens.count ? tokens[position] : nil }

        private mutating func binary(level: Int) throws(Failure) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level: level + 1)
            while let symbol = peek, Self.levels[level].contains(symbol) {
                position += 1
                left = .binary(symbol, left, try binary(level: level + 1))
            }
            return left
        }

        private mutating func unary() throws(Failure) -> Expression {
            guard let token = peek else { throw Failure(reason: "the expression ends too soon") }
            position += 1
            switch token {
            case "!":
                try enter()
                defer { nesting -= 1 }
                return .unary("!", try unary())
            case "n": return .n
            case "(":
                let inner = try conditional()
                guard peek == ")" else { throw Failure(reason: "a ( without its )") }
                position += 1
                return inner
            default:
                guard let value = Int(token) else { throw Failure(reason: "\"\(token)\" has no place there") }
                return .number(value)
            }
        }
    }
}
