import Foundation

/// The sample values format placeholders are measured with: a title like `%@ Follower` is
/// measured as a user would see it, `Alex Smith Follower`, not with its literal `%@`.
///
/// Every catalogue format of Apple and Android uses printf's conversions (`%@ %s %d %i %u %ld
/// %lld %f %.2f`, positional `%1$@`, Android's `%1$s`; not the space flag, so that "50% off"
/// stays as it is), each filled by its kind: a string, an integer, or a real number (written with
/// the placeholder's precision). `%%` is a percent sign. CSV and plain-line files, which belong to
/// no platform, also take ICU MessageFormat's simple arguments (`{name}`, `{0}`) and numbered
/// ones (`$1`). The defaults are chosen, not sourced: a short name, a three-digit count, and pi
/// (printf writes `%f` with six places, `%.2f` with two).
///
/// A sample set for a placeholder applies to that placeholder as written, without its flags,
/// width and precision: `%lld=12345` fills `%lld` and `%1$lld`, not `%d`; `%1$@=Anna` fills only
/// the first argument's `%1$@`. One set for `KEY:PLACEHOLDER` applies to the keys matching the
/// shell pattern `KEY` only (`unread.*:%d=3`), and wins over one for every key.
public struct PlaceholderSamples: Sendable, Hashable {
    /// What `%@`, `%s` and `%c` become.
    public var string = "Alex Smith"
    /// What `%d`, `%i`, `%u`, `%ld`, `%lld` (and `%x`, `%o`) become.
    public var integer = "128"
    /// What `%f`, `%e`, `%g` become, formatted as the placeholder says (`%.2f` → 3.14, `%f` →
    /// 3.141590).
    public var real = 3.14159
    /// Samples for one placeholder as written (its spelling: `%lld`, `%1$@`, `{name}`).
    private var bySpelling: [String: String] = [:]
    /// Samples for the keys matching a pattern, by spelling, in the order they were set.
    private var byKey: [KeySamples] = []

    private struct KeySamples: Sendable, Hashable {
        let pattern: String
        var bySpelling: [String: String]
    }

    /// The defaults.
    public init() {}

