/// What an XML text's start says without parsing it: the name of its root element, past its
/// declaration, comments and document type (how a reader tells its format from the content).
enum XMLScanning {
    /// The name of the first element of an XML text, past its declaration, comments and
    /// document type.
    static func rootElement(of text: Substring) -> String? {
        var rest = text
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            if rest.hasPrefix("<!DOCTYPE") {
                guard let end = doctypeEnd(rest) else { return nil }
                rest = rest[end...]
                continue
            }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                let close = rest.hasPrefix("<!--") ? rest.range(of: "-->")?.upperBound : rest.firstIndex(of: ">")
                guard let close else { return nil }
                rest = rest[close...]
                continue
            }
            let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" || $0 == "_" }
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }

    /// The index past the `>` that ends the document type declaration at the start of `text`:
    /// its internal subset (`[…]`) may hold `>` and `<` in declarations, quoted values and comments.
    private static func doctypeEnd(_ text: Substring) -> Substring.Index? {
        var index = text.startIndex
        var quote: Character?
        var inSubset = false
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if inSubset, text[index...].hasPrefix("<!--") {
                guard let end = text[index...].range(of: "-->") else { return nil }
                index = end.upperBound
                continue
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                inSubset = true
            } else if character == "]" {
                inSubset = false
            } else if character == ">", !inSubset {
                return text.index(after: index)
            }
            index = text.index(after: index)
        }
        return nil
    }
}
