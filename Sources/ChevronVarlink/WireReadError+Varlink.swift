import ChevronJSON

extension WireReadError {
    /// The error a call's reader answers: `InvalidParameter` naming the path (`parameters` for the
    /// parameters themselves, or text that is not JSON).
    public var varlinkError: VarlinkError {
        let path = isSyntax ? "" : path
        return .invalidParameter(path.isEmpty ? "parameters" : path)
    }
}