    /// Sets a sample from `[KEY:]PLACEHOLDER=VALUE` (`%@=Alexandra Wilhelmina`, `%lld=10000`,
    /// `%.2f=2.5`, `followers.*:%d=3`).
    /// - Throws: a reason when there is no `=`, the placeholder is not one (`%q`), or a real
    ///   number's value is not a number.
    public mutating func set(_ assignment: String) throws(PlaceholderError) {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw PlaceholderError("\"\(assignment)\" is not PLACEHOLDER=VALUE (for example %@=Alexandra)")
        }
        var placeholder = String(assignment[..<equals])
        let value = String(assignment[assignment.index(after: equals)...])
        var pattern: String?
        // A key pattern before the placeholder: `KEY:%d`; a placeholder starts with % { or $.
        if let colon = placeholder.lastIndex(of: ":"),
            let start = placeholder[placeholder.index(after: colon)...].first, "%{$".contains(start)
        {
            pattern = String(placeholder[..<colon])
            placeholder = String(placeholder[placeholder.index(after: colon)...])
        }
        let scalars = placeholder.unicodeScalars[...]
        guard let (parsed, rest) = Placeholder.read(scalars, generic: true), rest.isEmpty, parsed.kind != .percent
        else {
            throw PlaceholderError(
                "\(placeholder) is not a placeholder (%@ %s %d %i %u %ld %lld %f, with a position %1$@, or {name}, $1)")
        }
        if parsed.kind == .real, Double(value)?.isFinite != true {
            throw PlaceholderError("\(placeholder)=\(value): the value is not a number")
        }
        if let pattern {
            if let index = byKey.firstIndex(where: { $0.pattern == pattern }) {
                byKey[index].bySpelling[parsed.spelling] = value
            } else {
                byKey.append(KeySamples(pattern: pattern, bySpelling: [parsed.spelling: value]))
            }
        } else {
            bySpelling[parsed.spelling] = value
        }
    }

    /// `text` with every placeholder replaced by its sample (for `key`, in `language`); text
    /// that is no placeholder (a lone `%`, `%` before a letter no conversion has) stays as it is.
    /// A plural form's number (marked by the reader, `PluralVariations.marker`) becomes a number
    /// of its category in `language` (`PluralRules.sample`).
    /// - Parameter generic: also read `{name}` and `$1` (CSV and plain lines).
    /// - Throws: a reason naming a placeholder that cannot be filled: a `%#@name@` plural
    ///   substitution no rule defines, or a plural category with no whole number.
    public func expand(
        _ text: String, key: String = "", language: String? = nil, generic: Bool = false
    ) throws(PlaceholderError) -> String {
        // Byte by byte: `contains("%")` is Foundation's substring search, a tenth of reading a
        // 100,000-title catalogue.
        let starts: Set<UInt8> = generic ? [0x25, 0x7B, 0x24, 0xEF] : [0x25, 0xEF]
        guard text.utf8.contains(where: starts.contains) else { return text }
        let keySamples = byKey.filter {
            CheckPlan.glob($0.pattern, matches: key) || CheckPlan.glob($0.pattern, matches: Self.baseKey(key))
        }
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar == PluralVariations.markerStart,
                let (category, spelling, rest) = try PluralVariations.readMarker(scalars)
            {
                result += try pluralNumber(category, spelling: spelling, language: language, keySamples: keySamples)
                scalars = rest
                continue
            }
            guard "%{$".unicodeScalars.contains(scalar),
                let (placeholder, rest) = Placeholder.read(scalars, generic: generic)
            else {
                result.unicodeScalars.append(PluralVariations.sanitized(scalar))
                scalars = scalars.dropFirst()
                continue
            }
            if placeholder.kind == .pluralSubstitution {
                throw PlaceholderError(
                    "\(placeholder.written): no plural rule defines \(placeholder.spelling.dropFirst(3).dropLast()) "
                        + "(a .stringsdict or an .xcstrings substitution does; a .strings value cannot)")
            }
            result += sample(for: placeholder, keySamples: keySamples)
            scalars = rest
        }
        return result
    }

    /// The sample for one placeholder: the key's, else the one set for its spelling (with its
    /// position, then without), else its kind's.
    private func sample(for placeholder: Placeholder, keySamples: [KeySamples]) -> String {
        let given =
            keySamples.lazy.compactMap {
                $0.bySpelling[placeholder.spelling] ?? $0.bySpelling[placeholder.unpositioned]
            }
            .first ?? bySpelling[placeholder.spelling] ?? bySpelling[placeholder.unpositioned]
        switch placeholder.kind {
        case .percent: return "%"
        case .string: return given ?? string
        case .integer: return given ?? integer
        case .real:
            // As printf writes it: six places unless the placeholder says how many.
            let value = given.flatMap(Double.init) ?? real
            return String(
                format: "%" + (placeholder.precision.map { ".\($0)" } ?? "") + String(placeholder.conversion), value)
        case .pluralSubstitution: return placeholder.written
        }
    }

    /// A plural form's number: a key's sample for the placeholder wins (the team's own choice for
    /// that string); else a number of the category, preferring the placeholder's sample. The mark
    /// of a form with no number (`spelling` empty) is written as nothing.
    /// - Throws: `neverShown` when no whole number is of the category in `language`.
    private func pluralNumber(
        _ category: String, spelling: String, language: String?, keySamples: [KeySamples]
    ) throws(PlaceholderError) -> String {
        let unpositioned = Placeholder.unpositioned(spelling)
        if !spelling.isEmpty,
            let given = keySamples.lazy.compactMap({ $0.bySpelling[spelling] ?? $0.bySpelling[unpositioned] }).first
        {
            return given
        }
        let preferred = Int(bySpelling[spelling] ?? bySpelling[unpositioned] ?? integer) ?? 128
        // Apple's formats (the only ones with marks) use a `zero` form for 0 in every language,
        // whatever CLDR's rule: Foundation reads `zero` before the language's categories.
        guard
            let number = PluralRules.sample(for: category, language: language, preferring: preferred)
                ?? (category == "zero" ? 0 : nil)
        else {
            var error = PlaceholderError(
                "\(spelling.isEmpty ? "a form" : spelling) (\(category)): no whole number is of the plural category "
                    + "\(category) in \(language ?? "en")")
            error.neverShown = true
            throw error
        }
        return spelling.isEmpty ? "" : String(number)
    }

    /// A key without its variant: `settings.title` of `settings.title (de, plural one)`.
    static func baseKey(_ key: String) -> String {
        key.split(separator: " (", maxSplits: 1).first.map(String.init) ?? key
    }
}

/// One placeholder as written in a title.
struct Placeholder {
    enum Kind {
        case percent, string, integer, real
        /// `%#@name@`: a plural substitution, which only a rule (.stringsdict, .xcstrings) fills.
        case pluralSubstitution
    }

    let kind: Kind
    /// The placeholder as a sample is set for it: `%`, its position, its length and conversion
    /// (`%1$lld`), without flags, width or precision; `{name}`, `$1` as written.
    let spelling: String
    /// As written in the title.
    let written: String
    let precision: Int?
    /// printf's conversion letter (`f`, `e`, `g` for a real number's format).
    var conversion: Character = "@"

