/// The parser of `CommentPattern`: the pattern's text into a tree of nodes, refusing by name what
/// needs a backtracking engine.

// MARK: Parsing

extension CommentPattern {
    indirect enum Node {
        case empty
        case set(CharacterSet)
        case any(dotAll: Bool)
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
        case assert(Assertion)
    }

    struct Flags {
        var ignoresCase = false
        var dotAll = false
        var multiline = false
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Groups open around the one being read: the parser and the matcher recurse once a
        /// level, so nesting is bounded (chosen: far more than a comment pattern needs, far
        /// less than a thread's stack holds).
        private var depth = 0
        static let maximumDepth = 100

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func parseWhole() throws(Problem) -> Node {
            var flags = Flags()
            let node = try choice(&flags)
            guard index == scalars.count else { throw Problem.at(index, "an unmatched )") }
            return node
        }

        private var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private mutating func choice(_ flags: inout Flags) throws(Problem) -> Node {
            var branches = [try sequence(&flags)]
            while next == "|" {
                index += 1
                branches.append(try sequence(&flags))
            }
            return branches.count == 1 ? branches[0] : .choice(branches)
        }

        private mutating func sequence(_ flags: inout Flags) throws(Problem) -> Node {
            var items: [Node] = []
            while let scalar = next, scalar != "|", scalar != ")" {
                guard let atom = try atom(&flags) else { continue }
                items.append(try quantified(atom))
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func quantified(_ atom: Node) throws(Problem) -> Node {
            var node = atom
            while let scalar = next {
                let start = index
                var bounds: (Int, Int?)
                switch scalar {
                case "*": bounds = (0, nil)
                case "+": bounds = (1, nil)
                case "?": bounds = (0, 1)
                case "{":
                    guard let counted = try counts() else { return node }
                    bounds = counted
                    index -= 1
                default: return node
                }
                index += 1
                if case .assert = node { throw Problem.at(start, "a quantifier after an anchor") }
                if next == "?" || next == "+" { index += 1 }  // lazy and possessive find a match alike
                node = .repeated(node, min: bounds.0, max: bounds.1)
            }
            return node
        }

        /// `{n}`, `{n,}`, `{n,m}` at `index` (left after its `}` less one), nil when the brace is
        /// a literal one (as ICU and Python read `{x`).
        private mutating func counts() throws(Problem) -> (Int, Int?)? {
            let start = index
            var cursor = index + 1
            func number() -> Int? {
                var value: Int?
                while cursor < scalars.count, let digit = Int(String(scalars[cursor])), scalars[cursor].isASCII {
                    value = min((value ?? 0) * 10 + digit, CommentPattern.repeatLimit + 1)
                    cursor += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < scalars.count, scalars[cursor] == "," {
                cursor += 1
                high = number()
            }
            guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
            guard low <= CommentPattern.repeatLimit, (high ?? 0) <= CommentPattern.repeatLimit else {
                throw Problem.at(start, "a count over \(CommentPattern.repeatLimit)")
            }
            if let high, high < low { throw Problem.at(start, "a count's maximum below its minimum") }
            index = cursor + 1
            return (low, high)
        }

        /// One atom, or nil for a flag group that only sets flags (`(?i)`).
        private mutating func atom(_ flags: inout Flags) throws(Problem) -> Node? {
            guard let scalar = next else { return .empty }
            let start = index
            index += 1
            switch scalar {
            case ".": return .any(dotAll: flags.dotAll)
            case "^": return .assert(flags.multiline ? .lineStart : .textStart)
            case "$": return .assert(flags.multiline ? .lineEnd : .textEnd)
            case "[": return .set(try bracket(flags))
            case "\\": return try escape(flags, inBracket: false)
            case "*", "+", "?": throw Problem.at(start, "a quantifier with nothing to repeat")
            case "(": return try group(&flags, start: start)
            default:
                return .set(Self.literal(scalar, flags))
            }
        }

        static func literal(_ scalar: Unicode.Scalar, _ flags: Flags) -> CharacterSet {
            var set = CharacterSet(ranges: [scalar.value...scalar.value])
            set.ignoresCase = flags.ignoresCase
            return set
        }

        private mutating func group(_ flags: inout Flags, start: Int) throws(Problem) -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else {
                throw Problem.at(start, "groups nested more than \(Self.maximumDepth) deep")
            }
            var inner = flags
            if next == "?" {
                index += 1
                guard let kind = next else { throw Problem.at(start, "an unfinished group") }
                switch kind {
                case ":": index += 1
                case "<" where index + 1 < scalars.count && scalars[index + 1] != "=" && scalars[index + 1] != "!":
                    // A named group: its name is read and dropped.
                    guard let close = scalars[index...].firstIndex(of: ">") else {
                        throw Problem.at(start, "an unfinished group name")
                    }
                    index = close + 1
                case "P" where index + 1 < scalars.count && scalars[index + 1] == "<":
                    guard let close = scalars[index...].firstIndex(of: ">") else {
                        throw Problem.at(start, "an unfinished group name")
                    }
                    index = close + 1
                case "=", "!", "<":
                    throw Problem.at(
                        start, "look-around ((?=, (?!, (?<=, (?<!) needs a backtracking engine and is refused")
                case ">":
                    throw Problem.at(start, "an atomic group ((?>) needs a backtracking engine and is refused")
                default:
                    // Flags: (?i) for the rest of the group, (?i:…) for what follows the colon.
                    var set = inner
                    var on = true
                    while let letter = next, letter != ")", letter != ":" {
                        switch letter {
                        case "i": set.ignoresCase = on
                        case "s": set.dotAll = on
                        case "m": set.multiline = on
                        case "-": on = false
                        default: throw Problem.at(index, "an unknown flag \(letter) (i, s and m are known)")
                        }
                        index += 1
                    }
                    guard let end = next else { throw Problem.at(start, "an unfinished group") }
                    index += 1
                    if end == ")" {
                        flags = set
                        return nil
                    }
                    inner = set
                }
            }
            let node = try choice(&inner)
            guard next == ")" else { throw Problem.at(start, "an unclosed (") }
            index += 1
            return node
        }

        private mutating func escape(_ flags: Flags, inBracket: Bool) throws(Problem) -> Node {
            let start = index - 1
            guard let scalar = next else { throw Problem.at(start, "a \\ at the end of the pattern") }
            index += 1
            func kind(_ kind: CharacterSet.Class, negated: Bool) -> Node {
                .set(CharacterSet(classes: [(kind, negated)]))
            }
            switch scalar {
            case "d": return kind(.digit, negated: false)
            case "D": return kind(.digit, negated: true)
            case "w": return kind(.word, negated: false)
            case "W": return kind(.word, negated: true)
            case "s": return kind(.space, negated: false)
            case "S": return kind(.space, negated: true)
            case "b" where !inBracket: return .assert(.wordBoundary)
            case "B" where !inBracket: return .assert(.notWordBoundary)
            case "A" where !inBracket: return .assert(.textStart)
            case "z", "Z": return .assert(.textEnd)
            case "n": return .set(Self.literal("\n", flags))
            case "t": return .set(Self.literal("\t", flags))
            case "r": return .set(Self.literal("\r", flags))
            case "f": return .set(Self.literal("\u{0C}", flags))
            case "v": return .set(Self.literal("\u{0B}", flags))
            case "x", "u":
                // \xHH, \uHHHH, \x{H…}
                var digits = ""
                if next == "{" {
                    index += 1
                    while let digit = next, digit != "}" {
                        digits.unicodeScalars.append(digit)
                        index += 1
                    }
                    index += 1
                } else {
                    for _ in 0..<(scalar == "x" ? 2 : 4) where next != nil {
                        digits.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                }
                guard let value = UInt32(digits, radix: 16), let found = Unicode.Scalar(value) else {
                    throw Problem.at(start, "a malformed \\\(scalar) escape")
                }
                return .set(Self.literal(found, flags))
            case "1"..."9", "k":
                throw Problem.at(start, "a back-reference needs a backtracking engine and is refused")
            case "p", "P":
                throw Problem.at(start, "Unicode property classes (\\p{…}) are not read; use \\w or a bracket class")
            default:
                guard !scalar.properties.isAlphabetic || !scalar.isASCII else {
                    throw Problem.at(start, "an unknown escape \\\(scalar)")
                }
                return .set(Self.literal(scalar, flags))
            }
        }

        /// A bracket class, after its `[`.
        private mutating func bracket(_ flags: Flags) throws(Problem) -> CharacterSet {
            let start = index - 1
            var set = CharacterSet()
            set.ignoresCase = flags.ignoresCase
            if next == "^" {
                set.negated = true
                index += 1
            }
            var first = true
            while true {
                guard let scalar = next else { throw Problem.at(start, "an unclosed [") }
                if scalar == "]", !first {
                    index += 1
                    return set
                }
                first = false
                if scalar == "[" { throw Problem.at(index, "a nested class ([[…]]) is not read") }
                var low: UInt32
                if scalar == "\\" {
                    index += 1
                    switch try escape(flags, inBracket: true) {
                    case .set(let escaped) where escaped.ranges.count == 1 && escaped.classes.isEmpty:
                        low = escaped.ranges[0].lowerBound
                    case .set(let escaped):
                        set.classes += escaped.classes
                        continue
                    default:
                        throw Problem.at(index, "an escape that is no character in a class")
                    }
                } else {
                    low = scalar.value
                    index += 1
                }
                // A range a-z (a - before ] is a literal).
                if next == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    var high = scalars[index].value
                    if scalars[index] == "\\" {
                        index += 1
                        guard case .set(let escaped) = try escape(flags, inBracket: true), escaped.ranges.count == 1,
                            escaped.classes.isEmpty
                        else { throw Problem.at(index, "a range that ends in a class") }
                        high = escaped.ranges[0].lowerBound
                    } else {
                        index += 1
                    }
                    guard low <= high else { throw Problem.at(index, "a range whose end comes before its start") }
                    set.ranges.append(low...high)
                } else {
                    set.ranges.append(low...low)
                }
            }
        }
    }
}
