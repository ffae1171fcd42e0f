import Foundation
import ChevronCheck
import Testing

/// Placeholders filled with samples, each expected string written out by hand.
struct PlaceholderTests {
    @Test(
        "printf placeholders by kind, position, precision and length",
        arguments: [
            ("%@ Follower", "Alex Smith Follower"), ("%2$@ and %1$@", "Alex Smith and Alex Smith"),
            ("%lld items", "128 items"), ("%d/%u/%i/%ld", "128/128/128/128"), ("%.2f €", "3.14 €"),
            ("%f", "3.141590"), ("%1$s of %2$d", "Alex Smith of 128"), ("100%%", "100%"), ("%@", "Alex Smith"),
            ("50% off", "50% off"), ("%", "%"), ("Plain", "Plain"), ("%-10s|", "Alex Smith|"),
        ])
    func defaultSamplesFillEveryPlaceholder(template: String, expected: String) throws {
        #expect(try PlaceholderSamples().expand(template) == expected)
    }

    @Test func samplesCanBeOverriddenAndBadOnesAreRefused() throws {
        var samples = PlaceholderSamples()
        try samples.set("%@=Alexandra Wilhelmina")
        try samples.set("%d=10000")
        try samples.set("%f=2.5")
        #expect(try samples.expand("%@ hat %d Follower, %.1f%%") == "Alexandra Wilhelmina hat 10000 Follower, 2.5%")
        #expect(throws: PlaceholderError.self) { try samples.set("%q=1") }
        #expect(throws: PlaceholderError.self) { try samples.set("%f=many") }
        #expect(throws: PlaceholderError.self) { try samples.set("no equals sign") }
    }
}

/// A sample fills the placeholder written, not its whole kind; keys can have their own.
struct PlaceholderSampleScopeTests {
    @Test func aSampleFillsExactlyThePlaceholderWritten() throws {
        var samples = PlaceholderSamples()
        try samples.set("%lld=1234567")
        try samples.set("%d=99")
        #expect(try samples.expand("%lld Follower, %d Likes, %ld Posts") == "1234567 Follower, 99 Likes, 128 Posts")
        // Positional forms of a placeholder take its sample; a positional sample only its own.
        #expect(try samples.expand("%2$lld von %1$d") == "1234567 von 99")
        try samples.set("%1$@=Anna")
        #expect(try samples.expand("%1$@ und %2$@") == "Anna und Alex Smith")
    }

    @Test func aKeyCanHaveItsOwnSamples() throws {
        var samples = PlaceholderSamples()
        try samples.set("unread.*:%d=3")
        #expect(try samples.expand("%d neu", key: "unread.title (de)") == "3 neu")
        #expect(try samples.expand("%d neu", key: "inbox.title") == "128 neu")
    }

    @Test func aPluralSubstitutionOutsideItsRulesCannotBeFilled() {
        #expect(throws: PlaceholderError.self) { try PlaceholderSamples().expand("%#@files@ gelöscht") }
    }

    /// `{name}` and `$1` are placeholders where no platform defines the syntax (CSV, lines), and
    /// plain text in Apple's and Android's formats.
    @Test func genericPlaceholdersOnlyWhereAsked() throws {
        let samples = PlaceholderSamples()
        #expect(try samples.expand("{name} hat $1 Follower", generic: true) == "Alex Smith hat Alex Smith Follower")
        #expect(try samples.expand("{count, number} neu", generic: true) == "128 neu")
        #expect(try samples.expand("{name} hat $1 Follower") == "{name} hat $1 Follower")
    }
}

/// CLDR's plural rules for whole numbers against Babel's, an independent implementation of the
/// same data (PyPI `babel`, pinned by scripts/install-deps.sh).
struct PluralRulesTests {
    static let languages = [
        "en", "de", "fr", "pt", "es", "it", "ca", "ar", "he", "iw", "ru", "uk", "be", "pl", "cs", "sk", "hr", "sr",
        "bs", "lt", "lv", "ro", "sl", "is", "mk", "ga", "cy", "mt", "gd", "hi", "fa", "bn", "ja", "zh", "ko",
        "id", "th", "vi", "nl", "sv", "da", "fi", "nb", "el", "hu", "tr", "bg",
        // Rules of their own that English's (the rule of a language not listed) is not.
        "ars", "br", "dsb", "hsb", "gv", "kw", "iu", "naq", "sat", "se", "sma", "smj", "smn", "sms", "shi", "vec",
        "blo", "ksh", "lag", "prg", "fil", "tl", "ceb", "bm", "bo", "dz", "hnj", "ig", "ii", "jbo", "kde", "kea",
        "lkt", "nqo", "osa", "sah", "ses", "sg", "to", "tpi", "wo", "yo",
    ]
    static let numbers = Array(0...300) + [1000, 1001, 1_000_000, 2_000_000]

    @Test func categoriesAreBabelsAndEverySampleIsOfItsCategory() throws {
        let script = """
            import json, sys
            from babel import Locale
            numbers = json.loads(sys.argv[2])
            # Babel has no locale for iw (he's old code) or ars (Najdi Arabic, CLDR's rules of ar).
            alias = {"iw": "he", "ars": "ar"}
            print(json.dumps({tag: [Locale.parse(alias.get(tag, tag)).plural_form(n) for n in numbers]
                              for tag in sys.argv[1].split(",")}))
            """
        let numbers = String(decoding: try JSONSerialization.data(withJSONObject: Self.numbers), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.languages.joined(separator: ","), numbers]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with babel")
        let babel = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String]])
        for language in Self.languages {
            let theirs = try #require(babel[language])
            let ours = Self.numbers.map { PluralRules.category(of: $0, language: language) }
            #expect(ours == theirs, "\(language)")
            // Every category the language gives a whole number has a sample of that category.
            for category in Set(theirs) {
                let sample = try #require(PluralRules.sample(for: category, language: language, preferring: 128))
                #expect(theirs[Self.numbers.firstIndex(of: sample) ?? 0] == category || sample > 300)
                #expect(PluralRules.category(of: sample, language: language) == category)
            }
        }
        // The numbers a reader expects: Arabic few 3, many 11, other 100; English other 128.
        #expect(PluralRules.sample(for: "few", language: "ar", preferring: 128) == 3)
        #expect(PluralRules.sample(for: "many", language: "ar", preferring: 128) == 11)
        #expect(PluralRules.sample(for: "other", language: "ar", preferring: 128) == 100)
        #expect(PluralRules.sample(for: "other", language: "en", preferring: 128) == 128)
    }
}