    /// `spelling` without its position: `%lld` of `%2$lld`.
    var unpositioned: String { Self.unpositioned(spelling) }

    static func unpositioned(_ spelling: String) -> String {
        guard spelling.hasPrefix("%"), let dollar = spelling.firstIndex(of: "$") else { return spelling }
        return "%" + spelling[spelling.index(after: dollar)...]
    }

    /// The placeholder at the start of `text` (at its `%`, `{` or `$`), and the text after it;
    /// nil when there is none there.
    /// - Parameter generic: also `{name}`, `{0}` and `$1`.
    static func read(_ text: Substring.UnicodeScalarView, generic: Bool) -> (Placeholder, Substring.UnicodeScalarView)?
    {
        guard let first = text.first else { return nil }
        let digitsRange: ClosedRange<Unicode.Scalar> = "0"..."9"
        func written(_ rest: Substring.UnicodeScalarView) -> String {
            String(String.UnicodeScalarView(text[..<rest.startIndex]))
        }
        switch first {
        case "{" where generic:
            // ICU MessageFormat's simple argument: `{name}` or `{0}`; `{0, number}` is a number.
            let body = text.dropFirst().prefix { $0 != "}" && $0 != "{" }
            let rest = text.dropFirst(1 + body.count)
            guard rest.first == "}", !body.isEmpty else { return nil }
            let name = String(String.UnicodeScalarView(body))
            let parts = name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let argument = parts.first, !argument.isEmpty,
                argument.unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic || digitsRange.contains($0) || $0 == "_"
                })
            else { return nil }
            let kind: Kind = parts.count > 1 && parts[1] == "number" ? .integer : .string
            let after = rest.dropFirst()
            return (Placeholder(kind: kind, spelling: written(after), written: written(after), precision: nil), after)
        case "$" where generic:
            let digits = text.dropFirst().prefix { digitsRange.contains($0) }
            guard !digits.isEmpty else { return nil }
            let rest = text.dropFirst(1 + digits.count)
            return (Placeholder(kind: .string, spelling: written(rest), written: written(rest), precision: nil), rest)
        case "%":
            break
        default:
            return nil
        }
        var rest = text.dropFirst()
        if rest.first == "%" {
            let after = rest.dropFirst()
            return (Placeholder(kind: .percent, spelling: "%%", written: "%%", precision: nil), after)
        }
        if rest.first == "#", rest.dropFirst().first == "@" {
            // `%#@name@`, a plural substitution.
            let name = rest.dropFirst(2).prefix { $0 != "@" && $0 != " " }
            let after = rest.dropFirst(2 + name.count)
            guard after.first == "@", !name.isEmpty else { return nil }
            let end = after.dropFirst()
            return (
                Placeholder(kind: .pluralSubstitution, spelling: written(end), written: written(end), precision: nil),
                end
            )
        }
        // An argument position: digits and a dollar sign.
        var position = ""
        let digits = rest.prefix { digitsRange.contains($0) }
        if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
            position = String(String.UnicodeScalarView(digits)) + "$"
            rest = rest.dropFirst(digits.count + 1)
        }
        // Flags; not the space flag, so that "50% off" stays text rather than "% o", an octal.
        rest = rest.drop { "-+#0'".unicodeScalars.contains($0) }
        rest = rest.drop { digitsRange.contains($0) }  // width
        var precision: Int?
        if rest.first == "." {
            rest = rest.dropFirst()
            let places = rest.prefix { digitsRange.contains($0) }
            precision = Int(String(String.UnicodeScalarView(places))) ?? 0
            rest = rest.dropFirst(places.count)
        }
        let length = rest.prefix { "hlqLzjt".unicodeScalars.contains($0) }
        rest = rest.dropFirst(length.count)
        guard let conversion = rest.first else { return nil }
        rest = rest.dropFirst()
        let kind: Kind
        switch conversion {
        case "@", "s", "S", "c", "C": kind = .string
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": kind = .integer
        case "f", "F", "e", "E", "g", "G": kind = .real
        default: return nil
        }
        let spelling = "%" + position + String(String.UnicodeScalarView(length)) + String(Character(conversion))
        return (
            Placeholder(
                kind: kind, spelling: spelling, written: written(rest), precision: precision,
                conversion: Character(conversion)), rest
        )
    }
}

/// A `--sample` that cannot be used, or a placeholder that cannot be filled, and why.
public struct PlaceholderError: Error, CustomStringConvertible, Sendable {
    /// Why.
    public let description: String
    /// Whether the text is a plural form no whole number takes in the language (Russian
    /// `other`): a count never shows it, so it is no title to check.
    public internal(set) var neverShown = false

    init(_ description: String) {
        self.description = description
    }
}
