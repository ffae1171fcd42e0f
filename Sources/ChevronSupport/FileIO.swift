#if canImport(Glibc)
    import Glibc
#endif

/// Reads and writes on file descriptors that are retried when a signal interrupts them (EINTR),
/// the one loop every module that writes reports, caches or standard error, or reads fonts and
/// catalogues, goes through.
public enum FileIO {
    /// Writes all of `bytes` to `descriptor`; false when a write failed (errno says why) or
    /// wrote nothing.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, start + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Writes all of `text`'s UTF-8 to `descriptor` (`writeAll`).
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// Replaces the file at `path` whole with `bytes`: a temporary file beside it, written in full
    /// and then renamed over it, so that a reader never sees half a file and a full disk never
    /// leaves one (`OutputFile.replace`; a link at `path` is replaced, not followed). The system's
    /// reason (`strerror`) when it could not be; nil when done.
    public static func replaceFile(at path: String, with bytes: UnsafeRawBufferPointer, mode: mode_t = 0o644)
        -> String?
    {
        OutputFile.replace(path, in: AT_FDCWD, mode: mode) { writeAll($0, bytes) }
    }

    /// One read(2) of at most `count` bytes into `buffer`, retried while a signal interrupts it:
    /// the bytes read (0 at the end of the file), or -1 with errno set.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let read = Glibc.read(descriptor, buffer, count)
            if read < 0, errno == EINTR { continue }
            return read
        }
    }

    /// Reads into `buffer`, retrying on EINTR: the bytes read (0 at the end, or for an empty
    /// buffer), or -1 with errno set.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let start = buffer.baseAddress else { return 0 }
        return read(descriptor, into: start, count: buffer.count)
    }

    /// Reads into `buffer` until it is full or the file ends: the bytes read, or -1 with errno set.
    public static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        var done = 0
        while done < count {
            let read = read(descriptor, into: buffer + done, count: count - done)
            if read < 0 { return -1 }
            if read == 0 { break }
            done += read
        }
        return done
    }
}
