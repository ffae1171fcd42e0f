import ChevronJSON
import ChevronVarlink

/// Where the values of one key of a string catalogue (`.xcstrings`) are, found in one pass over
/// the key's value (JSON parsers keep no positions): the line of each `stringUnit`'s `"value"`
/// under it, plural, device and substitution forms included. The text is valid JSON (the
/// catalogue was validated), so the pass needs no error handling.
struct CatalogLines {
    /// The line of each `"value"` of a `stringUnit` under the key, by its path of member names
    /// from the root: `["strings", KEY, "localizations", "de", "stringUnit", "value"]`.
    private var values: [[String]: Int] = [:]

    /// The line of the value at `path` (member names from the root), if there is one.
    func value(at path: [String]) -> Int? { values[path] }

    /// The lines of the value `bytes`, which starts on line `line`, at `path` (member names
    /// from the root: `["strings", KEY]`).
    init(_ bytes: UnsafeRawBufferPointer, line: Int, path: [String]) {
        var line = line
        // Per open container, the name of the member being read: nil in an array, or in an object
        // before its first key. The path's members are open objects.
        var names: [String?] = path
        var inObject = [Bool](repeating: true, count: path.count)
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
                    names[names.count - 1] = Self.decoded(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    expectingKey = false
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

    /// The line `offset` of `bytes` is on, counting from `line` at `from`: the lines of a
    /// catalogue's keys, found in order, each from the one before.
    static func line(at offset: Int, in bytes: UnsafeRawBufferPointer, from: Int, line: Int) -> Int {
        var line = line
        for index in from..<offset where bytes[index] == 0x0A { line += 1 }
        return line
    }

    /// A member name as the catalogue's parser reads it: its escapes (`\"`, `\u00E9`) decoded.
    private static func decoded(_ raw: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard raw.contains(UInt8(ascii: "\\")) else { return text }
        if case .string(let name)? = try? JSONParser.parse("\"" + text + "\"") { return name }
        return text
    }
}
