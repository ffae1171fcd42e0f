import ChevronJSON
import NIOCore
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
    /// Whether the caller has gone (its connection closed): long methods check it between
    /// steps and stop, since nobody will read the answer.
    public var isAbandoned: @Sendable () -> Bool
    /// Whether the transport takes a `VarlinkResponse.stream` (writing it piece by piece as the
    /// peer reads); a method that can answer either way streams only when it does.
    public var allowsStreaming: Bool

    /// Creates a context.
    public init(
        peer: PeerCredentials?, allowsStreaming: Bool = false, isAbandoned: @escaping @Sendable () -> Bool = { false }
    ) {
        self.peer = peer
        self.allowsStreaming = allowsStreaming
        self.isAbandoned = isAbandoned
    }
}

/// What a method answers: one reply's parameters, or several (streamed to a `more` call), or the
/// work that will produce them.
public enum VarlinkResponse: Sendable {
    /// One reply.
    case reply(JSONValue)
    /// One reply of a generated type, encoded only when the transport writes it, straight into
    /// its buffer.
    case value(any WireStruct)
    /// Several replies; all but the last are sent with `continues: true`.
    case replies([JSONValue])
    /// Several replies of a generated type, as `replies`, each written straight into the
    /// transport's buffer.
    case values([any WireStruct])
    /// Replies written piece by piece, as the transport asks for them (only when the call's
    /// context `allowsStreaming`): a large answer is never held whole for a peer that reads slowly.
    case stream(any VarlinkReplyStream)
    /// The answer needs real work (matching fonts, shaping, drawing, hashing files) that may
    /// block: the transport runs `work` where blocking is allowed (a worker thread, not an event
    /// loop). The method has read and checked its parameters already; `work` captures them, so
    /// nothing is read twice.
    case work(VarlinkWork)
    /// Work as `.work`, but known to be short and to wait on nothing (a short text shaped in a
    /// face that is open already): an event loop may run it itself for a client waiting on the
    /// reply, sparing the hops to a worker and back; otherwise it goes where `.work` goes.
    case shortWork(VarlinkWork)
}

/// A method's blocking part, with the call's parameters already read.
public typealias VarlinkWork = @Sendable () throws(VarlinkError) -> VarlinkResponse

/// A method's replies, written a piece at a time: complete frames (JSON and NUL), or one large
/// reply cut anywhere, in order. The transport calls `next` on one thread at a time, and only
/// once the previous piece is on its way.
public protocol VarlinkReplyStream: Sendable {
    /// Appends the next piece to `bytes`, about `budget` bytes or less; returns true once the
    /// replies are complete (nothing more will be appended).
    func next(into bytes: inout ByteBuffer, budget: Int) -> Bool
}

/// A call's outcome for a transport: replies to send, a stream to write, or work to run first.
public enum VarlinkOutcome: Sendable {
    /// The replies (none for a oneway call).
    case replies([VarlinkReply])
    /// Replies to write as the peer reads.
    case stream(any VarlinkReplyStream)
    /// Work that may block, to run where blocking is allowed; only when the transport asked with
    /// `mayBlock: false`.
    case work(VarlinkPendingCall)
}

/// A call whose method left work that may block: `run` does it (on a worker thread) and gives
/// the call's outcome, counted as the call's answer.
public struct VarlinkPendingCall: Sendable {
    /// Whether the method answered `.shortWork`: an event loop may run it.
    public let isShort: Bool
    fileprivate let body: @Sendable () -> VarlinkOutcome

    /// Does the work; never returns `.work`.
    public func run() -> VarlinkOutcome { body() }
}

/// A method's implementation.
public typealias VarlinkMethod = @Sendable (VarlinkCall, VarlinkCallContext) throws(VarlinkError) -> VarlinkResponse

/// The dispatcher of a Varlink service: its interfaces and their methods, `org.varlink.service`,
/// and per-method counts.
///
/// Transport-free: the daemon hands it parsed calls and writes the replies it returns.
public final class VarlinkDispatcher: Sendable {
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

