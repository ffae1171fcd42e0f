/// The plural variations of a string whose format holds `%#@name@` substitutions (a
/// `.stringsdict` entry, an `.xcstrings` value with `substitutions`): every combination of its
/// substitutions' forms, each written out with the form's number marked for the sample pass.
///
/// With one substitution, each form is a row of its own (`followers (one)`). With several, every
/// combination is measured, up to `combinationLimit` of them, and the widest in each look is the
/// row reported, labelled with the forms it used (`files few, folders other`): "1 file in 12
/// folders" can be wider than either "1 file in 1 folder" or "12 files in 12 folders".
enum PluralVariations {
    /// The most combinations measured for one string: 64, enough for three substitutions of four
    /// forms each (Russian, Polish) or two of six (Arabic, Welsh). Past it, the first 64 in order
    /// are measured and the run says how many were left out.
    static let combinationLimit = 64

    /// One substitution: its name and its text per plural category (only the categories it
    /// defines), each text's number already marked (`marked`).
    struct Substitution {
        let name: String
        let forms: [(category: String, text: String)]

        /// The text of `category`, else of `other`, else empty.
        func text(_ category: String) -> String {
            forms.first { $0.category == category }?.text ?? forms.first { $0.category == "other" }?.text ?? ""
        }
    }

    /// One variation: the forms it takes (substitution name, category) and its text.
    struct Variation {
        let forms: [(name: String, category: String)]
        let text: String

        /// The forms as a label: `one` for one substitution; `files one, folders other` for more.
        var label: String {
            forms.count == 1 ? forms[0].category : forms.map { "\($0.name) \($0.category)" }.joined(separator: ", ")
        }
    }

    /// Every combination of the substitutions' forms written into `format` (at most
    /// `combinationLimit`), and how many combinations there are in all.
    static func variations(of format: String, substitutions: [Substitution]) -> (variations: [Variation], total: Int) {
        let used = substitutions.filter { format.contains("%#@\($0.name)@") && !$0.forms.isEmpty }
        guard !used.isEmpty else { return ([Variation(forms: [], text: format)], 1) }
        let total = used.reduce(1) { $0 * $1.forms.count }
        var variations: [Variation] = []
        // An odometer over the substitutions' forms, the last turning fastest.
        var positions = [Int](repeating: 0, count: used.count)
        while variations.count < min(total, combinationLimit) {
            var text = format
            var forms: [(name: String, category: String)] = []
            for (substitution, position) in zip(used, positions) {
                let category = substitution.forms[position].category
                forms.append((substitution.name, category))
                // The form's mark without a number: a form that shows no count ("Ein Follower") is
                // still left out where no whole number is of its category.
                text = text.replacingOccurrences(
                    of: "%#@\(substitution.name)@",
                    with: marker(category: category, spelling: "") + substitution.text(category))
            }
            variations.append(Variation(forms: forms, text: text))
            var digit = used.count - 1
            while digit >= 0 {
                positions[digit] += 1
                if positions[digit] < used[digit].forms.count { break }
                positions[digit] = 0
                digit -= 1
            }
        }
        return (variations, total)
    }

    // MARK: The number of a form

    /// Starts, splits and ends the mark around a form's number: Unicode noncharacters, which no
    /// catalogue's text holds, so that the mark cannot be mistaken for a title's own characters.
    /// (Swift's literals refuse noncharacters; every value here is a scalar, so the fallback,
    /// U+FFFD, is never taken.)
    static let markerStart = Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{FFFD}"
    static let markerMiddle = Unicode.Scalar(UInt32(0xFDD1)) ?? "\u{FFFD}"
    static let markerEnd = Unicode.Scalar(UInt32(0xFDD2)) ?? "\u{FFFD}"

    /// What follows `markerStart` in every mark this process writes: six noncharacters of
    /// U+FDD3…U+FDEF drawn at random when the process starts. A catalogue can hold U+FDD0 (as
    /// written, or through an escape or an entity), but not this run's tag: a mark is read only
    /// where the tag follows it, and a noncharacter of U+FDD0…U+FDEF that input brought is
    /// written as U+FFFD (`sanitized`), so input never forges a plural form's mark.
    static let markerTag: [Unicode.Scalar] = (0..<6).map { _ in
        Unicode.Scalar(UInt32.random(in: 0xFDD3...0xFDEF)) ?? "\u{FFFD}"
    }

