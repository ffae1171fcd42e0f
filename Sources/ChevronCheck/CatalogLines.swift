import ChevronVarlink

/// Where the parts of a string catalogue (`.xcstrings`) are, found in one pass over its text
/// (JSON parsers keep no positions): the line of each key of its `"strings"` object, and the line
/// of each `stringUnit`'s `"value"` under them, plural, device and substitution forms included.
/// The text is valid JSON (the catalogue parsed), so the pass needs no error handling.
struct CatalogLines {
    /// The line of each key of `"strings"`, in file order.
    private(set) var keys: [Int] = []
    /// The line of each `"value"` of a `stringUnit` under `"strings"`, by its path of member names
    /// from the root: `["strings", KEY, "localizations", "de", "stringUnit", "value"]`.
    private var values: [[String]: Int] = [:]

    /// The line of the value at `path` (member names from the root), if there is one.
    func value(at path: [String]) -> Int? { values[path] }

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var line = 1
        // Per open container, the name of the member being read: nil in an array, or in an object
        // before its first key.
        var names: [String?] = []
        var inObject: [Bool] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                line += 1
            case UInt8(ascii: "\""):
                // A JSON string holds no raw line break: it ends on this line, at the next quote
                // that no backslash escapes.
                let start = index + 1
                var end = start
                var escaped = false
                while end < bytes.count {
                    let byte = bytes[end]
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        break
                    }
                    end += 1
                }
                if expectingKey, inObject.last == true {
                    names[names.count - 1] = Self.decoded(bytes[start..<end])
                    expectingKey = false
                    if names.count == 2, names[0] == "strings" { keys.append(line) }
                } else if names.count >= 6, names[0] == "strings", names[names.count - 1] == "value",
                    names[names.count - 2] == "stringUnit"
                {
                    let path = names.compactMap { $0 }
                    if path.count == names.count { values[path] = line }
                }
                index = end
            case UInt8(ascii: "{"):
                names.append(nil)
                inObject.append(true)
                expectingKey = true
            case UInt8(ascii: "["):
                names.append(nil)
                inObject.append(false)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                names.removeLast()
                inObject.removeLast()
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = inObject.last == true
            case UInt8(ascii: ":"):
                expectingKey = false
            default:
                break
            }
            index += 1
        }
    }

    /// A member name as the catalogue's parser reads it: its escapes (`\"`, `\u00E9`) decoded.
    private static func decoded(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard raw.contains(UInt8(ascii: "\\")) else { return text }
        if case .string(let name)? = try? JSONParser.parse("\"" + text + "\"") { return name }
        return text
    }
}