    /// One described method: its handler (nil: described, not implemented) and its counts.
    private struct Entry: Sendable {
        let handler: VarlinkMethod?
        let isStandard: Bool
        let counter: Counter
    }

    /// Calls and errors of one method, counted without a lock.
    private final class Counter: Sendable {
        let calls = Atomic<Int>(0)
        let errors = Atomic<Int>(0)

        func count(failed: Bool) {
            calls.add(1, ordering: .relaxed)
            if failed { errors.add(1, ordering: .relaxed) }
        }
    }

    private let info: Info
    private let interfaces: [String: VarlinkInterface]
    /// Every described method by qualified name: one lookup per call finds handler and counter.
    private let entries: [String: Entry]
    private let unknown = Counter()

    /// Creates a service from its interfaces and the handlers of their methods, keyed by
    /// qualified method name (`io.chevron.Text.MeasureText`).
    public init(info: Info, interfaces: [VarlinkInterface], methods: [String: VarlinkMethod]) {
        self.info = info
        var byName: [String: VarlinkInterface] = [VarlinkInterface.service.name: .service]
        for interface in interfaces { byName[interface.name] = interface }
        self.interfaces = byName
        var entries: [String: Entry] = [:]
        for interface in byName.values {
            for method in interface.methods {
                let name = "\(interface.name).\(method)"
                entries[name] = Entry(
                    handler: methods[name], isStandard: interface.name == VarlinkInterface.service.name,
                    counter: Counter())
            }
        }
        self.entries = entries
    }

    /// The served interfaces' names, sorted (`org.varlink.service` included).
    public var interfaceNames: [String] { interfaces.keys.sorted() }

    /// The description of `interface`, if served.
    public func description(of interface: String) -> String? { interfaces[interface]?.description }

    /// Calls and errors per method called at least once, for statistics. Calls to unknown
    /// methods and messages that were not calls count as `unknown`, so a client cannot grow
    /// this table.
    public var methodCounts: [String: MethodCounts] {
        var result: [String: MethodCounts] = [:]
        for (name, counter) in entries.map({ ($0.key, $0.value.counter) }) + [("unknown", unknown)] {
            let calls = counter.calls.load(ordering: .relaxed)
            if calls > 0 { result[name] = MethodCounts(calls: calls, errors: counter.errors.load(ordering: .relaxed)) }
        }
        return result
    }

    /// Answers one call, doing any work it needs here: the replies to send, none for a oneway call.
    public func handle(_ call: VarlinkCall, context: VarlinkCallContext) -> [VarlinkReply] {
        var context = context
        context.allowsStreaming = false
        switch respond(call, context: context, mayBlock: true) {
        case .replies(let replies): return replies
        case .stream, .work: preconditionFailure("a stream or pending work where neither was allowed")
        }
    }

    /// Answers one call as `handle` does, but a method may answer with a stream when the
    /// context `allowsStreaming`. Without `mayBlock` (an event loop), a method that needs work
    /// that may block returns it as `.work`, to be run elsewhere; the call is read only once.
    public func respond(_ call: VarlinkCall, context: VarlinkCallContext, mayBlock: Bool) -> VarlinkOutcome {
        let entry = entries[call.method]
        let result: Result<VarlinkResponse, VarlinkError>
        do {
            result = .success(try dispatch(call, entry: entry, context: context))
        } catch {
            result = .failure(error)
        }
        return outcome(result, of: call, counter: entry?.counter ?? unknown, mayBlock: mayBlock)
    }

    /// A method's work as a pending call, whose outcome is counted once the work is done.
    private func pendingCall(_ work: @escaping VarlinkWork, isShort: Bool, of call: VarlinkCall, counter: Counter)
        -> VarlinkPendingCall
    {
        VarlinkPendingCall(isShort: isShort) { [self] in
            let result: Result<VarlinkResponse, VarlinkError>
            do throws(VarlinkError) {
                result = .success(try work())
            } catch {
                result = .failure(error)
            }
            return outcome(result, of: call, counter: counter, mayBlock: true)
        }
    }

