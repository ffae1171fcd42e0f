import Foundation

/// The most characters or bytes a title may have, as its file sets it for one entry (an XLIFF 1.2
/// unit's `maxwidth` in `char`, `glyph` or `byte`; XLIFF 2.0's `slr:sizeRestriction` and
/// `slr:storageRestriction`). It says nothing of the width: the look's maximum still holds.
public struct LengthLimit: Sendable, Hashable {
    /// What is counted.
    public enum Unit: String, Sendable, Hashable {
        /// Unicode code points: XLIFF 1.2's `char` ("a size in Unicode characters"), XLIFF 2.0's
        /// `xliff:codepoints` profile.
        case characters
        /// Grapheme clusters, what a reader takes for one character: XLIFF 1.2's `glyph`.
        case graphemeClusters = "grapheme clusters"
        /// The bytes of the UTF-8 encoding: XLIFF 1.2's `byte` ("a size in 8-bit bytes", in an
        /// encoding it does not name), XLIFF 2.0's `xliff:utf8` storage profile.
        case utf8Bytes = "UTF-8 bytes"
        /// The bytes of the UTF-16 encoding, without a byte-order mark (`xliff:utf16`).
        case utf16Bytes = "UTF-16 bytes"
        /// The bytes of the UTF-32 encoding, without a byte-order mark (`xliff:utf32`).
        case utf32Bytes = "UTF-32 bytes"

        /// Whether the unit counts storage (bytes) rather than what a reader sees: bytes are
        /// counted in the title as the file writes it, placeholders unfilled.
        public var isStorage: Bool {
            switch self {
            case .characters, .graphemeClusters: false
            case .utf8Bytes, .utf16Bytes, .utf32Bytes: true
            }
        }
    }

    /// The Unicode normalisation applied before counting (XLIFF 2.0's `slr:normalization`).
    public enum Normalization: String, Sendable, Hashable {
        case none, nfc, nfd
    }

    /// The most units the title may have.
    public let maximum: Int
    public let unit: Unit
    public let normalization: Normalization
    /// Where the file sets the limit, as it writes it: `maxwidth="12" size-unit="char"`.
    public let setBy: String

    public init(maximum: Int, unit: Unit, normalization: Normalization = .none, setBy: String) {
        self.maximum = maximum
        self.unit = unit
        self.normalization = normalization
        self.setBy = setBy
    }

    /// How many units `text` has.
    public func length(of text: String) -> Int {
        let normalized: String
        switch normalization {
        case .none: normalized = text
        case .nfc: normalized = text.precomposedStringWithCanonicalMapping
        case .nfd: normalized = text.decomposedStringWithCanonicalMapping
        }
        switch unit {
        case .characters: return normalized.unicodeScalars.count
        case .graphemeClusters: return normalized.count
        case .utf8Bytes: return normalized.utf8.count
        case .utf16Bytes: return normalized.utf16.count * 2
        case .utf32Bytes: return normalized.unicodeScalars.count * 4
        }
    }
}

/// One length limit of a row, and the title's length in its unit.
public struct LengthCheck: Sendable, Hashable {
    public let limit: LengthLimit
    /// The title's length in the limit's unit: the title as checked (placeholders filled) for
    /// characters, as the file writes it for bytes.
    public let length: Int

    /// Whether the title is longer than the limit allows.
    public var isOver: Bool { length > limit.maximum }

    /// The check of `limit` for `entry`.
    public init(_ limit: LengthLimit, entry: TitleEntry) {
        self.limit = limit
        length = limit.length(of: limit.unit.isStorage ? entry.template ?? entry.title : entry.title)
    }

    /// `14 characters; the limit is 12 (maxwidth="12" size-unit="char")`.
    public var sentence: String {
        "\(length) \(limit.unit.rawValue); the limit is \(limit.maximum) (\(limit.setBy))"
    }
}
