/// A Varlink interface description (https://varlink.org/Interface-Definition), parsed: what the
/// code generator reads. Comments directly above a member are kept as its documentation.
public struct IDLInterface: Sendable, Hashable {
    /// The interface's name (`io.chevron.BackButton`).
    public var name: String
    /// The comment above the `interface` line.
    public var documentation: String
    /// The named types, in order.
    public var types: [IDLTypeDefinition]
    /// The methods, in order.
    public var methods: [IDLMethod]
    /// The errors, in order.
    public var errors: [IDLError]
}

/// A type of the IDL.
public indirect enum IDLType: Sendable, Hashable {
    case bool, int, float, string, object
    /// A type defined by name in the same interface.
    case named(String)
    /// `[]T`.
    case array(IDLType)
    /// `[string]T`.
    case dictionary(IDLType)
    /// `?T`: the field may be absent (or null).
    case optional(IDLType)
    /// `(name: T, ...)`.
    case structure([IDLField])
    /// `(a, b, c)`.
    case enumeration([String])
}

/// A field of a struct.
public struct IDLField: Sendable, Hashable {
    public var name: String
    public var type: IDLType
}

/// `type Name ...`.
public struct IDLTypeDefinition: Sendable, Hashable {
    public var name: String
    public var type: IDLType
    public var documentation: String
}

/// `method Name(...) -> (...)`.
public struct IDLMethod: Sendable, Hashable {
    public var name: String
    public var input: [IDLField]
    public var output: [IDLField]
    public var documentation: String
}

/// `error Name (...)`.
public struct IDLError: Sendable, Hashable {
    public var name: String
    public var fields: [IDLField]
    public var documentation: String
}

/// Why a description could not be parsed: the line and what was expected.
public struct IDLParseError: Error, CustomStringConvertible, Sendable {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Parses interface descriptions.
public enum IDLParser {
    public static func parse(_ text: String) throws(IDLParseError) -> IDLInterface {
        var scanner = Scanner(Array(text.unicodeScalars))
        let documentation = scanner.takeComments()
        try scanner.keyword("interface")
        let name = try scanner.qualifiedName()
        var interface = IDLInterface(name: name, documentation: documentation, types: [], methods: [], errors: [])
        while true {
            let comment = scanner.takeComments()
            guard let word = scanner.peekWord() else { break }
            switch word {
            case "type":
                try scanner.keyword("type")
                let name = try scanner.word()
                interface.types.append(IDLTypeDefinition(name: name, type: try scanner.type(), documentation: comment))
            case "method":
                try scanner.keyword("method")
                let name = try scanner.word()
                let input = try scanner.structure()
                try scanner.punctuation("->")
                let output = try scanner.structure()
                interface.methods.append(IDLMethod(name: name, input: input, output: output, documentation: comment))
            case "error":
                try scanner.keyword("error")
                let name = try scanner.word()
                interface.errors.append(IDLError(name: name, fields: try scanner.structure(), documentation: comment))
            default:
                throw IDLParseError(line: scanner.line, message: "expected type, method or error, found \(word)")
            }
        }
        guard scanner.atEnd else { throw IDLParseError(line: scanner.line, message: "unexpected text") }
        return interface
    }
}

private struct Scanner {
    let scalars: [Unicode.Scalar]
    var position = 0
    var line = 1

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return position >= scalars.count
        }
    }

    mutating func skipSpace() {
        while position < scalars.count, scalars[position].properties.isWhitespace {
            if scalars[position] == "\n" { line += 1 }
            position += 1
        }
    }

    /// The comment lines (`# …`) before the next member, joined; a blank line ends a block, so
    /// only the block right above the member is its documentation.
    mutating func takeComments() -> String {
        var lines: [String] = []
        while true {
            var blankLines = 0
            while position < scalars.count, scalars[position].properties.isWhitespace {
                if scalars[position] == "\n" {
                    line += 1
                    blankLines += 1
                }
                position += 1
            }
            guard position < scalars.count, scalars[position] == "#" else { return lines.joined(separator: "\n") }
            if blankLines > 1 { lines = [] }
            position += 1
            var text = ""
            while position < scalars.count, scalars[position] != "\n" {
                text.unicodeScalars.append(scalars[position])
                position += 1
            }
            lines.append(text.hasPrefix(" ") ? String(text.dropFirst()) : text)
        }
    }

    mutating func skipSpaceAndComments() {
        while true {
            skipSpace()
            guard position < scalars.count, scalars[position] == "#" else { return }
            while position < scalars.count, scalars[position] != "\n" { position += 1 }
        }
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }

    mutating func peekWord() -> String? {
        skipSpaceAndComments()
        var end = position
        var text = ""
        while end < scalars.count, Self.isWordScalar(scalars[end]) {
            text.unicodeScalars.append(scalars[end])
            end += 1
        }
        return text.isEmpty ? nil : text
    }

    mutating func word() throws(IDLParseError) -> String {
        guard let word = peekWord() else { throw IDLParseError(line: line, message: "expected a name") }
        position += word.unicodeScalars.count
        return word
    }

    mutating func keyword(_ keyword: String) throws(IDLParseError) {
        let found = try word()
        guard found == keyword else { throw IDLParseError(line: line, message: "expected \(keyword), found \(found)") }
    }

    mutating func qualifiedName() throws(IDLParseError) -> String {
        var name = try word()
        while position < scalars.count, scalars[position] == "." {
            position += 1
            name += "." + (try word())
        }
        return name
    }

    mutating func peek(_ text: String) -> Bool {
        skipSpaceAndComments()
        let wanted = Array(text.unicodeScalars)
        guard position + wanted.count <= scalars.count else { return false }
        return Array(scalars[position..<position + wanted.count]) == wanted
    }

    mutating func punctuation(_ text: String) throws(IDLParseError) {
        guard peek(text) else { throw IDLParseError(line: line, message: "expected \(text)") }
        position += text.unicodeScalars.count
    }

    mutating func type() throws(IDLParseError) -> IDLType {
        if peek("?") {
            position += 1
            return .optional(try type())
        }
        if peek("[]") {
            position += 2
            return .array(try type())
        }
        if peek("[string]") {
            position += 8
            return .dictionary(try type())
        }
        if peek("(") { return try anonymous() }
        switch try word() {
        case "bool": return .bool
        case "int": return .int
        case "float": return .float
        case "string": return .string
        case "object": return .object
        case let name: return .named(name)
        }
    }

    /// `( … )`: a struct when its first entry has a `:`, else an enum (an empty one is a struct).
    mutating func anonymous() throws(IDLParseError) -> IDLType {
        let start = position
        let startLine = line
        try punctuation("(")
        if peek(")") {
            position += 1
            return .structure([])
        }
        _ = try word()
        let isStructure = peek(":")
        position = start
        line = startLine
        if isStructure { return .structure(try structure()) }
        try punctuation("(")
        var cases: [String] = []
        while true {
            cases.append(try word())
            if peek(")") {
                position += 1
                return .enumeration(cases)
            }
            try punctuation(",")
        }
    }

    mutating func structure() throws(IDLParseError) -> [IDLField] {
        try punctuation("(")
        var fields: [IDLField] = []
        if peek(")") {
            position += 1
            return fields
        }
        while true {
            let name = try word()
            try punctuation(":")
            fields.append(IDLField(name: name, type: try type()))
            if peek(")") {
                position += 1
                return fields
            }
            try punctuation(",")
        }
    }
}
