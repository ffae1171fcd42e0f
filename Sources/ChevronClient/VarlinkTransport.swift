import ChevronVarlink

/// Something that answers Varlink calls: a daemon's socket, or a service in the same process.
public protocol VarlinkTransport: Sendable {
    /// Sends `call` and returns its replies (the last one without `continues`); none for a
    /// oneway call. Calls made concurrently are pipelined and answered in order.
    func call(_ call: VarlinkCall) async throws(ChevronClientError) -> [VarlinkReply]

    /// Sends `call`, which has one reply, and gives that reply's parameters as `T`: read in the
    /// same pass that reads its frame (`VarlinkReply.parameters(ofFrame:as:)`), or, from a
    /// service in this process, the reply's value as it is; when neither can be (an error reply,
    /// anything unusual), the replies as `call(_:)` gives them.
    func call<T: WireStruct>(_ call: VarlinkCall, readingParametersAs type: T.Type) async throws(ChevronClientError)
        -> TypedReply<T>

    /// Closes the transport; calls in flight fail with `ChevronClientError.Code.closed`.
    func close() async

    /// Whether calls travel as messages, each within the peer's message limit (`GetLimits`'
    /// `messageBytes`); false for a service in this process, which takes calls as values.
    var sendsMessages: Bool { get }
}

/// A reply's parameters as their type (read in one pass, or handed over in process), or the
/// replies to read the slow way.
public enum TypedReply<T: WireStruct>: Sendable {
    case read(T)
    case replies([VarlinkReply])
}

extension VarlinkTransport {
    /// A transport sends messages unless it says otherwise.
    public var sendsMessages: Bool { true }

    /// A transport that reads no frames itself gives the replies.
    public func call<T: WireStruct>(_ call: VarlinkCall, readingParametersAs type: T.Type)
        async throws(ChevronClientError) -> TypedReply<T>
    {
        .replies(try await self.call(call))
    }
}
