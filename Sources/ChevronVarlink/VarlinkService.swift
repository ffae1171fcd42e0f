import Synchronization

/// Who is calling: the peer's credentials as the kernel reports them (`SO_PEERCRED`).
public struct PeerCredentials: Sendable, Hashable {
    /// The peer's process id.
    public var pid: Int32
    /// The peer's user id.
    public var uid: UInt32
    /// The peer's group id.
    public var gid: UInt32

    /// Creates credentials.
    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }
}

/// What a method handler knows about its call besides the parameters.
public struct VarlinkCallContext: Sendable {
    /// The caller's credentials, when the transport knows them.
    public var peer: PeerCredentials?

    /// Creates a context.
    public init(peer: PeerCredentials?) {
        self.peer = peer
    }
}

/// What a method answers: one reply's parameters, or several (streamed to a `more` call).
public enum VarlinkResponse: Sendable {
    /// One reply.
    case reply(JSONValue)
    /// Several replies; all but the last are sent with `continues: true`.
    case replies([JSONValue])
}

/// A method's implementation.
public typealias VarlinkMethod = @Sendable (VarlinkCall, VarlinkCallContext) throws(VarlinkError) -> VarlinkResponse

/// A Varlink service: interfaces, their methods, `org.varlink.service`, and per-method counts.
///
/// Transport-free: the daemon hands it parsed calls and writes the replies it returns.
public final class VarlinkService: Sendable {
    /// What `GetInfo` reports.
    public struct Info: Sendable {
        /// The vendor.
        public var vendor: String
        /// The product.
        public var product: String
        /// The version.
        public var version: String
        /// The home page.
        public var url: String

        /// Creates the information.
        public init(vendor: String, product: String, version: String, url: String) {
            self.vendor = vendor
            self.product = product
            self.version = version
            self.url = url
        }
    }

    /// Calls and errors of one method.
    public struct MethodCounts: Sendable, Hashable {
        /// Calls answered (or accepted, for oneway calls).
        public var calls = 0
        /// Calls answered with an error.
        public var errors = 0
    }

    private let info: Info
    private let interfaces: [String: VarlinkInterface]
    private let methods: [String: VarlinkMethod]
    private let counts = Mutex<[String: MethodCounts]>([:])

    /// Creates a service from its interfaces and the handlers of their methods, keyed by
    /// qualified method name (`io.chevron.Text.MeasureText`).
    public init(info: Info, interfaces: [VarlinkInterface], methods: [String: VarlinkMethod]) {
        self.info = info
        var byName: [String: VarlinkInterface] = [VarlinkInterface.service.name: .service]
        for interface in interfaces { byName[interface.name] = interface }
        self.interfaces = byName
        self.methods = methods
    }

    /// The served interfaces' names, sorted (`org.varlink.service` included).
    public var interfaceNames: [String] { interfaces.keys.sorted() }

    /// The description of `interface`, if served.
    public func description(of interface: String) -> String? { interfaces[interface]?.description }

    /// Calls and errors per method, for statistics. Calls to unknown methods count as `unknown`,
    /// so a client cannot grow this table.
    public var methodCounts: [String: MethodCounts] { counts.withLock { $0 } }

    /// Answers one call: the replies to send, none for a oneway call.
    public func handle(_ call: VarlinkCall, context: VarlinkCallContext) -> [VarlinkReply] {
        // Without `deferrable`, a method's `.deferred` is answered like any other error.
        handle(call, context: context, deferrable: false) ?? []
    }

    /// Answers one call, or returns nil (counting nothing) when `deferrable` and the method threw
    /// `VarlinkError.deferred`: the caller must run it again where work is allowed.
    public func handle(_ call: VarlinkCall, context: VarlinkCallContext, deferrable: Bool) -> [VarlinkReply]? {
        let replies: [VarlinkReply]
        let countedAs: String
        do {
            let (method, response) = try dispatch(call, context: context)
            countedAs = method
            switch response {
            case .reply(let parameters): replies = [VarlinkReply(parameters: parameters)]
            case .replies(let all) where all.isEmpty: replies = [VarlinkReply(parameters: .object([]))]
            case .replies(let all):
                replies = all.enumerated().map { index, parameters in
                    VarlinkReply(parameters: parameters, continues: index < all.count - 1)
                }
            }
        } catch {
            if deferrable, error == .deferred { return nil }
            countedAs = knownMethod(call.method) ?? "unknown"
            replies = [VarlinkReply(error: error)]
        }
        count(countedAs, failed: replies.first?.error != nil)
        return call.oneway ? [] : replies
    }

    /// Counts a message that never became a call (invalid JSON, too long) as an error of `unknown`.
    public func countRejectedMessage() { count("unknown", failed: true) }

    private func count(_ method: String, failed: Bool) {
        counts.withLock { counts in
            counts[method, default: MethodCounts()].calls += 1
            if failed { counts[method, default: MethodCounts()].errors += 1 }
        }
    }

    private func knownMethod(_ method: String) -> String? {
        let interface = VarlinkCall(method: method).interface
        let name = method.dropFirst(interface.count + 1)
        return interfaces[interface]?.methods.contains(String(name)) == true ? method : nil
    }

    private func dispatch(_ call: VarlinkCall, context: VarlinkCallContext) throws(VarlinkError) -> (
        String, VarlinkResponse
    ) {
        let interfaceName = call.interface
        guard let interface = interfaces[interfaceName] else { throw .interfaceNotFound(interfaceName) }
        let name = String(call.method.dropFirst(interfaceName.count + 1))
        guard interface.methods.contains(name) else { throw .methodNotFound(call.method) }
        guard !call.upgrade else { throw .methodNotImplemented(call.method) }
        if interfaceName == VarlinkInterface.service.name {
            return (call.method, try serviceMethod(name, call))
        }
        guard let method = methods[call.method] else { throw .methodNotImplemented(call.method) }
        return (call.method, try method(call, context))
    }

    private func serviceMethod(_ name: String, _ call: VarlinkCall) throws(VarlinkError) -> VarlinkResponse {
        var parameters = try VarlinkParameters(call.parameters)
        switch name {
        case "GetInfo":
            try parameters.finish()
            return .reply(
                .members([
                    "vendor": .string(info.vendor), "product": .string(info.product),
                    "version": .string(info.version), "url": .string(info.url),
                    "interfaces": .array(interfaceNames.map(JSONValue.string)),
                ]))
        case "GetInterfaceDescription":
            let interface = try parameters.string("interface")
            try parameters.finish()
            guard let description = description(of: interface) else { throw .interfaceNotFound(interface) }
            return .reply(["description": .string(description)])
        default:
            throw .methodNotImplemented(call.method)
        }
    }
}
