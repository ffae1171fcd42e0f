/// Which languages are written right to left, by their BCP 47 tags.
public enum LanguageDirection {
    /// Whether a language is written right to left: its script subtag says so (`az-Arab`), else
    /// the script CLDR's likely subtags give the language does (Arabic, Hebrew, Persian, Urdu, …).
    public static func isRightToLeft(_ tag: String) -> Bool {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let primary = subtags.first else { return false }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script)
        }
        return rightToLeftLanguages.contains(primary)
    }

    /// ISO 15924 codes of scripts written right to left (Unicode's bidirectional class R or AL).
    private static let rightToLeftScripts: Set<String> = [
        "arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr", "mend", "yezi",
    ]

    /// Languages whose default script (CLDR's likely subtags) is written right to left.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "khw", "ks", "lrc", "mzn",
        "nqo", "pnb", "ps", "sd", "sdh", "syr", "ug", "ur", "yi",
    ]
}
