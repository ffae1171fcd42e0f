extension TextDirection {
    /// Right to left for a language written right to left (its script subtag, `az-Arab`, else the
    /// script CLDR's likely subtags give the language: Arabic, Hebrew, Persian, Urdu, …); nil for
    /// any other, whose layout follows its text. iOS lays a whole bar out in the direction of the
    /// app's language (`UIView.userInterfaceLayoutDirection`), whatever text a button shows: a
    /// generic "Back" in an Arabic app still has its chevron on the right.
    public static func of(language tag: String) -> TextDirection? {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let primary = subtags.first else { return nil }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script) ? .rtl : nil
        }
        return rightToLeftLanguages.contains(primary) ? .rtl : nil
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
