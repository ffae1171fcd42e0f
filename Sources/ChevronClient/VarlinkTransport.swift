import ChevronVarlink

/// Something that answers Varlink calls: a daemon's socket, or a service in the same process.
public protocol VarlinkTransport: Sendable {
    /// Sends `call` and returns its replies (the last one without `continues`); none for a
    /// oneway call. Calls made concurrently are pipelined and answered in order.
    func call(_ call: VarlinkCall) async throws(ChevronClientError) -> [VarlinkReply]

    /// Closes the transport; calls in flight fail with `ChevronClientError.Code.closed`.
    func close() async
}