    /// Turns what a method answered into the call's outcome, and counts it once it is final.
    private func outcome(
        _ result: Result<VarlinkResponse, VarlinkError>, of call: VarlinkCall, counter: Counter, mayBlock: Bool
    ) -> VarlinkOutcome {
        let replies: [VarlinkReply]
        switch result {
        case .success(.work(let work)):
            let pending = pendingCall(work, isShort: false, of: call, counter: counter)
            return mayBlock ? pending.run() : .work(pending)
        case .success(.shortWork(let work)):
            let pending = pendingCall(work, isShort: true, of: call, counter: counter)
            return mayBlock ? pending.run() : .work(pending)
        case .success(.stream(let stream)):
            counter.count(failed: false)
            return call.oneway ? .replies([]) : .stream(stream)
        case .success(.reply(let parameters)): replies = [VarlinkReply(parameters: parameters)]
        case .success(.value(let body)): replies = [VarlinkReply(body: body)]
        case .success(.replies(let all)) where all.isEmpty: replies = [VarlinkReply(parameters: .object([]))]
        case .success(.replies(let all)):
            replies = all.enumerated().map { index, parameters in
                VarlinkReply(parameters: parameters, continues: index < all.count - 1)
            }
        case .success(.values(let all)) where all.isEmpty: replies = [VarlinkReply(parameters: .object([]))]
        case .success(.values(let all)):
            replies = all.enumerated().map { index, body in VarlinkReply(body: body, continues: index < all.count - 1) }
        case .failure(let error): replies = [VarlinkReply(error: error)]
        }
        counter.count(failed: replies.first?.error != nil)
        return .replies(call.oneway ? [] : replies)
    }

    /// Counts a message that never became a call (invalid JSON, too long) as an error of `unknown`.
    public func countRejectedMessage() { unknown.count(failed: true) }

    private func dispatch(_ call: VarlinkCall, entry: Entry?, context: VarlinkCallContext) throws(VarlinkError)
        -> VarlinkResponse
    {
        guard let entry else {
            let interface = call.interface
            throw interfaces[interface] == nil ? .interfaceNotFound(interface) : .methodNotFound(call.method)
        }
        guard !call.upgrade else { throw .methodNotImplemented(call.method) }
        if entry.isStandard { return try standardMethod(call, context: context) }
        guard let handler = entry.handler else { throw .methodNotImplemented(call.method) }
        return try handler(call, context)
    }

    /// org.varlink.service's methods, read with the types generated from its description.
    private func standardMethod(_ call: VarlinkCall, context: VarlinkCallContext) throws(VarlinkError)
        -> VarlinkResponse
    {
        switch call.method {
        case VarlinkServiceInterface.GetInfo.name: try getInfo(call: call, context: context)
        case VarlinkServiceInterface.GetInterfaceDescription.name:
            try getInterfaceDescription(call: call, context: context)
        default: throw .methodNotImplemented(call.method)
        }
    }
}

/// org.varlink.service: what the service is, and its interfaces' descriptions.
extension VarlinkDispatcher: VarlinkServiceInterfaceMethods {
    public func getInfo(_ parameters: VarlinkServiceInterface.GetInfo.Parameters, context: VarlinkCallContext)
        throws(VarlinkError) -> VarlinkResponse
    {
        .value(
            VarlinkServiceInterface.GetInfo.Reply(
                vendor: info.vendor, product: info.product, version: info.version, url: info.url,
                interfaces: interfaceNames))
    }

    public func getInterfaceDescription(
        _ parameters: VarlinkServiceInterface.GetInterfaceDescription.Parameters, context: VarlinkCallContext
    ) throws(VarlinkError) -> VarlinkResponse {
        guard let description = description(of: parameters.interface) else {
            throw .interfaceNotFound(parameters.interface)
        }
        return .value(VarlinkServiceInterface.GetInterfaceDescription.Reply(description: description))
    }
}
