import Foundation

/// The sample values format placeholders are measured with: a title like `%@ Follower` is
/// measured as a user would see it, `Alex Smith Follower`, not with its literal `%@`.
///
/// printf's conversions (`%@ %s %d %i %u %ld %lld %f %.2f`, positional `%1$@`, Android's `%1$s`;
/// not the space flag, so that "50% off" stays as it is), each by its kind: a string, an integer, or a real number (written with the placeholder's
/// precision). `%%` is a percent sign. The defaults are chosen, not sourced: a short name, a
/// three-digit count, and pi (printf writes `%f` with six places, `%.2f` with two).
public struct PlaceholderSamples: Sendable, Hashable {
    /// What `%@`, `%s` and `%c` become.
    public var string = "Alex Smith"
    /// What `%d`, `%i`, `%u`, `%ld`, `%lld` (and `%x`, `%o`) become.
    public var integer = "128"
    /// What `%f`, `%e`, `%g` become, formatted as the placeholder says (`%.2f` → 3.14, `%f` →
    /// 3.141590).
    public var real = 3.14159

    /// The defaults.
    public init() {}

    /// Sets a sample from `PLACEHOLDER=VALUE` (`%@=Alexandra Wilhelmina`, `%d=10000`, `%f=2.5`).
    /// - Throws: a reason when the placeholder is none of `%@ %s %d %i %u %ld %lld %f`, or a
    ///   real number's value is not a number.
    public mutating func set(_ assignment: String) throws(PlaceholderError) {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw PlaceholderError("\"\(assignment)\" is not PLACEHOLDER=VALUE (for example %@=Alexandra)")
        }
        let placeholder = String(assignment[..<equals])
        let value = String(assignment[assignment.index(after: equals)...])
        switch placeholder {
        case "%@", "%s": string = value
        case "%d", "%i", "%u", "%ld", "%lld": integer = value
        case "%f":
            guard let number = Double(value), number.isFinite else {
                throw PlaceholderError("%f=\(value): the value is not a number")
            }
            real = number
        default:
            throw PlaceholderError("\(placeholder) is not a placeholder with a sample (%@ %s %d %i %u %ld %lld %f)")
        }
    }

    /// `text` with every printf placeholder replaced by its sample; text that is no placeholder
    /// (a lone `%`, `%` before a letter no conversion has) stays as it is.
    public func expand(_ text: String) -> String {
        // Byte by byte: `contains("%")` is Foundation's substring search, a tenth of reading a
        // 100,000-title catalogue.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if let (replacement, rest) = placeholder(scalars) {
                result += replacement
                scalars = rest
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The sample for the placeholder at the start of `text` (just after its `%`), and the text
    /// after it; nil when there is no placeholder there.
    private func placeholder(_ text: Substring.UnicodeScalarView) -> (String, Substring.UnicodeScalarView)? {
        var rest = text
        if rest.first == "%" { return ("%", rest.dropFirst()) }
        // An argument position: digits and a dollar sign.
        let digits = rest.prefix { ("0"..."9").contains($0) }
        if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" { rest = rest.dropFirst(digits.count + 1) }
        // Flags; not the space flag, so that "50% off" stays text rather than "% o", an octal.
        rest = rest.drop { "-+#0".unicodeScalars.contains($0) }
        rest = rest.drop { ("0"..."9").contains($0) }  // width
        var precision: Int?
        if rest.first == "." {
            rest = rest.dropFirst()
            let places = rest.prefix { ("0"..."9").contains($0) }
            precision = Int(String(String.UnicodeScalarView(places))) ?? 0
            rest = rest.dropFirst(places.count)
        }
        rest = rest.drop { "hlqLzjt".unicodeScalars.contains($0) }  // length
        guard let conversion = rest.first else { return nil }
        rest = rest.dropFirst()
        switch conversion {
        case "@", "s", "S", "c", "C": return (string, rest)
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": return (integer, rest)
        case "f", "F", "e", "E", "g", "G":
            // As printf writes it: six places unless the placeholder says how many.
            let format = "%" + (precision.map { ".\($0)" } ?? "") + String(Character(conversion))
            return (String(format: format, real), rest)
        default: return nil
        }
    }
}

/// A `--sample` that cannot be used, and why.
public struct PlaceholderError: Error, CustomStringConvertible, Sendable {
    /// Why.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
