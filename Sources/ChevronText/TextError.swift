/// An error from the text core: what was wrong, with which input, and the limit it broke.
///
/// A struct with a code rather than a public enum, so that new codes are not a breaking change
/// (the shape swift-service-lifecycle's `ServiceGroupError` uses).
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; stable across releases, so callers may switch on it.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, e.g. `invalidSize`.
        public let name: String

        /// A size that is not a finite number in `(0, maximumSize]`.
        public static let invalidSize = Code(name: "invalidSize")
        /// An empty font pattern, or one fontconfig cannot parse.
        public static let invalidPattern = Code(name: "invalidPattern")
        /// An OpenType feature string HarfBuzz cannot parse, or too many features.
        public static let invalidFeature = Code(name: "invalidFeature")
        /// A language tag that is not BCP 47-shaped.
        public static let invalidLanguage = Code(name: "invalidLanguage")
        /// A weight outside 1…1000 or an unknown slant.
        public static let invalidStyle = Code(name: "invalidStyle")
        /// A maximum width that is negative or not a number.
        public static let invalidWidth = Code(name: "invalidWidth")
        /// Text (or an ellipsis) longer than the configured bound in UTF-8 bytes.
        public static let textTooLong = Code(name: "textTooLong")
        /// fontconfig matched no font at all (an empty font configuration).
        public static let fontNotFound = Code(name: "fontNotFound")
        /// fontconfig named a font file that is no longer there.
        public static let fontFileMissing = Code(name: "fontFileMissing")
        /// A font file that FreeType or HarfBuzz cannot read as a font.
        public static let fontFileCorrupt = Code(name: "fontFileCorrupt")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// The input that was wrong, named as the API names it (`size`, `pattern`, `text`, …).
    public let parameter: String
    /// A sentence a user can act on: the input, what was wrong with it, and the limit.
    public let message: String
    /// The numeric limit the input broke, when there is one (bytes for `textTooLong`).
    public let limit: Int?

    /// Creates an error; `message` should name the input and the limit it broke.
    public init(_ code: Code, parameter: String, _ message: String, limit: Int? = nil) {
        self.code = code
        self.parameter = parameter
        self.message = message
        self.limit = limit
    }

    /// The message, prefixed with the parameter it concerns.
    public var description: String { "\(parameter): \(message)" }
}
