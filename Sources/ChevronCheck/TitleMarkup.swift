/// Markup a catalogue's titles may hold, which a device draws as styling, not as text: what a
/// check measures is the text shown (`--markup none` measures the title as written).
///
/// - `markdown`: SwiftUI's inline Markdown, which `Text` reads from a localized string key in
///   Apple catalogues (`.strings`, `.stringsdict`, `.xcstrings`, and XLIFF exported from them):
///   `**bold**` and `__bold__`, `*italic*` and `_italic_`, `~~struck~~`, `` `code` ``,
///   `[text](url)`, `<https://autolink>` and backslash escapes. Emphasis follows CommonMark's
///   flanking rules, so `snake_case_name`, `2 * 3 * 4` and `**x **` stay as written.
/// - `html`: the HTML Android draws from a string resource (`<b>`, `<i>`, `<u>` and the other
///   tags `Html.fromHtml` knows, in the element or in CDATA); a `<` that starts no such tag
///   (`<no name>`) is text.
public enum TitleMarkup: String, Sendable, CaseIterable {
    case markdown, html

    /// The text shown for `title`, and whether it has a run whose style may change its width
    /// (bold, italic, code, big, small …); nil when the title has no markup to take out.
    public func shown(_ title: String) -> (text: String, styled: Bool)? {
        switch self {
        case .markdown: MarkdownText.shown(title)
        case .html: HTMLMarkup.shown(title)
        }
    }
}

/// SwiftUI's inline Markdown taken out of a title (`TitleMarkup.markdown`).
enum MarkdownText {
    private enum Piece {
        case text(Character)
        /// A run of `*`, `_` or `~`, with whether it can open and close emphasis.
        case delimiter(Character, count: Int, opens: Bool, closes: Bool)
    }

    /// What a backslash escapes: ASCII punctuation.
    private static let asciiPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

    static func shown(_ title: String) -> (text: String, styled: Bool)? {
        guard title.contains(where: { "*_~`[]<\\".contains($0) }) else { return nil }
        var styled = false
        let text = inline(Array(title), styled: &styled)
        return text == title ? nil : (text, styled)
    }

    /// The text of `characters`: code spans, escapes, links and autolinks first, then emphasis.
    private static func inline(_ characters: [Character], styled: inout Bool) -> String {
        var pieces: [Piece] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && asciiPunctuation.contains(characters[index + 1]):
                pieces.append(.text(characters[index + 1]))
                index += 2
            case "`":
                var run = index
                while run < characters.count, characters[run] == "`" { run += 1 }
                let length = run - index
                if let close = closingBackticks(characters, from: run, length: length) {
                    styled = true
                    var code = Array(characters[run..<close])
                    // One space each side of code that is not all spaces is taken off.
                    if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
                        code = Array(code.dropFirst().dropLast())
                    }
                    pieces += code.map(Piece.text)
                    index = close + length
                } else {
                    pieces += characters[index..<run].map(Piece.text)
                    index = run
                }
            case "[":
                if let (label, end) = link(characters, at: index) {
                    var inner = false
                    pieces += inline(label, styled: &inner).map(Piece.text)
                    styled = styled || inner
                    index = end
                } else {
                    pieces.append(.text(character))
                    index += 1
                }
            case "<":
                if let close = characters[index...].firstIndex(of: ">"),
                    isAutolink(String(characters[(index + 1)..<close]))
                {
                    pieces += characters[(index + 1)..<close].map(Piece.text)
                    index = close + 1
                } else {
                    pieces.append(.text(character))
                    index += 1
                }
            case "*", "_", "~":
                var run = index
                while run < characters.count, characters[run] == character { run += 1 }
                let before: Character? = index > 0 ? characters[index - 1] : nil
                let after: Character? = run < characters.count ? characters[run] : nil
                let left = flanking(next: after, previous: before)
                let right = flanking(next: before, previous: after)
                var opens = left
                var closes = right
                if character == "_" {
                    // Within a word an underscore neither opens nor closes.
                    opens = left && (!right || isPunctuation(before))
                    closes = right && (!left || isPunctuation(after))
                }
                if character == "~", run - index != 2 {
                    (opens, closes) = (false, false)
                }
                pieces.append(.delimiter(character, count: run - index, opens: opens, closes: closes))
                index = run
            default:
                pieces.append(.text(character))
                index += 1
            }
        }
        return emphasis(pieces, styled: &styled)
    }

    /// CommonMark's flanking test: a run is left-flanking when the character after it is not
    /// white space, and is not punctuation or follows white space or punctuation.
    private static func flanking(next: Character?, previous: Character?) -> Bool {
        guard let next, !next.isWhitespace else { return false }
        return !isPunctuation(next) || previous == nil || previous?.isWhitespace == true || isPunctuation(previous)
    }

    private static func isPunctuation(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isPunctuation || character.isSymbol
    }

    /// Matches openers to closers (the nearest opener of the same character, as many of its
    /// markers as both have, two for bold); unmatched markers stay text.
    private static func emphasis(_ pieces: [Piece], styled: inout Bool) -> String {
        // Per delimiter piece: how many markers are still unmatched and whether they are kept.
        var remaining: [Int: Int] = [:]
        var removed: [Int: Int] = [:]
        var openers: [Int] = []
        for (position, piece) in pieces.enumerated() {
            guard case .delimiter(let character, let count, let opens, let closes) = piece else { continue }
            remaining[position] = count
            if closes {
                var left = count
                while left > 0,
                    let found = openers.lastIndex(where: { opener in
                        guard case .delimiter(let other, _, _, _) = pieces[opener] else { return false }
                        return other == character && (remaining[opener] ?? 0) > 0
                    })
                {
                    let opener = openers[found]
                    let used = character == "~" ? 2 : min(left, remaining[opener] ?? 0, 2)
                    guard character != "~" || (remaining[opener] ?? 0) >= 2 else { break }
                    remaining[opener, default: 0] -= used
                    removed[opener, default: 0] += used
                    left -= used
                    removed[position, default: 0] += used
                    if character != "~" { styled = true }
                    // Openers between them can no longer match.
                    openers.removeSubrange((found + 1)...)
                    if remaining[opener] == 0 { openers.remove(at: found) }
                }
                remaining[position] = left
                if left > 0, opens { openers.append(position) }
            } else if opens {
                openers.append(position)
            }
        }
        var text = ""
        for (position, piece) in pieces.enumerated() {
            switch piece {
            case .text(let character): text.append(character)
            case .delimiter(let character, let count, _, _):
                let kept = count - (removed[position] ?? 0)
                if kept > 0 { text += String(repeating: character, count: kept) }
            }
        }
        return text
    }

    /// The end of a code span opened by `length` backticks, where a run of as many closes it.
    private static func closingBackticks(_ characters: [Character], from start: Int, length: Int) -> Int? {
        var index = start
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var run = index
            while run < characters.count, characters[run] == "`" { run += 1 }
            if run - index == length { return index }
            index = run
        }
        return nil
    }

    /// A link at `start` (`[label](destination)`, brackets balanced): its label and the offset
    /// past its `)`.
    private static func link(_ characters: [Character], at start: Int) -> ([Character], Int)? {
        var depth = 0
        var index = start
        var close: Int?
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { close = index }
            default: break
            }
            if close != nil { break }
            index += 1
        }
        guard let close, close + 1 < characters.count, characters[close + 1] == "(" else { return nil }
        var end = close + 2
        func skipSpace() { while end < characters.count, characters[end].isWhitespace { end += 1 } }
        skipSpace()
        // The destination: in angle brackets, or no white space and its parentheses balanced.
        if end < characters.count, characters[end] == "<" {
            guard let closing = characters[end...].firstIndex(where: { $0 == ">" || $0 == "\n" }),
                characters[closing] == ">"
            else { return nil }
            end = closing + 1
        } else {
            var parentheses = 0
            while end < characters.count, !characters[end].isWhitespace {
                if characters[end] == "(" { parentheses += 1 }
                if characters[end] == ")" {
                    if parentheses == 0 { break }
                    parentheses -= 1
                }
                end += 1
            }
        }
        skipSpace()
        // An optional title: "…", '…' or (…).
        if end < characters.count,
            let quote = (["\"": "\"", "'": "'", "(": ")"] as [Character: Character])[characters[end]]
        {
            guard let closing = characters[(end + 1)...].firstIndex(of: quote) else { return nil }
            end = closing + 1
            skipSpace()
        }
        guard end < characters.count, characters[end] == ")" else { return nil }
        return (Array(characters[(start + 1)..<close]), end + 1)
    }

    /// Whether `text` (between `<` and `>`) is an autolink: a scheme of 2–32 letters, digits,
    /// `+`, `.` or `-` starting with a letter, a colon, and no white space or `<`.
    private static func isAutolink(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard (2...32).contains(scheme.count), scheme.first?.isLetter == true, scheme.allSatisfy({ $0.isASCII }),
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) })
        else { return false }
        return !text.contains(where: { $0.isWhitespace || $0 == "<" })
    }
}

