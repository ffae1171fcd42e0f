import Foundation
import Glibc

/// A blocking Varlink client on a plain Unix socket, written for the tests only: it shares no
/// code with the daemon (Foundation's JSONSerialization reads the replies).
public final class VarlinkTestClient {
    public enum Failure: Error, CustomStringConvertible {
        case system(String)
        case closed
        public var description: String {
            switch self {
            case .system(let text): text
            case .closed: "the daemon closed the connection"
            }
        }
    }

    public let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to `path`, with a receive timeout so that a test never hangs.
    public init(path: String, timeout: Double = 10) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.system("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        // No close here: deinit runs for a class whose init throws after every property is set,
        // and closing twice could close a descriptor another thread has just been given.
        guard result == 0 else {
            throw Failure.system("connect \(path): \(String(cString: strerror(errno)))")
        }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends raw bytes as they are.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure.system("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Sends one message: the JSON of `object` and a NUL.
    public func send(_ object: [String: Any]) throws {
        try send(Array(try JSONSerialization.data(withJSONObject: object)) + [0])
    }

    /// The next message from the daemon, parsed.
    public func receive() throws -> [String: Any] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = Array(pending[..<end])
                pending.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else {
                    throw Failure.system("a reply that is not an object: \(String(decoding: message, as: UTF8.self))")
                }
                return object
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { throw Failure.closed }
            guard count > 0 else { throw Failure.system("recv: \(String(cString: strerror(errno)))") }
            pending += buffer[..<count]
        }
    }

    /// Whether the daemon closed the connection (EOF) within the receive timeout.
    public func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }

    /// Calls `method` and returns the reply (parameters and error).
    public func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> Reply {
        try send(["method": method, "parameters": parameters])
        return Reply(try receive())
    }
}

/// One reply: its parameters, and its error name if it is an error.
public struct Reply {
    public let parameters: [String: Any]
    public let error: String?
    public let continues: Bool

    public init(_ message: [String: Any]) {
        parameters = message["parameters"] as? [String: Any] ?? [:]
        error = message["error"] as? String
        continues = message["continues"] as? Bool ?? false
    }

    public func double(_ key: String) -> Double? { (parameters[key] as? NSNumber)?.doubleValue }
    public func string(_ key: String) -> String? { parameters[key] as? String }
}
