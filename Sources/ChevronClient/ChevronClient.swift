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
        let replies = try await transport.call(VarlinkCall(method: method, parameters: parameters, more: more))
        if let failed = replies.first(where: { $0.error != nil }), let name = failed.error {
            throw .remote(VarlinkError(name, parameters: failed.parameters))
        }
        return replies.map(\.parameters)
    }

    /// Calls `method` and reads its one reply as the generated type `T`.
    func call<T: WireStruct>(_ method: String, _ parameters: JSONValue, as type: T.Type)
        async throws(ChevronClientError) -> T
    {
        guard let reply = try await call(method, parameters).first else {
            throw ChevronClientError(.protocolViolation, message: "\(method) sent no reply")
        }
        return try Self.read(reply, as: type, method: method)
    }
}
