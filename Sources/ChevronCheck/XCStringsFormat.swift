import ChevronJSON
import Foundation

/// Xcode string catalogs (`.xcstrings`): every localization's value of every key, plural and
/// device variations included (`key (de, plural one)`).
enum XCStringsFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        try CatalogueReaders.withValidJSON(text, file: file) { bytes, lines throws(TitleFileError) in
            try parse(bytes, lines: &lines, file: file)
        }
    }

    /// The entries of the catalogue `bytes`. The whole text is checked first, then its keys are
    /// read one at a time, each key's tree and lines made and dropped before the next: the
    /// catalogue's whole tree, several times the size of its text, is never held at once.
    private static func parse(
        _ bytes: UnsafeRawBufferPointer, lines: inout TextLines, file: String
    ) throws(TitleFileError) -> [TitleEntry] {
        /// The value at `range`, which `validate` accepted as part of the whole, with the offset
        /// of each value in it (from the range's start).
        func value(_ range: Range<Int>) throws(TitleFileError) -> LocatedJSON {
            do {
                return try JSONParser.parseLocated(UnsafeRawBufferPointer(rebasing: bytes[range]), maximumDepth: 64)
            } catch {
                throw TitleFileError(
                    file: file, line: lines.line(at: range.lowerBound + error.offset),
                    reason: "is not valid JSON (\(error.reason))")
            }
        }
        var strings: Range<Int>?
        var source = "en"
        try JSONParser.forEachMember(ofObjectAt: 0, in: bytes) { (key, _, range) throws(TitleFileError) in
            if key == "strings", strings == nil {
                strings = range
            } else if key == "sourceLanguage", case .string(let language) = try value(range).value {
                source = language
            }
        }
        guard let strings, bytes[strings.lowerBound] == UInt8(ascii: "{") else {
            throw TitleFileError(file: file, line: 1, reason: "is not a string catalog: no \"strings\" object")
        }
        var entries: [TitleEntry] = []
        // A catalogue has a few languages and a localization of each per key: each tag is read once.
        var tags: [String: String?] = [:]
        func languageTag(_ tag: String) -> String? {
            if let known = tags[tag] { return known }
            let read = TitleFile.languageTag(tag)
            tags[tag] = .some(read)
            return read
        }
        try JSONParser.forEachMember(ofObjectAt: strings.lowerBound, in: bytes) {
            (key, keyOffset, range) throws(TitleFileError) in
            // The key's line, where the lines of its values are counted from.
            lines.mark(at: keyOffset)
            let line = lines.line(at: keyOffset)
            let located = try value(range)
            let member = (key: key, value: located.value)
            guard case .object(let localizations)? = member.value["localizations"] ?? .object([]) else {
                throw TitleFileError(file: file, line: line, reason: "\"\(key)\" has no localizations object")
            }
            // The key's comment for translators, which `--titles-comment` selects by.
            var comment: String?
            if case .string(let text)? = member.value["comment"] { comment = text }
            if !localizations.contains(where: { $0.key == source }) {
                // The key is the source-language text when the catalog has no unit for it.
                var entry = TitleEntry(
                    file: file, line: line, key: "\(key) (\(source))", title: key, language: languageTag(source))
                entry.comment = comment
                entries.append(entry)
            }
            for localization in localizations.sorted(by: { $0.key < $1.key }) {
                var untranslated: Set<String> = []
                // Each label's value, as a path in the localization: its row is at that line.
                var paths: [String: [String]] = [:]
                let values = substituting(
                    unitValues(localization.value, label: localization.key, untranslated: &untranslated, paths: &paths),
                    localization.value["substitutions"], paths: &paths)
                guard !values.isEmpty else {
                    throw TitleFileError(
                        file: file, line: line,
                        reason: "\"\(key)\" (\(localization.key)) has no stringUnit value and no variations")
                }
                for (label, value, combinations) in values {
                    let valueLine = paths[label].flatMap { path in
                        located[path: ["localizations", localization.key] + path].map {
                            lines.line(at: range.lowerBound + $0.offset)
                        }
                    }
                    var entry = TitleEntry(
                        file: file, line: valueLine ?? line, key: "\(key) (\(label))", title: value,
                        language: languageTag(localization.key))
                    entry.isUntranslated = value.isEmpty && untranslated.contains(label)
                    entry.comment = comment
                    if let combinations {
                        entry.alternativesOf = "\(key) (\(localization.key))"
                        entry.combinations = combinations
                    }
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    /// `values` with their `%#@name@` substitutions written out (`PluralVariations`): a value
    /// using one substitution becomes one value per plural form it has (`one`, `other`, …),
    /// labelled `…, name one`; a value using several, one per combination of their forms, all
    /// alternatives of the key (the widest is reported). A form's `%arg` is the substitution's
    /// number, marked for the sample pass as a printf placeholder of its `formatSpecifier`.
    /// Each new label's path in `paths` is that of its first substitution's form's value.
    private static func substituting(
        _ values: [(String, String)], _ substitutions: JSONValue?, paths: inout [String: [String]]
    ) -> [(label: String, text: String, combinations: Int?)] {
        guard case .object(let members)? = substitutions, !members.isEmpty else {
            return values.map { ($0.0, $0.1, nil) }
        }
        let plural = members.map { member -> PluralVariations.Substitution in
            var specifier = "lld"
            if case .string(let given)? = member.value["formatSpecifier"] { specifier = given }
            let spelling = "%" + specifier
            let forms = PluralRules.categories.compactMap { category -> (category: String, text: String)? in
                guard
                    case .string(let text)? = member.value["variations"]?["plural"]?[category]?["stringUnit"]?["value"]
                else { return nil }
                let number = PluralVariations.marker(category: category, spelling: spelling)
                return (category, text.replacingOccurrences(of: "%arg", with: number))
            }
            return PluralVariations.Substitution(name: member.key, forms: forms)
        }
        var result: [(label: String, text: String, combinations: Int?)] = []
        for (label, value) in values {
            let (variations, total) = PluralVariations.variations(of: value, substitutions: plural)
            for variation in variations {
                guard !variation.forms.isEmpty else {
                    result.append((label, variation.text, nil))
                    continue
                }
                let forms = variation.forms.map { "\($0.name) \($0.category)" }.joined(separator: ", ")
                let first = variation.forms[0]
                paths["\(label), \(forms)"] = [
                    "substitutions", first.name, "variations", "plural", first.category, "stringUnit", "value",
                ]
                result.append(("\(label), \(forms)", variation.text, variation.forms.count > 1 ? total : nil))
            }
        }
        return result
    }

    /// The `stringUnit` values of a localization, and those of its plural and device variations;
    /// the labels of units whose state is not `translated` go into `untranslated`, and each
    /// label's path from the localization (`path` is the node's) into `paths`.
    private static func unitValues(
        _ node: JSONValue, label: String, untranslated: inout Set<String>, path: [String] = [],
        paths: inout [String: [String]]
    ) -> [(String, String)] {
        var values: [(String, String)] = []
        if case .string(let value)? = node["stringUnit"]?["value"] {
            values.append((label, value))
            paths[label] = path + ["stringUnit", "value"]
            if case .string(let state)? = node["stringUnit"]?["state"], state != "translated" {
                untranslated.insert(label)
            }
        }
        if case .object(let kinds)? = node["variations"] {
            for kind in kinds {
                guard case .object(let forms) = kind.value else { continue }
                for form in forms {
                    let found = unitValues(
                        form.value, label: "\(label), \(kind.key) \(form.key)", untranslated: &untranslated,
                        path: path + ["variations", kind.key, form.key], paths: &paths)
                    // A plural form's count is a number of its category (`PluralVariations.pluralForm`).
                    values +=
                        kind.key == "plural"
                        ? found.map { ($0.0, PluralVariations.pluralForm($0.1, category: form.key)) } : found
                }
            }
        }
        return values
    }
}

extension XCStringsFormat: CatalogueReader {
    /// SwiftUI's Markdown, which `Text` draws from a localized key.
    static let markup: TitleMarkup? = .markdown
    static let name = "xcstrings"
    static let described = ".xcstrings"
    static let extensions = ["xcstrings"]

    /// A JSON object with a `strings` member.
    static func shows(_ text: String) -> Bool {
        CatalogueReaders.start(of: text).hasPrefix("{") && text.contains("\"strings\"")
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file)
    }
}
