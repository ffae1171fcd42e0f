import ChevronJSON

/// One call as a client sent it: `{"method": "io.chevron.Text.MeasureText", "parameters": {…}}`.
public struct VarlinkCall: Sendable, Hashable {
    /// The fully qualified method name (`interface.Method`).
    public var method: String
    /// The parameters object (empty when the call had none): their text parsed, when the call
    /// holds them as text.
    public var parameters: JSONValue {
        get {
            guard let parametersText else { return value?.tree ?? storedParameters }
            let parsed = parametersText.withUnsafeBytes { bytes in try? JSONParser.parse(bytes) }
            return parsed ?? .object([])
        }
        set {
            storedParameters = newValue
            parametersText = nil
            preread = nil
        }
    }
    /// The parameters' JSON text, when the call holds them as text (read from a frame, or
    /// written from a generated type): what a method reads in one pass into its type.
    public private(set) var parametersText: [UInt8]?
    private var storedParameters: JSONValue
    /// The parameters read into their generated type in the pass that read the frame, when
    /// that pass knew the method's reader and the read succeeded, or the value the call was
    /// made with (`read(_:)` gives it).
    private var preread: (any Sendable)?
    /// The client wants no reply.
    public var oneway: Bool
    /// The client accepts several replies, each but the last marked `continues`.
    public var more: Bool
    /// The client asks to upgrade the connection to another protocol (not supported here).
    public var upgrade: Bool

    /// Creates a call.
    public init(
        method: String, parameters: JSONValue = .object([]), oneway: Bool = false, more: Bool = false,
        upgrade: Bool = false
    ) {
        self.method = method
        self.storedParameters = parameters
        self.oneway = oneway
        self.more = more
        self.upgrade = upgrade
    }

    /// Creates a call whose parameters are JSON text (an object, as the caller vouches).
    public init(method: String, parametersText: [UInt8], oneway: Bool = false, more: Bool = false, upgrade: Bool = false) {
        self.init(method: method, oneway: oneway, more: more, upgrade: upgrade)
        self.parametersText = parametersText
    }

    /// Creates a call whose parameters are a value of a generated type, kept as it is: a service
    /// in the same process reads it without text (`read(_:)`, which reads a value whose text
    /// would not read back as itself from that text, as from a socket), a transport writes its
    /// text straight into the message (`encode(into:)`).
    public init(
        method: String, value: some WireStruct, oneway: Bool = false, more: Bool = false, upgrade: Bool = false
    ) {
        self.init(method: method, oneway: oneway, more: more, upgrade: upgrade)
        preread = value
    }

    /// The parameters as the value of a generated type the call was made with
    /// (`init(method:value:)`); nil for a call read from text or a tree.
    public var value: (any WireStruct)? {
        guard parametersText == nil else { return nil }
        return preread as? any WireStruct
    }

    public static func == (left: VarlinkCall, right: VarlinkCall) -> Bool {
        left.method == right.method && left.oneway == right.oneway && left.more == right.more
            && left.upgrade == right.upgrade && left.parameters == right.parameters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(parameters)
        hasher.combine(oneway)
        hasher.combine(more)
        hasher.combine(upgrade)
    }

    /// The interface part of `method`: everything before the last dot.
    public var interface: String {
        guard let dot = method.lastIndex(of: ".") else { return "" }
        return String(method[..<dot])
    }

    /// Whether `key` is a member a call object may have (a switch: no hashing per call).
    static func isMember(_ key: String) -> Bool {
        switch key {
        case "method", "parameters", "oneway", "more", "upgrade": true
        default: false
        }
    }

    /// Reads a call from a parsed message.
    /// - Throws: `VarlinkMessageError` naming what is missing or of the wrong type.
    public init(message: JSONValue) throws(VarlinkMessageError) {
        guard case .object(let members) = message else {
            throw VarlinkMessageError("a call must be a JSON object, not \(message.typeName)")
        }
        if let unknown = members.first(where: { !Self.isMember($0.key) }) {
            throw VarlinkMessageError(
                "\"\(unknown.key)\" is not a member of a call; members: method, parameters, oneway, more, upgrade")
        }
        guard case .string(let method)? = message["method"] else {
            throw VarlinkMessageError("a call needs a \"method\" string")
        }
        guard Self.isQualifiedMethodName(method) else {
            throw VarlinkMessageError("\"\(method)\" is not a qualified method name like org.example.Interface.Method")
        }
        let parameters = message["parameters"] ?? .object([])
        if case .null = parameters {
            self.storedParameters = .object([])
        } else {
            guard case .object = parameters else {
                throw VarlinkMessageError("\"parameters\" must be an object, not \(parameters.typeName)")
            }
            self.storedParameters = parameters
        }
        func flag(_ name: String) throws(VarlinkMessageError) -> Bool {
            switch message[name] {
            case nil, .null?: return false
            case .bool(let value)?: return value
            case let other?: throw VarlinkMessageError("\"\(name)\" must be a boolean, not \(other.typeName)")
            }
        }
        self.method = method
        oneway = try flag("oneway")
        more = try flag("more")
        upgrade = try flag("upgrade")
    }

