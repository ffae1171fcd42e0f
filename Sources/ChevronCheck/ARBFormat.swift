import ChevronJSON
import Foundation

/// Flutter's Application Resource Bundle (`app_de.arb`): a JSON object of messages, `@@locale`
/// its language (else the file name's `_de` ending), `@key` each message's metadata, whose
/// `description` is its comment for translators (`--titles-comment`). A message is ICU
/// MessageFormat: `{name}` placeholders, and `plural` and `select` arguments, whose forms are
/// rows of their own (`key (plural one)`, `key (select male)`), a plural form's `#` its count.
enum ARBFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        try CatalogueReaders.withValidJSON(text, file: file) { bytes, lines throws(TitleFileError) in
            try parse(bytes, lines: &lines, file: file)
        }
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, lines: inout TextLines, file: String
    ) throws(TitleFileError) -> [TitleEntry] {
        guard bytes.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) == UInt8(ascii: "{")
        else { throw TitleFileError(file: file, line: 1, reason: "is not an ARB file: not a JSON object") }
        var messages: [(key: String, text: String, offset: Int)] = []
        var metadata: [String: JSONValue] = [:]
        var locale: String?
        var failure: TitleFileError?
        JSONParser.forEachMember(ofObjectAt: 0, in: bytes) { key, keyOffset, range in
            guard failure == nil else { return }
            let value = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[range]))
            if key == "@@locale" {
                if case .string(let tag)? = value { locale = tag }
            } else if key.hasPrefix("@@") {
                return  // other global attributes (@@last_modified, @@context)
            } else if key.hasPrefix("@") {
                if let value { metadata[String(key.dropFirst())] = value }
            } else if case .string(let message)? = value {
                messages.append((key, message, keyOffset))
            } else {
                failure = TitleFileError(
                    file: file, line: lines.line(at: keyOffset), reason: "message \"\(key)\" is not a string")
            }
        }
        if let failure { throw failure }
        let language = (locale ?? languageOfName(file)).flatMap(TitleFile.languageTag)
        var entries: [TitleEntry] = []
        for message in messages {
            let line = lines.line(at: message.offset)
            let comment: String?
            if case .string(let description)? = metadata[message.key]?["description"] {
                comment = description
            } else {
                comment = nil
            }
            let forms: [ICUMessage.Form]
            do {
                forms = try ICUMessage.forms(of: message.text)
            } catch {
                throw TitleFileError(file: file, line: line, reason: "message \"\(message.key)\": \(error.reason)")
            }
            for form in forms {
                var entry = TitleEntry(
                    file: file, line: line, key: form.label.isEmpty ? message.key : "\(message.key) (\(form.label))",
                    title: form.text, language: language)
                entry.comment = comment
                entry.readsGenericPlaceholders = true
                entries.append(entry)
            }
        }
        return entries
    }

    /// The language a Flutter file name ends with: `app_de.arb` → `de`, `intl_pt_BR.arb` →
    /// `pt_BR`, `app_zh_Hant_TW.arb` → `zh_Hant_TW`; nil when it ends with none.
    static func languageOfName(_ path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let parts = name.split(separator: "_").map(String.init)
        guard parts.count >= 2 else { return nil }
        // The language, then a script (four letters) and a region (two letters or three digits).
        var start = parts.count - 1
        while start > 1 {
            let part = parts[start]
            let isScript = part.count == 4 && part.first?.isUppercase == true
            let isRegion =
                (part.count == 2 && part.allSatisfy(\.isUppercase)) || (part.count == 3 && part.allSatisfy(\.isNumber))
            guard isScript || isRegion else { break }
            start -= 1
        }
        let language = parts[start]
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isLowercase }) else { return nil }
        return parts[start...].joined(separator: "_")
    }
}

extension ARBFormat: CatalogueReader {
    static let name = "arb"
    static let described = "Flutter .arb"
    static let extensions = ["arb"]

    /// A JSON object naming its locale.
    static func shows(_ text: String) -> Bool {
        CatalogueReaders.start(of: text).hasPrefix("{") && text.contains("\"@@locale\"")
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file)
    }
}

