import Foundation

/// Apple `.stringsdict` (a property list): for every key, every plural form of its format
/// (`NSStringLocalizedFormatKey`), the `%#@variable@` substitutions replaced by that form's text
/// (a variable without the form takes its `other`). Rows are keyed `KEY (one)`, `KEY (other)`, ….
enum StringsdictFormat {
    static func parse(_ data: Data, text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw TitleFileError(file: file, line: 1, reason: "is not a property list (\(error.localizedDescription))")
        }
        guard let keys = list as? [String: Any] else {
            throw TitleFileError(file: file, line: 1, reason: "is not a .stringsdict: its root is not a dictionary")
        }
        var entries: [TitleEntry] = []
        let keyLines = Self.keyLines(in: text)
        for key in keys.keys.sorted() {
            let escaped = key.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            let line = keyLines[escaped] ?? 1
            guard let entry = keys[key] as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String
            else {
                throw TitleFileError(
                    file: file, line: line, reason: "\"\(key)\" has no NSStringLocalizedFormatKey string")
            }
            var substitutions: [PluralVariations.Substitution] = []
            var undefined: String?
            for variable in Self.variables(in: format) {
                guard let rule = entry[variable] as? [String: Any] else {
                    undefined = undefined ?? variable
                    continue
                }
                // The form's number is the placeholder of the rule's value type (`d`, `lld`);
                // without one, any whole-number placeholder in the form.
                let valueType = rule["NSStringFormatValueTypeKey"] as? String
                func isNumber(_ spelling: String) -> Bool {
                    valueType.map { Placeholder.unpositioned(spelling) == "%" + $0 } ?? true
                }
                let forms = PluralRules.categories.compactMap { category -> (category: String, text: String)? in
                    guard let text = rule[category] as? String else { return nil }
                    return (category, PluralVariations.marked(text, category: category, isNumber: isNumber))
                }
                substitutions.append(PluralVariations.Substitution(name: variable, forms: forms))
            }
            if let undefined {
                var row = TitleEntry(file: file, line: line, key: key, title: format)
                row.problem = "%#@\(undefined)@: the entry uses it but does not define \(undefined)"
                entries.append(row)
                continue
            }
            entries += Self.entries(
                PluralVariations.variations(of: format, substitutions: substitutions), key: key, file: file,
                line: line)
        }
        return entries
    }

    /// The rows of one string's variations: a row per form with one substitution (`KEY (one)`);
    /// with several, a row per combination (`KEY (files one, folders other)`), of which a check
    /// reports the widest (`TitleEntry.alternativesOf`).
    static func entries(
        _ expansion: (variations: [PluralVariations.Variation], total: Int), key: String, file: String, line: Int,
        label: (String) -> String = { $0 }
    ) -> [TitleEntry] {
        let several = (expansion.variations.first?.forms.count ?? 0) > 1
        return expansion.variations.map { variation in
            let variant = variation.forms.isEmpty ? "" : " (\(label(variation.label)))"
            var entry = TitleEntry(file: file, line: line, key: key + variant, title: variation.text)
            if several {
                entry.alternativesOf = key
                entry.combinations = expansion.total
            }
            return entry
        }
    }

    /// The names of the `%#@name@` substitutions of a format, in order.
    static func variables(in format: String) -> [String] {
        var names: [String] = []
        var rest = format[...]
        while let start = rest.range(of: "%#@") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@") else { break }
            let name = String(after[..<end])
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            rest = after[after.index(after: end)...]
        }
        return names
    }

    /// The line of the first `<key>KEY</key>` of each KEY (as the text writes it), found in one
    /// pass over the text (property lists keep no positions).
    private static func keyLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        let bytes = Array(text.utf8)
        let open = Array("<key>".utf8)
        let close = Array("</key>".utf8)
        var line = 1
        var index = 0
        // Each byte is counted once, as the pass moves over it here or in the scan of a key's name.
        var read = 0
        defer { ReadingWork.add(.keyLineByte, read) }
        while index < bytes.count {
            read += 1
            if bytes[index] == 0x0A {
                line += 1
            } else if bytes[index] == open[0], bytes[index...].starts(with: open) {
                let start = index + open.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                read += end - index - 1
                if bytes[end...].starts(with: close) {
                    let key = String(decoding: bytes[start..<end], as: UTF8.self)
                    if lines[key] == nil { lines[key] = line }
                }
                // Line breaks in the key are counted as they are passed.
                for byte in bytes[start..<end] where byte == 0x0A { line += 1 }
                index = end
                continue
            }
            index += 1
        }
        return lines
    }
}

extension StringsdictFormat: CatalogueReader {
    /// SwiftUI's Markdown, which `Text` draws from a localized key.
    static let markup: TitleMarkup? = .markdown
    static let name = "stringsdict"
    static let described = ".stringsdict"
    static let extensions = ["stringsdict"]

    /// A property list holding plural rules.
    static func shows(_ text: String) -> Bool {
        let start = CatalogueReaders.start(of: text)
        return start.hasPrefix("<") && XMLScanning.rootElement(of: start) == "plist"
            && text.contains("NSStringLocalizedFormatKey")
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(data, text: text, file: file)
    }
}
