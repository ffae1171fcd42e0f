import Glibc

/// A `sockaddr_un` for a path, or for an abstract name written with a leading `@`.
///
/// The one place the daemon fills a Unix socket address by hand (sd_notify's datagram, the
/// probe for a live daemon); everything else goes through NIO.
struct UnixSocketAddress {
    private var address = sockaddr_un()
    private let length: socklen_t

    /// The address of `path`; nil when it does not fit `sun_path` (107 bytes and a NUL).
    init?(_ path: String) {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }  // the abstract namespace: a leading NUL, no terminator
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