/// The HTML tags Android draws from a string resource, taken out of a title (`TitleMarkup.html`).
enum HTMLMarkup {
    /// The tags `Html.fromHtml` and a resource's styled text know; any other `<…>` is text.
    static let tags: Set<String> = [
        "a", "annotation", "b", "big", "blockquote", "br", "cite", "del", "dfn", "div", "em", "font", "h1", "h2",
        "h3", "h4", "h5", "h6", "i", "img", "li", "p", "s", "small", "span", "strike", "strong", "sub", "sup",
        "tt", "u", "ul",
    ]
    /// The tags whose text is drawn in another size or face, which changes its width.
    static let widening: Set<String> = [
        "b", "big", "cite", "dfn", "em", "font", "h1", "h2", "h3", "h4", "h5", "h6", "i", "small", "strong", "sub",
        "sup", "tt",
    ]

    static func shown(_ title: String) -> (text: String, styled: Bool)? {
        guard title.contains("<") else { return nil }
        var text = ""
        var styled = false
        var changed = false
        var index = title.startIndex
        while index < title.endIndex {
            guard title[index] == "<", let close = title[index...].firstIndex(of: ">"),
                let (name, closing) = tag(title[title.index(after: index)..<close])
            else {
                text.append(title[index])
                index = title.index(after: index)
                continue
            }
            changed = true
            if widening.contains(name) { styled = true }
            if name == "br", !closing { text.append("\n") }
            index = title.index(after: close)
        }
        return changed ? (text, styled) : nil
    }

    /// The lowercased name of a tag written between `<` and `>` (`b`, `/b`, `font color="red"`,
    /// `br/`) and whether it closes one, nil when it names no tag Android knows.
    private static func tag(_ inside: Substring) -> (name: String, closing: Bool)? {
        var inside = inside
        let closing = inside.first == "/"
        if closing { inside = inside.dropFirst() }
        let name = inside.prefix { $0.isLetter || $0.isNumber }.lowercased()
        let rest = inside.dropFirst(name.count)
        guard tags.contains(name), rest.isEmpty || rest.first == " " || rest.first == "/" else { return nil }
        return (name, closing)
    }
}
