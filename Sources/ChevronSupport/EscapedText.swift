extension String {
    /// The text as a terminal or a CI log may show it: control characters (C0, DEL, C1) and the
    /// bidirectional formatting characters written as escapes (`\n`, `\t`, `\u{1B}`,
    /// `\u{202E}`), so that printing what a catalogue, a manifest or a file name holds cannot
    /// start a line a CI runner reads as a command (`::warning::`), move the cursor, write the
    /// clipboard (`ESC ] 52`), hide text (`ESC [ 8m`) or reorder what follows it.
    public var escapingControls: String { escapingControls(keepingLineBreaks: false) }

    /// `escapingControls`, but LF and CR kept as they are, for a writer that encodes them its own
    /// way (GitHub's workflow commands, `%0A`).
    public func escapingControls(keepingLineBreaks: Bool) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            scalar.needsEscape && !(keepingLineBreaks && (scalar == "\n" || scalar == "\r"))
        }
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2 }),
            unicodeScalars.contains(where: needsEscape)
        else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// A control character, or a bidirectional formatting character (Bidi_Control: ALM, LRM,
    /// RLM, the embeddings and overrides, the isolates).
    fileprivate var needsEscape: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
