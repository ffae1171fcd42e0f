import Glibc

/// The open-files limit (RLIMIT_NOFILE) and how many connections it leaves room for: each
/// connection holds a descriptor, and a daemon out of descriptors can accept nothing, not even
/// to refuse it.
enum DescriptorLimit {
    /// Descriptors kept free for what the daemon opens while it serves: font files read at first
    /// use, the folders a rescan walks, the files the fingerprint hashes and its cache file,
    /// fontconfig's cache files, and connections accepted only to be refused.
    static let headroom = 32

    /// Raises the soft limit to the hard one (a daemon uses no `select()`, so a high limit costs
    /// nothing). Returns the soft limit in force, and the one before when it was raised.
    static func raiseSoftLimit() -> (limit: Int, raisedFrom: Int?) {
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return (Int.max, nil) }
        let soft = Int(clamping: limits.rlim_cur)
        var target = limits.rlim_max
        // An unlimited hard limit cannot be the soft one: the kernel allows at most nr_open.
        if target == rlim_t.max, let open = systemOpenFileMaximum() { target = rlim_t(open) }
        guard target > limits.rlim_cur else { return (soft, nil) }
        limits.rlim_cur = target
        guard setrlimit(resource, &limits) == 0 else { return (soft, nil) }
        return (Int(clamping: target), soft)
    }

    /// How many connections fit under `limit` descriptors with `open` already open: less the
    /// listening socket, the headroom and the administrators' reserve.
    static func connectionsThatFit(limit: Int, open: Int) -> Int {
        limit - open - 1 - headroom - DaemonConfiguration.administrationReserve
    }

    /// The descriptors this process has open now (the entries of /proc/self/fd, less the one
    /// reading it); nil when /proc cannot say.
    static func openDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { count += 1 }
        }
        return count - 1
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }

    private static func systemOpenFileMaximum() -> Int? {
        guard let file = fopen("/proc/sys/fs/nr_open", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 32)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Int(text.trimmingSuffix())
    }
}

extension String {
    fileprivate func trimmingSuffix() -> Substring {
        var text = self[...]
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
