import ChevronJSON

/// A Varlink error: a qualified name and parameters a caller can act on.
///
/// The standard errors of `org.varlink.service` have constructors here; services define their
/// own with `init(_:_:)` and the types generated from their declarations.
public struct VarlinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The qualified error name (`org.varlink.service.InvalidParameter`).
    public let name: String
    /// The error's parameters, an object.
    public let parameters: JSONValue

    /// Creates an error named `name` with `parameters`. A string parameter longer than
    /// `echoLimit` bytes is cut there and marked (see `JSONValue.cappingStrings`): errors often
    /// echo what the caller sent (a look's name, a language tag), and a caller must not make the
    /// daemon send back, or log, a megabyte of its own input.
    public init(_ name: String, parameters: JSONValue = .object([])) {
        self.name = String(name.utf8.count > Self.echoLimit ? JSONValue.cut(name, at: Self.echoLimit) : name)
        self.parameters = parameters.cappingStrings(at: Self.echoLimit)
    }

    /// The error `declaration` with its `parameters`, of the type generated from its
    /// declaration: the members in their declared order, absent optionals left out.
    public init<Declaration: VarlinkErrorDeclaration>(
        _ declaration: Declaration.Type, _ parameters: Declaration.Parameters
    ) {
        self.init(Declaration.name, parameters: parameters.tree)
    }

    /// The longest string an error echoes, in UTF-8 bytes.
    public static let echoLimit = 200

    /// The name and parameters, for logs.
    public var description: String { "\(name) \(parameters.jsonText)" }

    /// The standard interface's name.
    public static let serviceInterface = "org.varlink.service"

    /// No interface of that name is served.
    public static func interfaceNotFound(_ interface: String) -> VarlinkError {
        VarlinkError(VarlinkServiceInterface.InterfaceNotFound.self, .init(interface: interface))
    }

    /// The interface has no method of that name.
    public static func methodNotFound(_ method: String) -> VarlinkError {
        VarlinkError(VarlinkServiceInterface.MethodNotFound.self, .init(method: method))
    }

    /// The method exists but this service does not implement (this form of) it.
    public static func methodNotImplemented(_ method: String) -> VarlinkError {
        VarlinkError(VarlinkServiceInterface.MethodNotImplemented.self, .init(method: method))
    }

    /// A parameter is missing, unknown, of the wrong type, or out of range.
    public static func invalidParameter(_ parameter: String) -> VarlinkError {
        VarlinkError(VarlinkServiceInterface.InvalidParameter.self, .init(parameter: parameter))
    }

    /// The method must be called with `more`.
    public static let expectedMore = VarlinkError(VarlinkServiceInterface.ExpectedMore.self, .init())

    /// The caller may not call this method.
    public static let permissionDenied = VarlinkError(VarlinkServiceInterface.PermissionDenied.self, .init())

}

/// An error declared in an interface description: the namespace `make wire` generates for it,
/// its qualified name and the type of its parameters.
public protocol VarlinkErrorDeclaration {
    /// The parameters' generated type.
    associatedtype Parameters: WireStruct
    /// The error's qualified name.
    static var name: String { get }
}

/// A message that is not a Varlink call or reply: wrong members, wrong types. Varlink defines no
/// error for this in org.varlink.service, so the service names its own (Chevron's is
/// `io.chevron.Service.InvalidMessage`).
public struct VarlinkMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the message.
    public let reason: String

    /// Creates an error.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
