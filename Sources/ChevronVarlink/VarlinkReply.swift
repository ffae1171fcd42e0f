import NIOCore

/// One reply: parameters, or an error; `continues` while a `more` call streams.
public struct VarlinkReply: Sendable, Hashable {
    /// The reply's parameters (an object), or the error's parameters.
    public var parameters: JSONValue
    /// The error's qualified name, or nil for a successful reply.
    public var error: String?
    /// Whether more replies to the same call follow.
    public var continues: Bool

    /// A successful reply.
    public init(parameters: JSONValue, continues: Bool = false) {
        self.parameters = parameters
        self.error = nil
        self.continues = continues
    }

    /// An error reply.
    public init(error: VarlinkError) {
        self.parameters = error.parameters
        self.error = error.name
        self.continues = false
    }

    /// Reads a reply from a parsed message (what a client does).
    /// - Throws: `VarlinkMessageError` when it is not a reply object.
    public init(message: JSONValue) throws(VarlinkMessageError) {
        guard case .object = message else { throw VarlinkMessageError("a reply must be a JSON object") }
        parameters = message["parameters"] ?? .object([])
        if case .string(let name)? = message["error"] { error = name } else { error = nil }
        if case .bool(let flag)? = message["continues"] { continues = flag } else { continues = false }
    }

    /// The reply as a message object: `{"parameters": …}` plus `continues` or `error`.
    public var message: JSONValue {
        .members(["parameters": parameters, "continues": continues ? true : nil, "error": error.map(JSONValue.string)])
    }

    /// The reply's bytes on the wire: its JSON text and the terminating NUL.
    public var frame: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        if error == nil, !continues, case .encoded(let parameters) = parameters {
            // The common reply, written around its pre-encoded parameters.
            bytes.append(contentsOf: Self.parametersPrefix)
            bytes.append(contentsOf: parameters)
            bytes.append(UInt8(ascii: "}"))
        } else {
            message.encode(into: &bytes)
        }
        bytes.append(0)
        return bytes
    }

    static let parametersPrefix = Array(#"{"parameters":"#.utf8)

    /// Writes the frame (JSON text and NUL) into `buffer`; the common reply, whose parameters
    /// are already encoded, goes in without an intermediate copy.
    public func write(into buffer: inout ByteBuffer) {
        if error == nil, !continues, case .encoded(let parameters) = parameters {
            buffer.writeBytes(Self.parametersPrefix)
            buffer.writeBytes(parameters)
            buffer.writeInteger(UInt8(ascii: "}"))
            buffer.writeInteger(UInt8(0))
        } else {
            buffer.writeBytes(frame)
        }
    }
}
