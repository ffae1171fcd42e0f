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