    /// Appends the call's compact JSON text (without its NUL) to `bytes`: parameters held as
    /// text are copied in as they are, a value of a generated type written straight in.
    public func encode(into bytes: inout [UInt8]) {
        let value = value
        guard parametersText != nil || value != nil else { return message.encode(into: &bytes) }
        bytes.append(contentsOf: #"{"method":"#.utf8)
        JSONValue.string(method).encode(into: &bytes)
        bytes.append(contentsOf: #","parameters":"#.utf8)
        if let parametersText { bytes.append(contentsOf: parametersText) } else { value?.encode(into: &bytes) }
        for (name, flag) in [("oneway", oneway), ("more", more), ("upgrade", upgrade)] where flag {
            bytes.append(contentsOf: ",\"\(name)\":true".utf8)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The call as a message object.
    public var message: JSONValue {
        .members([
            "method": .string(method), "parameters": parameters, "oneway": oneway ? true : nil,
            "more": more ? true : nil, "upgrade": upgrade ? true : nil,
        ])
    }

    /// Whether `name` is `reverse.domain.Interface.Method`: at most 255 bytes of ASCII letters,
    /// digits, hyphens and dots, at least two dots, and after the last a method part that starts
    /// with a capital letter and has no hyphen. One pass over the bytes: every call is checked.
    static func isQualifiedMethodName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count <= 255 else { return false }
            var dots = 0
            var lastDot = -1
            var lastHyphen = -1
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "."):
                    dots += 1
                    lastDot = index
                case UInt8(ascii: "-"): lastHyphen = index
                case let byte where byte.isASCIIAlphanumeric: continue
                default: return false
                }
            }
            let methodStart = lastDot + 1
            return dots >= 2 && methodStart < bytes.count && lastHyphen < lastDot
                && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[methodStart])
        }
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}

extension VarlinkCall {
    /// A call's members, numbered as `init?(frame:)` reads them.
    static let members: [StaticString] = ["method", "parameters", "oneway", "more", "upgrade"]

    /// Reads a call's frame (without its NUL) in one pass, keeping its parameters as their
    /// checked JSON text (`parametersText`) for the method to read in one pass into its
    /// type (`read(_:)`); nil for anything but a plain call (the members as `init(message:)`
    /// takes them, no `null`s), to be read the slow way, whose errors name the problem.
    ///
    /// When the method comes before the parameters and `readers` gives the method's parameters
    /// reader, the parameters are read into their type in the same pass (what `read(_:)` then
    /// gives): a valid call's parameters are gone through once. A read that fails leaves them to
    /// be checked as text, as for any other method, and read again by the method, whose reader
    /// names the error.
    public init?(
        frame bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.defaultMaximumDepth,
        readers: ((String) -> VarlinkParametersReader?)? = nil
    ) {
        let read = JSONReader.read(bytes, maximumDepth: maximumDepth) { (reader) throws(WireReadError) in
            var call = VarlinkCall(method: "")
            var members = JSONReader.Members()
            var first = true
            var expected = 0
            try reader.beginObject()
            while let field = try reader.nextField(&first, among: Self.members, expected: &expected) {
                switch field {
                case 0:
                    try members.meet(0)
                    call.method = try reader.string()
                case 1:
                    try members.meet(1)
                    guard reader.peekObject() else { throw WireReadError.syntax }
                    let start = reader.mark
                    if !call.method.isEmpty, let read = readers?(call.method), let value = try? read(&reader) {
                        // Read whole, so the parser reads these bytes too: only their text is kept.
                        call.preread = value
                        call.parametersText = Array(reader.bytes(from: start))
                    } else {
                        reader.reset(to: start)
                        call.parametersText = Array(try reader.checkedRawValue())
                    }
                case 2:
                    try members.meet(2)
                    call.oneway = try reader.bool()
                case 3:
                    try members.meet(3)
                    call.more = try reader.bool()
                case 4:
                    try members.meet(4)
                    call.upgrade = try reader.bool()
                default: throw WireReadError.syntax
                }
            }
            guard Self.isQualifiedMethodName(call.method) else { throw WireReadError.syntax }
            return call
        }
        guard let read else { return nil }
        self = read
    }

    /// Reads a call's frame (without its NUL): in one pass when it can (`init?(frame:)`), else
    /// parsed whole and read from the tree.
    /// - Throws: `JSONParseError` when the frame is not JSON, `VarlinkMessageError` when it is
    ///   not a call.
    public static func read(frame bytes: UnsafeRawBufferPointer, readers: ((String) -> VarlinkParametersReader?)? = nil)
        throws -> VarlinkCall
    {
        if let call = VarlinkCall(frame: bytes, readers: readers) { return call }
        return try VarlinkCall(message: try JSONParser.parse(bytes))
    }

    /// The parameters read as the generated type `T`, strictly, in one pass: the value itself
    /// when the call was made with a `T` (`init(method:value:)`) whose text would read back as
    /// it (`isWireExact`), else from that text, as a socket's call is; from their text when they
    /// came as text (`init?(frame:)`); else from their tree's text. `InvalidParameter` names the
    /// field that is wrong.
    public func read<T: WireStruct>(_ type: T.Type) throws(VarlinkError) -> T {
        if let read = preread as? T {
            // A value read from the call's text reads back as itself by construction.
            if parametersText != nil || read.isWireExact { return read }
            return try Self.read(T.self, text: read.jsonBytes)
        }
        guard let text = parametersText else { return try T(tree: value?.tree ?? storedParameters) }
        return try Self.read(T.self, text: text)
    }

    private static func read<T: WireStruct>(_ type: T.Type, text: [UInt8]) throws(VarlinkError) -> T {
        do {
            return try T(json: text, strict: true, maximumDepth: JSONParser.defaultMaximumDepth)
        } catch {
            throw error.varlinkError
        }
    }

}
