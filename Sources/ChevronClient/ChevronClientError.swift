import ChevronVarlink

/// Why a client call failed: the daemon could not be reached, it answered with a Varlink error,
/// or the connection broke.
public struct ChevronClientError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String
        /// Nothing accepts connections on the socket path.
        public static let unreachable = Code(name: "unreachable")
        /// The daemon answered with a Varlink error (`error` says which).
        public static let remote = Code(name: "remote")
        /// The connection closed (or went silent) before every reply arrived.
        public static let closed = Code(name: "closed")
        /// A call too long to send: the daemon would refuse it.
        public static let tooLong = Code(name: "tooLong")
        /// The daemon sent something that is not a Varlink reply, or not the declared shape.
        public static let protocolViolation = Code(name: "protocolViolation")
        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// For `remote`: the Varlink error, with its qualified name and parameters.
    public let error: VarlinkError?
    /// A sentence for people.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, error: VarlinkError? = nil, message: String) {
        self.code = code
        self.error = error
        self.message = message
    }

    /// The error's name without its interface (`UnknownLook`), for `remote` errors.
    public var errorName: String? { error.map { String($0.name.split(separator: ".").last ?? "") } }

    /// The parameter a remote error names, if it names one.
    public var parameter: String? {
        guard case .string(let parameter)? = error?.parameters["parameter"] else { return nil }
        return parameter
    }

    /// The message.
    public var description: String { message }

    /// An error reply as a client error, with a sentence built from its parameters.
    static func remote(_ error: VarlinkError) -> ChevronClientError {
        var parts: [String] = []
        if case .string(let parameter)? = error.parameters["parameter"] { parts.append(parameter) }
        if case .string(let text)? = error.parameters["message"] {
            parts.append(text)
        } else if case .string(let reason)? = error.parameters["reason"] {
            parts.append(reason)
        } else if case .object(let members) = error.parameters {
            // No sentence: name each parameter (`look "aqua"`, `known: classic, modern`).
            parts += members.map { member in
                switch member.value {
                case .string(let text): "\(member.key) \"\(text)\""
                case .array(let values):
                    "\(member.key): "
                        + values.map { value in
                            if case .string(let text) = value { return text }
                            return value.jsonText
                        }.joined(separator: ", ")
                default: "\(member.key) \(member.value.jsonText)"
                }
            }
        }
        let name = String(error.name.split(separator: ".").last ?? "")
        return ChevronClientError(.remote, error: error, message: ([name] + parts).joined(separator: ": "))
    }
}
