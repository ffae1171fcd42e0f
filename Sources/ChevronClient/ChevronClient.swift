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

    /// Calls `method` and returns the parameters of its replies (several with `more`).
    /// - Throws: `ChevronClientError`; a Varlink error reply has code `remote`.
    public func call(_ method: String, _ parameters: JSONValue = .object([]), more: Bool = false)
        async throws(ChevronClientError) -> [JSONValue]
    {
        var replies: [JSONValue] = []
        for parameters in try await replyParameters(method, parameters, more: more) {
            replies.append(try Self.tree(parameters, method: method))
        }
        return replies
    }

    /// Calls `method` and reads its one reply as the generated type `T`: in the pass that reads
    /// the reply's frame when the transport can, else from the reply's text or its tree (which
    /// names what is wrong).
    func call<T: WireStruct>(_ method: String, _ parameters: JSONValue, as type: T.Type)
        async throws(ChevronClientError) -> T
    {
        let replies: [VarlinkReply]
        switch try await transport.call(
            VarlinkCall(method: method, parameters: parameters), readingParametersAs: type)
        {
        case .read(let value): return value
        case .replies(let given): replies = given
        }
        guard let reply = try Self.parameters(of: replies, method: method).first else {
            throw ChevronClientError(.protocolViolation, message: "\(method) sent no reply")
        }
        if let read = reply.read(as: type, strict: false) { return read }
        return try Self.read(try Self.tree(reply, method: method), as: type, method: method)
    }

    /// The parameters of the replies to `method`, as the transport gave them (a tree, or the
    /// text of a reply read in one pass); a Varlink error reply is thrown.
    private func replyParameters(_ method: String, _ parameters: JSONValue, more: Bool)
        async throws(ChevronClientError) -> [JSONValue]
    {
        try Self.parameters(
            of: try await transport.call(VarlinkCall(method: method, parameters: parameters, more: more)),
            method: method)
    }

    /// The replies' parameters; a Varlink error reply is thrown.
    private static func parameters(of replies: [VarlinkReply], method: String) throws(ChevronClientError)
        -> [JSONValue]
    {
        if let failed = replies.first(where: { $0.error != nil }), let name = failed.error {
            throw .remote(VarlinkError(name, parameters: try Self.tree(failed.parameters, method: method)))
        }
        return replies.map(\.parameters)
    }

    /// Parameters as a tree.
    private static func tree(_ parameters: JSONValue, method: String) throws(ChevronClientError) -> JSONValue {
        do {
            return try parameters.parsed(maximumDepth: 64)
        } catch {
            throw ChevronClientError(.protocolViolation, message: "\(method)'s reply is not valid JSON: \(error)")
        }
    }
}
