/// CLDR's plural rules for whole numbers (operand `n`, no visible fraction digits), for the
/// languages whose catalogues `chevron check` meets, written from the Unicode CLDR's
/// `plurals.xml` ("Language Plural Rules"). A plural form's row is measured with a number of
/// its own category: Arabic's `few` with 3 and `many` with 11, English's `other` with 128.
public enum PluralRules {
    /// The categories, in CLDR's order.
    public static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The category of the whole number `n` in `language` (a BCP 47 tag; its primary subtag
    /// decides). A language not listed here is given English's rule (`one` for 1, else `other`).
    public static func category(of n: Int, language: String?) -> String {
        let n = abs(n)
        let tens = n % 100
        let units = n % 10
        switch primary(language) {
        case "ja", "zh", "ko", "id", "ms", "th", "vi", "lo", "my", "km", "yue", "jv", "su", "bm", "bo", "dz", "hnj",
            "ig", "ii", "jbo", "kde", "kea", "lkt", "nqo", "osa", "sah", "ses", "sg", "to", "tpi", "wo", "yo":
            return "other"
        case "fr", "pt", "hi", "fa", "bn", "gu", "kn", "mr", "zu", "am", "as":
            if n == 0 || n == 1 { return "one" }
            if ["fr", "pt"].contains(primary(language)), n != 0, n % 1_000_000 == 0 { return "many" }
            return "other"
        case "es", "it", "ca", "vec":
            if n == 1 { return "one" }
            if n != 0, n % 1_000_000 == 0 { return "many" }
            return "other"
        case "ar":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...10).contains(tens) { return "few" }
            if (11...99).contains(tens) { return "many" }
            return "other"
        case "he", "iu", "naq", "sat", "se", "sma", "smi", "smj", "smn", "sms":
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            return "other"
        case "blo", "ksh", "lag":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            return "other"
        case "fil", "tl", "ceb":
            return [4, 6, 9].contains(units) ? "other" : "one"
        case "shi":
            if n == 0 || n == 1 { return "one" }
            if (2...10).contains(n) { return "few" }
            return "other"
        case "br":
            if units == 1, ![11, 71, 91].contains(tens) { return "one" }
            if units == 2, ![12, 72, 92].contains(tens) { return "two" }
            if [3, 4, 9].contains(units), ![10, 70, 90].contains(tens / 10 * 10) { return "few" }
            if n != 0, n % 1_000_000 == 0 { return "many" }
            return "other"
        case "gv":
            if units == 1 { return "one" }
            if units == 2 { return "two" }
            if [0, 20, 40, 60, 80].contains(tens) { return "few" }
            return "other"
        case "kw":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            let hundredThousands = n % 100_000
            if [2, 22, 42, 62, 82].contains(tens)
                || (n % 1000 == 0
                    && ((1000...20000).contains(hundredThousands) || [40000, 60000, 80000].contains(hundredThousands)))
                || n % 1_000_000 == 100_000
            {
                return "two"
            }
            if [3, 23, 43, 63, 83].contains(tens) { return "few" }
            if [1, 21, 41, 61, 81].contains(tens) { return "many" }
            return "other"
        case "ru", "uk", "be":
            if units == 1, tens != 11 { return "one" }
            if (2...4).contains(units), !(12...14).contains(tens) { return "few" }
            return "many"
        case "pl":
            if n == 1 { return "one" }
            if (2...4).contains(units), !(12...14).contains(tens) { return "few" }
            return "many"
        case "cs", "sk":
            if n == 1 { return "one" }
            if (2...4).contains(n) { return "few" }
            return "other"
        case "hr", "sr", "bs":
            if units == 1, tens != 11 { return "one" }
            if (2...4).contains(units), !(12...14).contains(tens) { return "few" }
            return "other"
        case "lt":
            if units == 1, !(11...19).contains(tens) { return "one" }
            if (2...9).contains(units), !(11...19).contains(tens) { return "few" }
            return "other"
        case "lv", "prg":
            if units == 0 || (11...19).contains(tens) { return "zero" }
            if units == 1, tens != 11 { return "one" }
            return "other"
        case "ro":
            if n == 1 { return "one" }
            if n == 0 || (1...19).contains(tens) { return "few" }
            return "other"
        case "sl", "dsb", "hsb":
            if tens == 1 { return "one" }
            if tens == 2 { return "two" }
            if (3...4).contains(tens) { return "few" }
            return "other"
        case "is", "mk":
            if units == 1, tens != 11 { return "one" }
            return "other"
        case "ga":
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...6).contains(n) { return "few" }
            if (7...10).contains(n) { return "many" }
            return "other"
        case "cy":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            case 3: return "few"
            case 6: return "many"
            default: return "other"
            }
        case "mt":
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if n == 0 || (3...10).contains(tens) { return "few" }
            if (11...19).contains(tens) { return "many" }
            return "other"
        case "gd":
            if n == 1 || n == 11 { return "one" }
            if n == 2 || n == 12 { return "two" }
            if (3...10).contains(n) || (13...19).contains(n) { return "few" }
            return "other"
        default:
            return n == 1 ? "one" : "other"
        }
    }

    /// A number of `category` in `language` to measure a plural form with: for `other`,
    /// `preferred` (the placeholder's sample, 128 unless set) when it is of that category; else
    /// the smallest whole number of the category from 1 up (0 for a category that holds only 0, a
    /// million for French `many`), the first sample CLDR lists for it: Arabic `few` is 3 and
    /// `many` 11. Nil when no whole number is of the category (Russian `other` holds fractions
    /// only: a whole count never shows that form).
    public static func sample(for category: String, language: String?, preferring preferred: Int) -> Int? {
        if category == "other", Self.category(of: preferred, language: language) == category { return preferred }
        for n in 1...1000 where Self.category(of: n, language: language) == category { return n }
        for n in [0, 1_000_000] where Self.category(of: n, language: language) == category { return n }
        return nil
    }

    /// The primary language subtag, lower-cased, with the deprecated codes that still appear in
    /// catalogues read as their replacements (Android's `iw` for Hebrew, `in` for Indonesian).
    private static func primary(_ language: String?) -> String {
        let primary =
            (language ?? "en").split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map {
                $0.lowercased()
            } ?? "en"
        switch primary {
        case "iw": return "he"
        case "in": return "id"
        case "ars": return "ar"
        case "sh": return "sr"
        default: return primary
        }
    }
}
