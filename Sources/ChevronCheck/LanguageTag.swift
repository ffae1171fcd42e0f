import ChevronSupport
import Foundation

/// A BCP 47 language tag (RFC 5646) in canonical form: the language in lower case, a script in
/// title case, a region in upper case, variants, extensions and private use in lower case;
/// deprecated codes replaced by the IANA registry's preferred ones (`iw` → `he`); `_` read as `-`.
/// Every language `chevron check` reads (a catalogue's, a folder's, `--language`,
/// `--only-language`) goes through here, so that the same language is always the same tag.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The language subtag, 2 or 3 lower-case letters (`de`, `yue`).
    public let language: String
    /// The script subtag as written (`Hans`), or nil.
    public let script: String?
    /// The region subtag as written (`CN`, `419`), or nil.
    public let region: String?
    /// Variants, extensions and private use, in lower case, in order.
    public let rest: [String]

    public var description: String {
        ([language] + [script, region].compactMap { $0 } + rest).joined(separator: "-")
    }

    /// The canonical form of `text`, or nil when it is not a language tag: not BCP 47's shape, a
    /// primary subtag longer than three letters (none is registered), `und` (undetermined) or a
    /// grandfathered tag the registry gives no replacement.
    public init?(_ text: String) {
        var lowered = text.replacingOccurrences(of: "_", with: "-").lowercased()
        if let replacement = Self.grandfathered[lowered] {
            guard let replacement else { return nil }
            lowered = replacement.lowercased()
        }
        let subtags = lowered.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard
            subtags.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        var index = 0
        func next(_ accept: (String) -> Bool) -> String? {
            guard index < subtags.count, accept(subtags[index]) else { return nil }
            index += 1
            return subtags[index - 1]
        }
        guard var language = next({ (2...3).contains($0.count) && Self.isLetters($0) }), language != "und" else {
            return nil
        }
        // An extended language subtag (`zh-yue`): the registry's preferred value of every one is
        // the extlang itself, as the language.
        if let extlang = next({ $0.count == 3 && Self.isLetters($0) }) { language = extlang }
        self.language = Self.deprecatedLanguages[language] ?? language
        script = next { $0.count == 4 && Self.isLetters($0) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        region = next { ($0.count == 2 && Self.isLetters($0)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
            .map { Self.deprecatedRegions[$0.uppercased()] ?? $0.uppercased() }
        var rest: [String] = []
        while let variant = next({ $0.count >= 5 || ($0.count == 4 && $0.first?.isNumber == true) }) {
            rest.append(variant)
        }
        while index < subtags.count {
            // An extension (`u-ca-buddhist`) or private use (`x-foo`): a singleton and its subtags.
            guard let singleton = next({ $0.count == 1 }) else { return nil }
            rest.append(singleton)
            let start = index
            while let subtag = next({ singleton == "x" || $0.count > 1 }) { rest.append(subtag) }
            guard index > start else { return nil }
        }
        self.rest = rest
    }

    /// The language of an Apple `.lproj` folder's name (without `.lproj`): a tag (`de`,
    /// `zh-Hans`, `pt_BR`) or one of the English names older projects use (`German`); nil for
    /// `Base` (Xcode's development folder, no language).
    public init?(appleFolder name: String) {
        self.init(Self.appleFolderNames[name] ?? name)
    }

    /// The language of an Android resource folder (`values-de`, `values-zh-rCN`,
    /// `values-b+sr+Latn`, `values-mcc310-en`), or nil when its qualifiers name none (`values`,
    /// `values-night`, `values-car`, `values-v21`). Android's qualifiers come in a fixed order
    /// and only the mobile country and network codes (`mcc310`, `mnc004`) come before the
    /// language: a language is the first qualifier after them, either `b+` and a BCP 47 tag
    /// with `+` for `-`, or two or three letters, followed by an optional region, `r` and two
    /// letters. Qualifiers are case-insensitive.
    public init?(androidFolder name: String) {
        guard name.hasPrefix("values-") else { return nil }
        var qualifiers = name.dropFirst("values-".count).split(separator: "-", omittingEmptySubsequences: false)[...]
        func isCode(_ qualifier: Substring?, _ prefix: String) -> Bool {
            guard let qualifier, qualifier.count > prefix.count, qualifier.lowercased().hasPrefix(prefix) else {
                return false
            }
            return qualifier.dropFirst(prefix.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
        if isCode(qualifiers.first, "mcc") {
            qualifiers = qualifiers.dropFirst()
            if isCode(qualifiers.first, "mnc") { qualifiers = qualifiers.dropFirst() }
        }
        guard let first = qualifiers.first else { return nil }
        if first.lowercased().hasPrefix("b+") {
            self.init(first.dropFirst(2).replacingOccurrences(of: "+", with: "-"))
            return
        }
        guard (2...3).contains(first.count), Self.isLetters(first),
            !Self.androidNonLanguages.contains(first.lowercased())
        else { return nil }
        var tag = String(first)
        let second = qualifiers.dropFirst().first
        if let second, second.count == 3, second.first == "r" || second.first == "R", Self.isLetters(second) {
            tag += "-" + second.dropFirst()
        }
        self.init(tag)
    }

    /// The script the tag is written in: its own, else the one CLDR's likely subtags give its
    /// language (in its region) when the language is written in more than one script; nil for
    /// a language with one script.
    public var likelyScript: String? {
        script ?? Self.likelyScript(of: language, in: region)
    }

    /// The script CLDR's likely subtags give `language` in `region` (or in none), when the
    /// language is written in more than one.
    static func likelyScript(of language: String, in region: String?) -> String? {
        guard let scripts = likelyScripts[language] else { return nil }
        return region.flatMap { scripts.byRegion[$0] } ?? scripts.default
    }

    /// Whether `tag` is a title this filter (`--only-language`) asks for: the same language; the
    /// same region when the filter names one; and, when the filter names a script or a region,
    /// the same script, each tag's own or its likely one (`zh-Hans` admits `zh-CN` and `zh-SG`,
    /// not `zh-TW`; `sr-Latn` admits `sr-ME`, not `sr`). A language written in one script has no
    /// likely script here, and a tag naming none matches on language and region alone.
    public func admits(_ tag: LanguageTag) -> Bool {
        admits(language: tag.language[...], script: tag.script?[...], region: tag.region?[...])
    }

    /// `admits` for a tag already in canonical form, as every title's language is: its leading
    /// subtags are read in place, which a check asks for every title it reads.
    public func admits(canonical tag: String) -> Bool {
        var rest = tag[...]
        func next() -> Substring? {
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: "-") ?? rest.endIndex
            defer { rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...] }
            return rest[..<end]
        }
        let language = next() ?? ""
        var subtag = next()
        var script: Substring?
        if let found = subtag, found.utf8.count == 4, found.utf8.first.map({ $0 >= UInt8(ascii: "A") }) == true {
            script = found
            subtag = next()
        }
        var region: Substring?
        if let found = subtag,
            found.utf8.count == 2 || found.utf8.count == 3 && (found.utf8.first ?? 0) <= UInt8(ascii: "9")
        {
            region = found
        }
        return admits(language: language, script: script, region: region)
    }

    private func admits(language: Substring, script: Substring?, region: Substring?) -> Bool {
        guard language == self.language else { return false }
        if self.script == nil, self.region == nil { return true }
        if let wanted = self.region, region != wanted[...] { return false }
        if let wanted = likelyScript,
            let found = script.map(String.init) ?? Self.likelyScript(of: String(language), in: region.map(String.init)),
            wanted != found
        {
            return false
        }
        return true
    }

    private static func isLetters<S: StringProtocol>(_ text: S) -> Bool {
        text.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// Deprecated language subtags and their preferred values, from the IANA Language Subtag
    /// Registry (entries with `Deprecated` and `Preferred-Value`): the two-letter ones, which
    /// older Java and Android code still writes. `tl` (Tagalog) is not deprecated there.
    static let deprecatedLanguages = ["in": "id", "iw": "he", "ji": "yi", "jw": "jv", "mo": "ro"]

    /// Deprecated region subtags and their preferred values, from the same registry.
    static let deprecatedRegions = ["BU": "MM", "DD": "DE", "FX": "FR", "TP": "TL", "YD": "YE", "ZR": "CD"]

    /// The IANA registry's grandfathered tags (lower case) and their preferred values; nil for
    /// those it gives none, which name no language chevron can use.
    static let grandfathered: [String: String?] = [
        "art-lojban": "jbo", "cel-gaulish": nil, "en-gb-oed": "en-GB-oxendict", "i-ami": "ami", "i-bnn": "bnn",
        "i-default": nil, "i-enochian": nil, "i-hak": "hak", "i-klingon": "tlh", "i-lux": "lb", "i-mingo": nil,
        "i-navajo": "nv", "i-pwn": "pwn", "i-tao": "tao", "i-tay": "tay", "i-tsu": "tsu", "no-bok": "nb",
        "no-nyn": "nn", "sgn-be-fr": "sfb", "sgn-be-nl": "vgt", "sgn-ch-de": "sgg", "zh-guoyu": "cmn",
        "zh-hakka": "hak", "zh-min": nil, "zh-min-nan": "nan", "zh-xiang": "hsn",
    ]

    /// The English names of Xcode's older projects' `.lproj` folders.
    static let appleFolderNames = [
        "Danish": "da", "Dutch": "nl", "English": "en", "Finnish": "fi", "French": "fr", "German": "de",
        "Italian": "it", "Japanese": "ja", "Korean": "ko", "Polish": "pl", "Portuguese": "pt", "Russian": "ru",
        "Spanish": "es", "Swedish": "sv",
    ]

    /// Android qualifiers of two or three letters that are not languages: the car UI mode (which
    /// Android's resource compiler also refuses as a language), and `hdr`, no ISO 639 code, a
    /// short form of the HDR qualifiers (`highdr`, `lowdr`).
    static let androidNonLanguages: Set<String> = ["car", "hdr"]

    /// The default script of each language written in more than one script, and the regions
    /// where another is likely, from the Unicode CLDR's likelySubtags data (`zh` → `zh-Hans-CN`,
    /// `zh-TW` → `zh-Hant-TW`, `sr` → `sr-Cyrl-RS`, `sr-ME` → `sr-Latn-ME`).
    static let likelyScripts: [String: (default: String, byRegion: [String: String])] = [
        "az": ("Latn", ["IQ": "Arab", "IR": "Arab", "RU": "Cyrl"]),
        "bs": ("Latn", [:]),
        "ff": ("Latn", [:]),
        "ha": ("Latn", ["CM": "Arab", "SD": "Arab"]),
        "kk": ("Cyrl", ["AF": "Arab", "CN": "Arab", "IR": "Arab", "MN": "Arab"]),
        "ks": ("Arab", [:]),
        "ku": ("Latn", ["LB": "Arab"]),
        "ky": ("Cyrl", ["CN": "Arab", "TR": "Latn"]),
        "mn": ("Cyrl", ["CN": "Mong"]),
        "ms": ("Latn", ["CC": "Arab"]),
        "pa": ("Guru", ["PK": "Arab"]),
        "sd": ("Arab", [:]),
        "shi": ("Tfng", [:]),
        "sr": ("Cyrl", ["ME": "Latn", "RO": "Latn", "RU": "Latn", "TR": "Latn"]),
        "tg": ("Cyrl", ["PK": "Arab"]),
        "ug": ("Arab", ["KZ": "Cyrl", "MN": "Cyrl"]),
        "uz": ("Latn", ["AF": "Arab", "CN": "Cyrl"]),
        "vai": ("Vaii", [:]),
        "yue": ("Hant", ["CN": "Hans"]),
        "zh": (
            "Hans",
            Dictionary(uniqueKeysWithValues: ChineseScripts.traditionalRegions.map { ($0, "Hant") })
        ),
    ]
}