/// ICU MessageFormat as Flutter's ARB files write it: text, `{name}` arguments, and `plural`,
/// `selectordinal` and `select` arguments whose forms are messages themselves. Apostrophes quote
/// as ICU's default mode says: `''` is one apostrophe, and `'` before `{`, `}`, `#` or `|` starts
/// a quoted run up to the next single `'`.
enum ICUMessage {
    /// One form of a message: its label (`plural one`, `select male`, several joined by `, `,
    /// empty for a message without forms) and its text, `{name}` arguments kept for the sample
    /// pass, a plural form's count marked as a number of its category.
    struct Form: Equatable {
        var label: String
        var text: String
    }

    struct Failure: Error {
        let reason: String
    }

    /// The most forms one message is written out into (combinations of nested arguments).
    static let formLimit = 64

    /// The forms of `message`: one for a message without plural or select arguments, else one per
    /// combination of their forms, in order.
    static func forms(of message: String) throws(Failure) -> [Form] {
        var parser = Parser(scalars: Array(message.unicodeScalars))
        let parts = try parser.message(nested: false, countsHash: false)
        guard parser.position == parser.scalars.count else {
            throw Failure(reason: "an unmatched } at character \(parser.position + 1)")
        }
        return expand(parts, count: nil)
    }

    /// A part of a message.
    indirect enum Part {
        case text(String)
        /// `{name}` or `{name, number}` and other simple arguments, kept as `{name}`.
        case argument(String)
        /// `#` in a plural form: its count.
        case count
        /// A plural, ordinal or select argument: its name, kind, and forms by selector.
        case choice(name: String, kind: String, forms: [(selector: String, parts: [Part])])
    }

    /// The forms of `parts`; `count` is the spelling of the enclosing plural form's `#`.
    private static func expand(_ parts: [Part], count: String?) -> [Form] {
        var forms = [Form(label: "", text: "")]
        for part in parts {
            switch part {
            case .text(let text):
                for index in forms.indices { forms[index].text += text }
            case .argument(let name):
                for index in forms.indices { forms[index].text += "{\(name)}" }
            case .count:
                for index in forms.indices { forms[index].text += count ?? "#" }
            case .choice(let name, let kind, let options):
                // Each option's forms, worked out once (they do not depend on the forms before).
                let choices = options.map { option in
                    (
                        label: "\(kind) \(option.selector)",
                        forms: optionForms(option, of: name, kind: kind, count: count)
                    )
                }
                var next: [Form] = []
                for form in forms {
                    for choice in choices {
                        for form2 in choice.forms where next.count < formLimit {
                            let labels = [form.label, choice.label, form2.label].filter { !$0.isEmpty }
                            next.append(Form(label: labels.joined(separator: ", "), text: form.text + form2.text))
                        }
                    }
                }
                forms = next
            }
        }
        return forms
    }

    /// The forms of one option of a choice: an exact count (`=0`) is that number; a category's
    /// count a number of it, marked for the sample pass.
    private static func optionForms(
        _ option: (selector: String, parts: [Part]), of name: String, kind: String, count: String?
    ) -> [Form] {
        let isExact = option.selector.hasPrefix("=")
        let spelling: String?
        switch kind {
        case "select": spelling = count
        default: spelling = isExact ? String(option.selector.dropFirst()) : "%lld"
        }
        let inner = expand(option.parts, count: spelling)
        if kind != "select", !isExact, PluralRules.categories.contains(option.selector) {
            return inner.map { form in
                // The argument written out (`{count}`) is the count too.
                let text = form.text.replacingOccurrences(of: "{\(name)}", with: "%lld")
                return Form(label: form.label, text: PluralVariations.pluralForm(text, category: option.selector))
            }
        } else if kind != "select", isExact {
            return inner.map {
                Form(label: $0.label, text: $0.text.replacingOccurrences(of: "{\(name)}", with: spelling ?? ""))
            }
        }
        return inner
    }

    /// A recursive-descent reader of one message.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        /// Choices open around the one being read: past `maximumNesting` the message is refused
        /// (the reader recurses once per level).
        var nesting = 0
        static let maximumNesting = 16

