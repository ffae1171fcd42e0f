import Glibc

/// The address-space limit (RLIMIT_AS, `prlimit --as`, systemd's `LimitAS=`) chevrond needs to
/// start: its threads' stacks, the Swift runtime, fontconfig's font set and FreeType's faces are
/// reserved before the first call. Under 128 MiB it crashed at start; it refuses to start instead.
public enum AddressSpaceLimit {
    /// The least address space chevrond starts with: 256 MiB (at 256 MiB it started and served a
    /// SizeMany of 20,000 titles; at 128 MiB it could not start).
    public static let minimumBytes = 256 << 20

    /// The soft limit in force, nil when there is none.
    public static var current: Int? {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limits) == 0, limits.rlim_cur != rlim_t.max else {
            return nil
        }
        return Int(clamping: limits.rlim_cur)
    }

    /// Why chevrond cannot start under the limit in force, nil when it can.
    public static var refusal: String? {
        guard let current, current < minimumBytes else { return nil }
        return "the address-space limit (RLIMIT_AS) is \(current >> 20) MiB; chevrond needs at least "
            + "\(minimumBytes >> 20) MiB to start (raise LimitAS= or prlimit --as)"
    }
}
