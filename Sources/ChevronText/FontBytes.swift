#if canImport(Glibc)
    import Glibc
#endif

/// A font file's bytes, read into memory this process owns.
///
/// FreeType and HarfBuzz would otherwise map the file, and a file truncated in place (a careless
/// package upgrade) then raises SIGBUS on the next read of a page past its new end. Owned bytes
/// keep measuring what was read until the next rescan reopens the file. Immutable after `init`;
/// shared by the faces of one file (a collection's faces, a variable font's instances).
final class FontBytes: @unchecked Sendable {
    /// The file's bytes.
    let base: UnsafeMutableRawPointer
    /// How many bytes.
    let count: Int

    /// The largest font file read (a CJK collection is about 20 MB, the largest font seen here 27 MB).
    static let limit = 256 << 20

    /// Reads the whole file at `path`.
    /// - Throws: `fontFileMissing` when it cannot be read, `fontFileCorrupt` when it is not a
    ///   regular file (a FIFO is never waited on), is empty or is over `limit`.
    init(file path: String) throws(TextError) {
        let descriptor: Int32
        switch RegularFile.open(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where failure.kind != nil:
            throw TextError(.fontFileCorrupt, parameter: "font", "the font file \(failure)")
        case .failure(let failure):
            throw TextError(
                .fontFileMissing, parameter: "font",
                "the font file \(path) is missing or unreadable (\(String(cString: strerror(failure.errorNumber)))); rescan fonts"
            )
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= Self.limit else {
            throw TextError(
                .fontFileCorrupt, parameter: "font",
                "the font file \(path) is empty, or larger than \(Self.limit >> 20) MiB")
        }
        let size = Int(info.st_size)
        let base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        // The file may shrink while being read: what was read is checked below.
        let read = FileIO.readFully(descriptor, into: base, count: size)
        guard read == size else {
            base.deallocate()
            throw TextError(.fontFileCorrupt, parameter: "font", "the font file \(path) changed while it was read")
        }
        self.base = base
        self.count = size
    }

    deinit {
        base.deallocate()
    }
}
