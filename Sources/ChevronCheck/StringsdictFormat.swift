import Foundation

/// Apple `.stringsdict` (a property list): for every key, every plural form of its format
/// (`NSStringLocalizedFormatKey`), the `%#@variable@` substitutions replaced by that form's text
/// (a variable without the form takes its `other`). Rows are keyed `KEY (one)`, `KEY (other)`, ….
enum StringsdictFormat {
    /// The plural forms, in CLDR's order.
    static let forms = ["zero", "one", "two", "few", "many", "other"]

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
        for key in keys.keys.sorted() {
            let line = Self.line(of: key, in: text)
            guard let entry = keys[key] as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String
            else {
                throw TitleFileError(
                    file: file, line: line, reason: "\"\(key)\" has no NSStringLocalizedFormatKey string")
            }
            let variables = Self.variables(in: format)
            var rules: [String: [String: String]] = [:]
            for variable in variables {
                guard let rule = entry[variable] as? [String: Any] else {
                    throw TitleFileError(
                        file: file, line: line,
                        reason: "\"\(key)\" uses %#@\(variable)@ but does not define \(variable)")
                }
                rules[variable] = rule.compactMapValues { $0 as? String }
            }
            let used = forms.filter { form in rules.values.contains { $0[form] != nil } }
            guard !used.isEmpty else {
                entries.append(TitleEntry(file: file, line: line, key: key, title: format))
                continue
            }
            for form in used {
                var title = format
                for variable in variables {
                    let text = rules[variable]?[form] ?? rules[variable]?["other"] ?? ""
                    title = title.replacingOccurrences(of: "%#@\(variable)@", with: text)
                }
                entries.append(TitleEntry(file: file, line: line, key: "\(key) (\(form))", title: title))
            }
        }
        return entries
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

    /// The line of the first `<key>KEY</key>` in the text (property lists keep no positions).
    private static func line(of key: String, in text: String) -> Int {
        let escaped = key.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        guard let range = text.range(of: "<key>\(escaped)</key>") else { return 1 }
        return TitleFile.line(of: text.utf8.distance(from: text.startIndex, to: range.lowerBound), in: text)
    }
}
