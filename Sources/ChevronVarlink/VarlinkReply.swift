import ChevronJSON
import NIOCore

/// One reply: parameters, or an error; `continues` while a `more` call streams.
public struct VarlinkReply: Sendable, Hashable {
    /// The reply's parameters (an object), or the error's parameters; a reply of a generated
    /// type, or one held as text, gives its tree (`{}` for text that is not JSON: see
    /// `parsedParameters`).
    public var parameters: JSONValue {
        get { body?.tree ?? (try? parsedParameters()) ?? .object([]) }
        set {
            storedParameters = newValue
            body = nil
            parametersText = nil
        }
    }
    /// The parameters' JSON text, when the reply holds them as text (read from a frame in one
    /// pass, only delimited there: `parsedParameters` or a typed read checks them).
    public private(set) var parametersText: [UInt8]?
    /// The error's qualified name, or nil for a successful reply.
    public var error: String?
    /// Whether more replies to the same call follow.
    public var continues: Bool

    private var storedParameters: JSONValue
    /// Parameters of a generated type, not yet written: `write(into:)` encodes them straight
    /// into the transport's buffer.
    private var body: (any WireStruct)?

    /// A successful reply.
    public init(parameters: JSONValue, continues: Bool = false) {
        self.storedParameters = parameters
        self.error = nil
        self.continues = continues
    }

    /// A successful reply whose parameters are JSON text (an object, as the caller vouches),
    /// copied out as they are.
    public init(parametersText: [UInt8], continues: Bool = false) {
        self.init(parameters: .object([]), continues: continues)
        self.parametersText = parametersText
    }

