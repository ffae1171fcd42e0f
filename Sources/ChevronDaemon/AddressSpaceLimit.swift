import Glibc

/// The address-space limit (RLIMIT_AS, `prlimit --as`, systemd's `LimitAS=`) chevrond needs to
/// start: its threads' stacks, the Swift runtime, fontconfig's font set and FreeType's faces are
/// reserved before the first call, and a SizeMany of the most requests a call may hold needs room
/// the Swift runtime cannot recover from lacking (an allocation that fails ends the process). The
/// release build crashed at start under 128 MiB, and on one 10,000-title SizeMany under 512 and
/// 560 MiB (`prlimit --as`); it refuses to start instead under the floor.
public enum AddressSpaceLimit {
    /// The least address space chevrond starts with: 768 MiB, where the release build answered
    /// four 10,000-title SizeMany calls at once (600 MiB answered one in one run of two).
    public static let minimumBytes = 768 << 20

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
