/// Titles with a hard line break, shown as a one-line UIKit label shows them: the first line with
/// an ellipsis after it. A back button's title label has one line and truncates its tail, and
/// UIKit's text drawing truncates the last visible line, adding the ellipsis, when text goes on
/// past it (Apple's `NSStringDrawingOptions.truncatesLastVisibleLine`): the text after the break
/// is never drawn (docs/looks.md, "Rules for every look"; `StandardLayout` lays such a title out).
public enum LineBreaks {
    /// The text a one-line label shows of `text`: its first line and "…" when `text` holds a line
    /// break (LF, CR, VT, FF, NEL, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR: Unicode's
    /// mandatory breaks, UAX #14 classes BK, CR, LF and NL); nil when it holds none.
    public static func oneLine(_ text: String) -> String? {
        guard let offset = firstBreak(in: text) else { return nil }
        return String(decoding: text.utf8.prefix(offset), as: UTF8.self) + "…"
    }

    /// The UTF-8 offset of the first line break in `text`, or nil.
    static func firstBreak(in text: String) -> Int? {
        func find(_ bytes: some RandomAccessCollection<UInt8>) -> Int? {
            var offset = 0
            var iterator = bytes.makeIterator()
            // The two bytes before the current one, for the two- and three-byte breaks.
            var before: (UInt8, UInt8) = (0, 0)
            while let byte = iterator.next() {
                switch byte {
                case 0x0A...0x0D: return offset
                case 0x85 where before.1 == 0xC2: return offset - 1
                case 0xA8 where before == (0xE2, 0x80), 0xA9 where before == (0xE2, 0x80): return offset - 2
                default: break
                }
                before = (before.1, byte)
                offset += 1
            }
            return nil
        }
        return text.utf8.withContiguousStorageIfAvailable(find) ?? find(Array(text.utf8))
    }

    /// Whether `text` holds a line break (`oneLine` is not nil).
    public static func contains(_ text: String) -> Bool {
        oneLine(text) != nil
    }
}
