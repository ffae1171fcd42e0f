/// Where chevrond listens when it is not told (`--socket`), and so where its clients look:
/// `$XDG_RUNTIME_DIR/chevron/chevrond.sock`, or `/run/chevron/chevrond.sock` for root (or when
/// XDG_RUNTIME_DIR is unset). One definition for the daemon and the client.
public enum ChevronSocketPath {
    public static func defaultPath(environment: [String: String], uid: UInt32) -> String {
        if uid != 0, let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return "\(runtime)/chevron/chevrond.sock"
        }
        return "/run/chevron/chevrond.sock"
    }
}
