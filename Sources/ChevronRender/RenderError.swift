/// An error from drawing: what was wrong, with which input, and the limit when one applies.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Hashable {
        /// The picture would be over the pixel limit.
        case imageTooLarge
        /// cairo refused (out of memory, an unreadable PNG, a face it cannot open).
        case cairo
        /// A colour that is not `#RRGGBB` or `#RRGGBBAA`.
        case invalidColor
        /// Input that does not fit together (a sheet row without one cell per column).
        case invalidInput
        /// A font whose glyphs FreeType cannot load or draw (a damaged file, though it opened).
        case fontUnusable
    }

    /// What kind of failure this is.
    public let code: Code
    /// The input that was wrong.
    public let parameter: String
    /// A sentence a user can act on.
    public let message: String
    /// The limit that was passed, when one applies.
    public let limit: Int?
    /// For `imageTooLarge`: the pixels the side would have had.
    public let pixels: Int?

    /// Creates an error.
    public init(_ code: Code, parameter: String, _ message: String, limit: Int? = nil, pixels: Int? = nil) {
        self.code = code
        self.parameter = parameter
        self.message = message
        self.limit = limit
        self.pixels = pixels
    }

    /// The message, prefixed with the parameter.
    public var description: String { "\(parameter): \(message)" }
}
