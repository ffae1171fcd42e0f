/// The regular expression of `--titles-comment`, matched in time linear in the comment.
///
/// A pull request writes the project file and the catalogues, so a pattern and the comments it
/// is matched against are both untrusted: a backtracking engine (ICU's, behind
/// `NSRegularExpression`) takes seconds for `(a+)+$` on a 31-character comment and minutes on
/// long ones. This one compiles the pattern to a program of at most `programLimit` steps and
/// runs every way through it side by side over the comment (a Pike machine), so a comment of n
/// characters costs at most n + 1 passes over the program, whatever the pattern; comments are
/// read up to `commentLimit` characters.
///
/// The syntax is ICU's and Python's common core: literals and `\` escapes, `.`, classes
/// (`[a-z]`, `[^…]`, `\d`, `\w`, `\s` and their negations, in or out of brackets), `^`, `$`,
/// `\b`, `\B`, groups (`(…)`, `(?:…)`, `(?<name>…)`), `|`, the quantifiers `*`, `+`, `?`,
/// `{n}`, `{n,}`, `{n,m}` (greedy, lazy `?` or possessive `+`, which change which match is
/// found, not whether one is), and the flags `(?i)`, `(?s)`, `(?m)` and `(?i:…)`. What needs a
/// backtracking engine (back-references, look-around, atomic groups) is refused by name.
public struct CommentPattern: Sendable {
    /// The most steps a compiled pattern may hold (a quantifier's count copies what it repeats).
    public static let programLimit = 10_000
    /// The largest count a quantifier may give (`{1000}`).
    public static let repeatLimit = 1_000
    /// The most characters of a comment that are matched against (64 KiB of ASCII).
    public static let commentLimit = 65_536

    private let program: [Instruction]
    /// How many steps the compiled program holds (at most `programLimit`).
    public var programSize: Int { program.count }
    /// The pattern as given.
    public let source: String

    /// Compiles `pattern`.
    /// - Throws: `CommentPattern.Problem` saying what in the pattern is refused or malformed.
    public init(_ pattern: String) throws(Problem) {
        var parser = Parser(Array(pattern.unicodeScalars))
        let tree = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.program.append(.match)
        guard compiler.program.count <= Self.programLimit else { throw Problem.tooLarge(compiler.program.count) }
        program = compiler.program
        source = pattern
    }

    /// What in a pattern is refused or malformed.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String

        static func at(_ offset: Int, _ reason: String) -> Problem {
            Problem(description: "\(reason) (at character \(offset + 1))")
        }

        static func tooLarge(_ steps: Int) -> Problem {
            Problem(
                description:
                    "the pattern compiles to \(steps) steps, over the \(CommentPattern.programLimit) a pattern may take "
                    + "(a quantifier's count copies what it repeats)")
        }
    }

    /// Whether the pattern matches somewhere in `text` (its first `commentLimit` characters);
    /// `steps`, when given, counts the program steps taken (at most the program's size for each
    /// character and one more).
    public func matches(_ text: String, steps: UnsafeMutablePointer<Int>? = nil) -> Bool {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(min(text.unicodeScalars.count, Self.commentLimit))
        for scalar in text.unicodeScalars.prefix(Self.commentLimit) { scalars.append(scalar) }
        var machine = Machine(program: program, text: scalars)
        let found = machine.run()
        steps?.pointee += machine.steps
        return found
    }
}

// MARK: The program

extension CommentPattern {
    /// A set of characters: ranges and classes, perhaps negated, perhaps without regard to case.
    struct CharacterSet: Sendable {
        enum Class: Sendable { case digit, word, space }
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [(Class, negated: Bool)] = []
        var negated = false
        var ignoresCase = false

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            var found = holds(scalar)
            if !found, ignoresCase {
                found = Self.otherCases(of: scalar).contains(where: holds)
            }
            return found != negated
        }

        private func holds(_ scalar: Unicode.Scalar) -> Bool {
            if ranges.contains(where: { $0.contains(scalar.value) }) { return true }
            return classes.contains { kind, negated in Self.isIn(kind, scalar) != negated }
        }

