/// The defaults a Varlink server and its clients share, each written once.
public enum VarlinkDefaults {
    /// The longest message a server reads and a client sends, in bytes (1 MiB; systemd's
    /// sd-varlink allows 16 MiB).
    public static let maximumMessageBytes = 1 << 20
}
