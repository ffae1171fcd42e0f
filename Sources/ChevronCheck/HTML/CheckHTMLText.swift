import ChevronJSON

/// Text as the HTML report writes it: every string that comes from a catalogue (keys, titles,
/// file names, languages, look names of manifests) goes through one of these before it reaches
/// the page.
public enum HTMLText {
    /// `text` for an attribute value in double quotes, or for element content where nothing is to
    /// be shown specially: `&`, `<`, `>`, `"` and `'` as character references; a control character
    /// (other than tab and line feed) or a noncharacter as U+FFFD, which HTML cannot carry.
    public static func escaped(_ text: String) -> String {
        // Most text has nothing to escape: no markup character, no control, no 0xEF (which
        // starts U+FFFE and U+FFFF) and no 0xC2 (which starts the C1 controls).
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != 0x7F && byte != 0xEF && byte != 0xC2 && byte != UInt8(ascii: "&")
                && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"")
                && byte != UInt8(ascii: "'")
        }
        if plain { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where isControl(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as element content that shows what the catalogue holds: markup escaped as
    /// `escaped` does, and every character that would act on the page rather than show (a
    /// bidirectional control, which could reorder the text around it; a line or paragraph
    /// separator; a control character) drawn as a visible mark naming it, `<span class="ctl"
    /// title="U+202E RIGHT-TO-LEFT OVERRIDE">RLO</span>`.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { mark(for: $0) != nil }) else { return escaped(text) }
        var result = ""
        var run = ""
        for scalar in text.unicodeScalars {
            guard let (label, name) = mark(for: scalar) else {
                run.unicodeScalars.append(scalar)
                continue
            }
            result += escaped(run)
            run = ""
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).paddedLeft(to: 4)
            result += "<span class=\"ctl\" title=\"\(code) \(name)\">\(label)</span>"
        }
        return result + escaped(run)
    }

    /// The visible label and the name of a character `shown` marks; nil for one shown as it is.
    static func mark(for scalar: Unicode.Scalar) -> (String, String)? {
        switch scalar.value {
        case 0x0A: ("↵", "LINE FEED")
        case 0x0D: ("␍", "CARRIAGE RETURN")
        case 0x09: ("⇥", "CHARACTER TABULATION")
        case 0x200E: ("LRM", "LEFT-TO-RIGHT MARK")
        case 0x200F: ("RLM", "RIGHT-TO-LEFT MARK")
        case 0x061C: ("ALM", "ARABIC LETTER MARK")
        case 0x202A: ("LRE", "LEFT-TO-RIGHT EMBEDDING")
        case 0x202B: ("RLE", "RIGHT-TO-LEFT EMBEDDING")
        case 0x202C: ("PDF", "POP DIRECTIONAL FORMATTING")
        case 0x202D: ("LRO", "LEFT-TO-RIGHT OVERRIDE")
        case 0x202E: ("RLO", "RIGHT-TO-LEFT OVERRIDE")
        case 0x2066: ("LRI", "LEFT-TO-RIGHT ISOLATE")
        case 0x2067: ("RLI", "RIGHT-TO-LEFT ISOLATE")
        case 0x2068: ("FSI", "FIRST STRONG ISOLATE")
        case 0x2069: ("PDI", "POP DIRECTIONAL ISOLATE")
        case 0x2028: ("LS", "LINE SEPARATOR")
        case 0x2029: ("PS", "PARAGRAPH SEPARATOR")
        case _ where isControl(scalar): ("U+" + String(scalar.value, radix: 16, uppercase: true), "CONTROL")
        default: nil
        }
    }

    /// A character HTML cannot carry as text: a C0 control other than tab and line feed, DEL, a
    /// C1 control, or a noncharacter.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
            || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// `text` for a URL's path or fragment value: every byte but the unreserved ones (and `/`
    /// when `keepingSlashes`) percent-encoded, from its UTF-8.
    public static func percentEncoded(_ text: String, keepingSlashes: Bool = false) -> String {
        let digits = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                result.append("/")
            default:
                result.append("%")
                result.append(digits[Int(byte >> 4)])
                result.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }
}

/// FNV-1a with a 128-bit state over bytes: the names of the report's pictures. Unlike the
/// engine's hashes it has no seed, so a picture keeps its name from run to run.
struct PictureHash {
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    private var low: UInt64 = 0x62b8_2175_6295_c58d

    /// Adds `bytes`.
    mutating func combine(_ bytes: some Sequence<UInt8>) {
        // The prime is 2^88 + 2^8 + 0x3b: its high word 2^24, its low word 0x13b.
        for byte in bytes {
            low ^= UInt64(byte)
            let product = low.multipliedFullWidth(by: 0x13b)
            high = product.high &+ (low &* (1 << 24)) &+ (high &* 0x13b)
            low = product.low
        }
    }

    /// Adds a string's UTF-8 bytes, then a NUL that ends it (so "ab"+"c" is not "a"+"bc").
    mutating func combine(_ text: String) {
        combine(text.utf8)
        combine(CollectionOfOne(0))
    }

    /// The 32 hexadecimal digits of the state.
    var hex: String {
        func digits(_ word: UInt64) -> String { String(word, radix: 16).paddedLeft(to: 16) }
        return digits(high) + digits(low)
    }
}

extension String {
    /// The string with `pad` characters before it up to `count` characters.
    fileprivate func paddedLeft(to count: Int, with pad: Character = "0") -> String {
        self.count >= count ? self : String(repeating: pad, count: count - self.count) + self
    }
}

extension HTMLText {
    /// `text` as `shown` marks it, as the member `key` of the page's data: plain runs as
    /// strings, each marked character as `[label, title]`; no member when nothing in it is marked.
    static func marked(_ text: String, as key: String, _ json: inout JSONTextWriter) {
        guard text.unicodeScalars.contains(where: { mark(for: $0) != nil }) else { return }
        json.member(key) { json in
            json.array { json in
                var run = ""
                for scalar in text.unicodeScalars {
                    guard let (label, name) = mark(for: scalar) else {
                        run.unicodeScalars.append(scalar)
                        continue
                    }
                    if !run.isEmpty { json.value(run) }
                    run = ""
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    json.array {
                        $0.value(label)
                        $0.value("\(code) \(name)")
                    }
                }
                if !run.isEmpty { json.value(run) }
            }
        }
    }
}
