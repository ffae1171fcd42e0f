/// An error from sizing a back button: what was wrong, with which input, and the limit.
public struct LookError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String
        /// No look has the requested name.
        public static let unknownLook = Code(name: "unknownLook")
        /// A navigation stack with fewer than two items (no previous item to go back to).
        public static let stackTooShort = Code(name: "stackTooShort")
        /// A maximum width below the look's minimum.
        public static let widthTooSmall = Code(name: "widthTooSmall")
        /// A number outside its range (scale, font scale, width).
        public static let outOfRange = Code(name: "outOfRange")
        /// Neither a title nor a stack, or both.
        public static let missingTitle = Code(name: "missingTitle")
        /// No device has the requested name.
        public static let unknownDevice = Code(name: "unknownDevice")
        /// Two fields that exclude each other were both given, or neither of a needed pair.
        public static let conflictingFields = Code(name: "conflictingFields")
        /// A transition asked of a look that does not animate.
        public static let notAnimated = Code(name: "notAnimated")
        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// The input that was wrong.
    public let parameter: String
    /// A sentence a user can act on.
    public let message: String
    /// The value that was wrong, where the error names it apart (an unknown device's name).
    public let value: String?

    /// Creates an error.
    public init(_ code: Code, parameter: String, _ message: String, value: String? = nil) {
        self.code = code
        self.parameter = parameter
        self.message = message
        self.value = value
    }

    /// The message, prefixed with the parameter.
    public var description: String { "\(parameter): \(message)" }
}