    /// The parameters as a tree: text parsed, up to `maximumDepth`.
    /// - Throws: `JSONParseError` when the text is not JSON.
    public func parsedParameters(maximumDepth: Int = JSONParser.defaultMaximumDepth) throws(JSONParseError)
        -> JSONValue
    {
        if let body { return body.tree }
        guard let parametersText else { return storedParameters }
        let result: Result<JSONValue, JSONParseError> = parametersText.withUnsafeBytes { raw in
            do throws(JSONParseError) {
                return .success(try JSONParser.parse(raw, maximumDepth: maximumDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The parameters of a successful reply made from a value of a generated type
    /// (`init(body:)`), as that value: what a client in the service's own process takes as it
    /// is, no text written or read.
    public var value: (any WireStruct)? { error == nil ? body : nil }

    /// A successful reply whose parameters are a generated type, written only when the transport
    /// writes the reply, straight into its buffer.
    public init(body: any WireStruct, continues: Bool = false) {
        self.storedParameters = .object([])
        self.body = body
        self.error = nil
        self.continues = continues
    }

    /// An error reply.
    public init(error: VarlinkError) {
        self.storedParameters = error.parameters
        self.error = error.name
        self.continues = false
    }

    /// Reads a reply from a parsed message (what a client does).
    /// - Throws: `VarlinkMessageError` when it is not a reply object.
    public init(message: JSONValue) throws(VarlinkMessageError) {
        guard case .object = message else { throw VarlinkMessageError("a reply must be a JSON object") }
        storedParameters = message["parameters"] ?? .object([])
        if case .string(let name)? = message["error"] { error = name } else { error = nil }
        if case .bool(let flag)? = message["continues"] { continues = flag } else { continues = false }
    }

    public static func == (left: VarlinkReply, right: VarlinkReply) -> Bool {
        left.error == right.error && left.continues == right.continues && left.parameters == right.parameters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(error)
        hasher.combine(continues)
        hasher.combine(parameters)
    }

    /// The reply as a message object: `{"parameters": …}` plus `continues` or `error`.
    public var message: JSONValue {
        .members(["parameters": parameters, "continues": continues ? true : nil, "error": error.map(JSONValue.string)])
    }

    /// The reply's bytes on the wire: its JSON text and the terminating NUL.
    public var frame: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        if error == nil, let body {
            bytes.append(contentsOf: Self.parametersPrefix)
            body.encode(into: &bytes)
            bytes.append(contentsOf: continues ? Self.continuedSuffix : Self.suffix)
        } else if error == nil, let parameters = parametersText {
            // The common reply, written around its pre-encoded parameters.
            bytes.append(contentsOf: Self.parametersPrefix)
            bytes.append(contentsOf: parameters)
            bytes.append(contentsOf: continues ? Self.continuedSuffix : Self.suffix)
        } else {
            message.encode(into: &bytes)
            bytes.append(0)
        }
        return bytes
    }

    static let parametersPrefix = Array(#"{"parameters":"#.utf8)
    static let suffix: [UInt8] = [UInt8(ascii: "}"), 0]
    static let continuedSuffix = Array(#","continues":true}"#.utf8) + [0]

    /// Writes the frame (JSON text and NUL) into `buffer`: a reply of a generated type is
    /// encoded straight into it, and pre-encoded parameters are copied in once.
    public func write(into buffer: inout ByteBuffer) {
        if error == nil, let body {
            buffer.writeBytes(Self.parametersPrefix)
            body.encode(into: &buffer)
            buffer.writeBytes(continues ? Self.continuedSuffix : Self.suffix)
        } else if error == nil, let parameters = parametersText {
            buffer.writeBytes(Self.parametersPrefix)
            buffer.writeBytes(parameters)
            buffer.writeBytes(continues ? Self.continuedSuffix : Self.suffix)
        } else {
            buffer.writeBytes(frame)
        }
    }
}

extension VarlinkReply {
    /// A reply's members, numbered as `init?(frame:)` reads them.
    static let members: [StaticString] = ["parameters", "error", "continues"]

    /// Reads a reply's frame (without its NUL) in one pass, keeping its parameters as their JSON
    /// text (`parametersText`) for a typed one-pass read; nil for anything but the plain
    /// members (`parameters` object, `continues` bool, `error` string), to be read the slow way.
    /// The parameters' text is only delimited here and checked when it is read: a typed read or
    /// `parsed()` of text that is not JSON fails.
    public init?(frame bytes: UnsafeRawBufferPointer) {
        let read = Self.envelope(bytes) { (reader) throws(WireReadError) -> [UInt8] in
            guard reader.peekObject() else { throw WireReadError.syntax }
            return Array(try reader.rawValue())
        }
        guard let (parameters, error, continues) = read else { return nil }
        if let parameters {
            self.init(parametersText: parameters, continues: continues)
        } else {
            self.init(parameters: .object([]), continues: continues)
        }
        self.error = error
    }

    /// The parameters of a reply's frame (without its NUL) read straight into `T`, in the one
    /// pass that reads the frame: what a client that knows the reply's type does. Nil for
    /// anything else (an error reply, a reply that continues, parameters `T` cannot read), which
    /// the caller reads as a reply (`read(frame:)`), its parameters' text then read as `T` again
    /// to name what is wrong.
    public static func parameters<T: WireStruct>(ofFrame bytes: UnsafeRawBufferPointer, as type: T.Type) -> T? {
        let read = envelope(bytes) { (reader) throws(WireReadError) -> T in try T(reading: &reader, strict: false) }
        guard let (parameters, error, continues) = read, error == nil, !continues else { return nil }
        return parameters
    }

    /// A reply's members read in one pass, its parameters by `readParameters` (nil when absent);
    /// nil for anything but the plain members, each at most once.
    private static func envelope<Parameters>(
        _ bytes: UnsafeRawBufferPointer,
        parameters readParameters: (inout JSONReader) throws(WireReadError) -> Parameters
    ) -> (parameters: Parameters?, error: String?, continues: Bool)? {
        JSONReader.read(bytes) { (reader) throws(WireReadError) in
            var parameters: Parameters?
            var error: String?
            var continues = false
            var members = JSONReader.Members()
            var first = true
            var expected = 0
            try reader.beginObject()
            while let field = try reader.nextField(&first, among: Self.members, expected: &expected) {
                switch field {
                case 0:
                    try members.meet(0)
                    parameters = try readParameters(&reader)
                case 1:
                    try members.meet(1)
                    error = try reader.string()
                case 2:
                    try members.meet(2)
                    continues = try reader.bool()
                default: throw WireReadError.syntax
                }
            }
            return (parameters, error, continues)
        }
    }
}

extension VarlinkReply {
    /// Reads a reply's frame (without its NUL) as a client does: in one pass when it can
    /// (`init?(frame:)`), else parsed whole and read from the tree.
    /// - Throws: `VarlinkMessageError` when the frame is not JSON or not a reply object.
    public static func read(frame bytes: UnsafeRawBufferPointer, maximumDepth: Int = 64) throws(VarlinkMessageError)
        -> VarlinkReply
    {
        if let reply = VarlinkReply(frame: bytes) { return reply }
        do {
            return try VarlinkReply(message: try JSONParser.parse(bytes, maximumDepth: maximumDepth))
        } catch let error as JSONParseError {
            throw VarlinkMessageError("\(error)")
        } catch let error as VarlinkMessageError {
            throw error
        } catch {
            preconditionFailure("only JSONParseError and VarlinkMessageError are thrown")
        }
    }
}
