/// One call as a client sent it: `{"method": "io.chevron.Text.MeasureText", "parameters": {…}}`.
public struct VarlinkCall: Sendable, Hashable {
    /// The fully qualified method name (`interface.Method`).
    public var method: String
    /// The parameters object (empty when the call had none).
    public var parameters: JSONValue
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
        self.parameters = parameters
        self.oneway = oneway
        self.more = more
        self.upgrade = upgrade
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
            self.parameters = .object([])
        } else {
            guard case .object = parameters else {
                throw VarlinkMessageError("\"parameters\" must be an object, not \(parameters.typeName)")
            }
            self.parameters = parameters
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

    /// The call as a message object.
    public var message: JSONValue {
        .members([
            "method": .string(method), "parameters": parameters, "oneway": oneway ? true : nil,
            "more": more ? true : nil, "upgrade": upgrade ? true : nil,
        ])
    }

    /// Whether `name` is `reverse.domain.Interface.Method`: at least two dots, ASCII letters,
    /// digits, hyphens and dots, with a method part that starts with a capital letter.
    static func isQualifiedMethodName(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.count <= 255, let lastDot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let interface = utf8[..<lastDot]
        let method = utf8[utf8.index(after: lastDot)...]
        guard let first = method.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            method.allSatisfy({ $0.isASCIIAlphanumeric })
        else { return false }
        return interface.contains(UInt8(ascii: "."))
            && interface.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