        /// Parts up to the end, or (`nested`) up to the `}` that closes the form being read (not
        /// consumed); in a plural form (`countsHash`) `#` is its count.
        mutating func message(nested: Bool, countsHash: Bool) throws(Failure) -> [Part] {
            var parts: [Part] = []
            var text = ""
            func flush() {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
            }
            while position < scalars.count {
                let scalar = scalars[position]
                switch scalar {
                case "'":
                    position += 1
                    if position < scalars.count, scalars[position] == "'" {
                        text.unicodeScalars.append("'")
                        position += 1
                    } else if position < scalars.count, "{}#|".unicodeScalars.contains(scalars[position]) {
                        // A quoted run, up to the next single apostrophe ('' inside is one).
                        while position < scalars.count {
                            if scalars[position] == "'" {
                                if position + 1 < scalars.count, scalars[position + 1] == "'" {
                                    text.unicodeScalars.append("'")
                                    position += 2
                                    continue
                                }
                                position += 1
                                break
                            }
                            text.unicodeScalars.append(scalars[position])
                            position += 1
                        }
                    } else {
                        text.unicodeScalars.append("'")
                    }
                case "#" where countsHash:
                    flush()
                    parts.append(.count)
                    position += 1
                case "{":
                    flush()
                    position += 1
                    parts.append(try argument())
                case "}":
                    guard nested else { throw Failure(reason: "an unmatched } at character \(position + 1)") }
                    flush()
                    return parts
                default:
                    text.unicodeScalars.append(scalar)
                    position += 1
                }
            }
            if nested { throw Failure(reason: "a form is not closed with }") }
            flush()
            return parts
        }

        /// An argument, after its `{`, up to and past its `}`.
        private mutating func argument() throws(Failure) -> Part {
            let name = word()
            guard !name.isEmpty else { throw Failure(reason: "an argument without a name at character \(position)") }
            skipSpace()
            guard position < scalars.count else { throw Failure(reason: "argument {\(name) is not closed") }
            if scalars[position] == "}" {
                position += 1
                return .argument(name)
            }
            guard scalars[position] == "," else {
                throw Failure(reason: "argument {\(name) has \"\(scalars[position])\" where , or } belongs")
            }
            position += 1
            skipSpace()
            let kind = word()
            skipSpace()
            guard ["plural", "selectordinal", "select"].contains(kind) else {
                // A simple argument with a style (`{n, number}`, `{d, date, short}`): its name.
                var depth = 1
                while position < scalars.count, depth > 0 {
                    if scalars[position] == "{" { depth += 1 }
                    if scalars[position] == "}" { depth -= 1 }
                    position += 1
                }
                guard depth == 0 else { throw Failure(reason: "argument {\(name) is not closed") }
                return .argument(name)
            }
            guard position < scalars.count, scalars[position] == "," else {
                throw Failure(reason: "\(kind) argument {\(name) has no forms")
            }
            position += 1
            guard nesting < Self.maximumNesting else {
                throw Failure(reason: "\(kind) argument {\(name) is nested more than \(Self.maximumNesting) deep")
            }
            nesting += 1
            defer { nesting -= 1 }
            var options: [(String, [Part])] = []
            while true {
                skipSpace()
                guard position < scalars.count else { throw Failure(reason: "\(kind) argument {\(name) is not closed") }
                if scalars[position] == "}" {
                    position += 1
                    break
                }
                let selector = word(allowing: "=")
                if selector == "offset:" || selector.hasPrefix("offset:") {
                    _ = word()
                    continue
                }
                skipSpace()
                guard !selector.isEmpty, position < scalars.count, scalars[position] == "{" else {
                    throw Failure(reason: "\(kind) argument {\(name) has a form without {…}")
                }
                position += 1
                let parts = try message(nested: true, countsHash: kind != "select")
                position += 1  // its }
                options.append((selector, parts))
            }
            guard !options.isEmpty else { throw Failure(reason: "\(kind) argument {\(name) has no forms") }
            return .choice(name: name, kind: kind == "selectordinal" ? "ordinal" : kind, forms: options)
        }

        private mutating func word(allowing extra: Unicode.Scalar? = nil) -> String {
            var word = ""
            while position < scalars.count {
                let scalar = scalars[position]
                guard
                    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == ":"
                        || scalar == "-" || scalar == extra
                else { break }
                word.unicodeScalars.append(scalar)
                position += 1
            }
            return word
        }

        private mutating func skipSpace() {
            while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        }
    }
}