        static func isIn(_ kind: Class, _ scalar: Unicode.Scalar) -> Bool {
            switch kind {
            case .digit: scalar.properties.generalCategory == .decimalNumber
            case .space: scalar.properties.isWhitespace
            case .word:
                scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
                    || scalar.properties.generalCategory == .nonspacingMark
                    || scalar.properties.generalCategory == .connectorPunctuation
            }
        }

        /// The scalar's lowercase and uppercase forms where each is one scalar.
        static func otherCases(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
            var result: [Unicode.Scalar] = []
            for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
                let scalars = mapped.unicodeScalars
                if scalars.count == 1, let only = scalars.first, only != scalar { result.append(only) }
            }
            return result
        }
    }

    enum Assertion: Sendable {
        case textStart, textEnd, lineStart, lineEnd, wordBoundary, notWordBoundary
    }

    enum Instruction: Sendable {
        case set(CharacterSet)
        /// Any character; with `dotAll`, a line break too.
        case any(dotAll: Bool)
        case split(Int, Int)
        case jump(Int)
        case assert(Assertion)
        case match
    }
}

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

// MARK: Compiling

extension CommentPattern {
    struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(Problem) {
            guard program.count <= CommentPattern.programLimit else { throw Problem.tooLarge(program.count) }
            switch node {
            case .empty: break
            case .set(let set): program.append(.set(set))
            case .any(let dotAll): program.append(.any(dotAll: dotAll))
            case .assert(let assertion): program.append(.assert(assertion))
            case .sequence(let items): for item in items { try emit(item) }
            case .choice(let branches):
                // split L1, L2; L1: a; jump end; L2: split … ; last: z; end:
                var jumps: [Int] = []
                for (position, branch) in branches.enumerated() {
                    if position < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, 0))
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repeated(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                if let max {
                    // Each optional copy: split in, skip.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, 0))
                        try emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    try emit(inner)
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
            }
        }
    }

    /// Every way through the program, side by side, one character at a time.
    struct Machine {
        let program: [Instruction]
        let text: [Unicode.Scalar]
        var steps = 0
        /// When each step was last added to a list: each is added once per position.
        private var added: [Int]
        private var generation = 0

        init(program: [Instruction], text: [Unicode.Scalar]) {
            self.program = program
            self.text = text
            added = Array(repeating: -1, count: program.count)
        }

        mutating func run() -> Bool {
            var current: [Int] = []
            var next: [Int] = []
            for position in 0...text.count {
                // A match may start anywhere: the program's start joins every position.
                generation = position
                var starting = current
                current.removeAll(keepingCapacity: true)
                starting.append(0)
                for thread in starting where follow(thread, at: position, into: &current) { return true }
                guard position < text.count else { break }
                let scalar = text[position]
                next.removeAll(keepingCapacity: true)
                for thread in current {
                    steps += 1
                    switch program[thread] {
                    case .set(let set) where set.contains(scalar): next.append(thread + 1)
                    case .any(let dotAll) where dotAll || scalar != "\n": next.append(thread + 1)
                    default: break
                    }
                }
                swap(&current, &next)
            }
            return false
        }

        /// Adds `thread` and what it reaches without reading a character to `list`; true when it
        /// reaches the match.
        private mutating func follow(_ thread: Int, at position: Int, into list: inout [Int]) -> Bool {
            var stack = [thread]
            while let pc = stack.popLast() {
                guard added[pc] != generation else { continue }
                added[pc] = generation
                steps += 1
                switch program[pc] {
                case .match: return true
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assert(let assertion):
                    if holds(assertion, at: position) { stack.append(pc + 1) }
                case .set, .any: list.append(pc)
                }
            }
            return false
        }

        private func holds(_ assertion: Assertion, at position: Int) -> Bool {
            let before = position > 0 ? text[position - 1] : nil
            let after = position < text.count ? text[position] : nil
            func isWord(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { CharacterSet.isIn(.word, $0) } ?? false }
            switch assertion {
            case .textStart: return position == 0
            case .textEnd: return position == text.count || (position == text.count - 1 && after == "\n")
            case .lineStart: return position == 0 || before == "\n"
            case .lineEnd: return position == text.count || after == "\n"
            case .wordBoundary: return isWord(before) != isWord(after)
            case .notWordBoundary: return isWord(before) == isWord(after)
            }
        }
    }
}