    /// Whether `scalar` is one of the noncharacters the marks are made of (U+FDD0…U+FDEF).
    static func isMarkerScalar(_ scalar: Unicode.Scalar) -> Bool { (0xFDD0...0xFDEF).contains(scalar.value) }

    /// `scalar` as a title may show it: a noncharacter of the marks' range (input's, never a
    /// mark's) is U+FFFD.
    static func sanitized(_ scalar: Unicode.Scalar) -> Unicode.Scalar { isMarkerScalar(scalar) ? "\u{FFFD}" : scalar }

    /// `text` (a form's text) with each placeholder whose spelling `isNumber` accepts (the
    /// substitution's own argument) marked as the number of `category`; the sample pass
    /// (`PlaceholderSamples.expand`) writes a number of that category there, in the entry's
    /// language, which the reader does not know yet.
    static func marked(
        _ text: String, category: String, firstOnly: Bool = false, isNumber: (String) -> Bool
    ) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var result = ""
        var scalars = text.unicodeScalars[...]
        var marked = false
        while let scalar = scalars.first {
            if scalar == "%", !(firstOnly && marked),
                let (placeholder, rest) = Placeholder.read(scalars, generic: false),
                placeholder.kind == .integer, isNumber(placeholder.spelling)
            {
                result += marker(category: category, spelling: placeholder.spelling)
                scalars = rest
                marked = true
                continue
            }
            result.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
        }
        return result
    }

    /// The text of a plural form of a whole string (an `.xcstrings` `plural` variation, an
    /// Android `<plurals>` item, an Xcode export's `plural.one` unit): marked as the form of
    /// `category`, its first whole-number placeholder as the count, so that the sample pass
    /// writes a number of that category there (`1 Follower`, Arabic few `3 …`) and leaves out a
    /// form no whole number takes in the entry's language. An empty text stays empty.
    static func pluralForm(_ text: String, category: String) -> String {
        guard !text.isEmpty, PluralRules.categories.contains(category) else { return text }
        return marker(category: category, spelling: "")
            + marked(text, category: category, firstOnly: true, isNumber: { _ in true })
    }

    /// The mark of a number of `category` written as `spelling` (`%lld`); with no spelling, the
    /// mark of the form itself, which the sample pass writes as nothing, and which makes the text
    /// no title when no whole number is of `category` in its language.
    static func marker(category: String, spelling: String) -> String {
        var text = String(markerStart)
        text.unicodeScalars.append(contentsOf: markerTag)
        text += category
        text.unicodeScalars.append(markerMiddle)
        text += spelling
        text.unicodeScalars.append(markerEnd)
        return text
    }

    /// The category and spelling of the mark at the start of `scalars`, and what follows it; nil
    /// when the U+FDD0 there starts no mark of this process (input's: `markerTag` does not follow).
    static func readMarker(
        _ scalars: Substring.UnicodeScalarView
    ) throws(PlaceholderError) -> (category: String, spelling: String, rest: Substring.UnicodeScalarView)? {
        let tagged = scalars.dropFirst()
        guard tagged.starts(with: markerTag) else { return nil }
        let body = tagged.dropFirst(markerTag.count)
        guard let middle = body.firstIndex(of: markerMiddle), let end = body.firstIndex(of: markerEnd), middle < end
        else { throw PlaceholderError("a plural form's number is not marked whole") }
        return (
            String(String.UnicodeScalarView(body[..<middle])),
            String(String.UnicodeScalarView(body[body.index(after: middle)..<end])),
            body[body.index(after: end)...]
        )
    }

    /// `text` with each mark written back as the placeholder it stands for (a row's template).
    static func unmarked(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isMarkerScalar) else { return text }
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar == markerStart, let (_, spelling, rest) = (try? readMarker(scalars)) ?? nil {
                result += spelling
                scalars = rest
                continue
            }
            result.unicodeScalars.append(sanitized(scalar))
            scalars = scalars.dropFirst()
        }
        return result
    }
}

extension TitleEntry {
    /// The entry with its title as its file writes it: the marks a reader leaves in a plural
    /// form for the sample pass (`PluralVariations.marker`) written back as the placeholders they
    /// stand for. For a command that shows titles without filling their placeholders
    /// (`chevron sheet`), which would otherwise draw the marks' noncharacters.
    public var asWritten: TitleEntry {
        var entry = self
        entry.title = PluralVariations.unmarked(title)
        return entry
    }
}
