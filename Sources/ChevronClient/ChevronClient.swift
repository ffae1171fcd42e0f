import ChevronJSON
import ChevronVarlink
import Foundation

/// A client of chevrond: typed calls for every method of io.chevron.Text, io.chevron.BackButton
/// and io.chevron.Service, over any `VarlinkTransport` (the daemon's socket, or a service in the
/// same process). Calls made concurrently are pipelined on one connection.
///
/// ```swift
/// let client = try await ChevronClient.connect(socketPath: "/run/chevron/chevrond.sock")
/// let layout = try await client.size(SizeParameters(look: "instagram", title: "Settings"))
/// print(layout.width)  // 69
/// ```
public final class ChevronClient: Sendable {
    /// What the calls go through.
    public let transport: any VarlinkTransport

    /// A client over `transport`.
    public init(transport: any VarlinkTransport) {
        self.transport = transport
    }

    /// Connects to the daemon listening on `socketPath`.
    /// - Throws: `ChevronClientError` with code `unreachable`.
    public static func connect(socketPath: String) async throws(ChevronClientError) -> ChevronClient {
        ChevronClient(transport: try await SocketTransport.connect(path: socketPath))
    }

    /// The default socket path, as chevrond chooses it: `$XDG_RUNTIME_DIR/chevron/chevrond.sock`,
    /// or `/run/chevron/chevrond.sock` for root (or without XDG_RUNTIME_DIR).
    public static func defaultSocketPath(environment: [String: String], uid: UInt32) -> String {
        ChevronSocketPath.defaultPath(environment: environment, uid: uid)
    }

    /// Closes the connection.
    public func close() async { await transport.close() }

    /// Who answers at the other end of a socket (`SO_PEERCRED`); nil in this process or when the
    /// socket cannot say.
    public func daemonCredentials() async -> PeerCredentials? {
        await (transport as? SocketTransport)?.peer()
    }

    /// Calls `method` and returns the parameters of its replies (several with `more`).
    /// - Throws: `ChevronClientError`; a Varlink error reply has code `remote`.
    public func call(_ method: String, _ parameters: JSONValue = .object([]), more: Bool = false)
        async throws(ChevronClientError) -> [JSONValue]
    {
        let call = VarlinkCall(method: method, parameters: parameters, more: more)
        var replies: [JSONValue] = []
        for reply in try Self.successes(try await transport.call(call), method: method) {
            replies.append(try Self.tree(reply, method: method))
        }
        return replies
    }

    /// Calls `method` with the parameters of a generated type and reads its one reply as the
    /// generated type `T`. The parameters go to the transport as they are: a socket writes
    /// them straight into the message, a service in this process takes them without text.
    func call<T: WireStruct>(_ method: String, _ parameters: some WireStruct, as type: T.Type)
        async throws(ChevronClientError) -> T
    {
        try await call(VarlinkCall(method: method, value: parameters), as: type)
    }

    /// Sends `call` and reads its one reply as the generated type `T`: the reply's value as it is
    /// from a service in this process, in the pass that reads the reply's frame when the
    /// transport can, else from the reply's text or its tree, with the same reader, whose error
    /// names what is wrong.
    private func call<T: WireStruct>(_ call: VarlinkCall, as type: T.Type) async throws(ChevronClientError) -> T {
        let method = call.method
        let replies: [VarlinkReply]
        switch try await transport.call(call, readingParametersAs: type) {
        case .read(let value): return value
        case .replies(let given): replies = given
        }
        guard let reply = try Self.successes(replies, method: method).first else {
            throw ChevronClientError(.protocolViolation, message: "\(method) sent no reply")
        }
        guard let text = reply.parametersText else {
            return try Self.read(try Self.tree(reply, method: method), as: type, method: method)
        }
        do {
            return try T(json: text, strict: false)
        } catch where error.isSyntax {
            // Text that is not JSON: the parser says where.
            return try Self.read(try Self.tree(reply, method: method), as: type, method: method)
        } catch {
            throw Self.invalidReply(method, field: error.path)
        }
    }

    /// The replies; a Varlink error reply is thrown.
    private static func successes(_ replies: [VarlinkReply], method: String) throws(ChevronClientError)
        -> [VarlinkReply]
    {
        if let failed = replies.first(where: { $0.error != nil }), let name = failed.error {
            throw .remote(VarlinkError(name, parameters: try Self.tree(failed, method: method)))
        }
        return replies
    }

    /// A reply's parameters as a tree.
    private static func tree(_ reply: VarlinkReply, method: String) throws(ChevronClientError) -> JSONValue {
        do {
            return try reply.parsedParameters(maximumDepth: 64)
        } catch {
            throw ChevronClientError(.protocolViolation, message: "\(method)'s reply is not valid JSON: \(error)")
        }
    }
}
