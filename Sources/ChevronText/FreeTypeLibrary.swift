import CFreeType
import Synchronization

/// The process's one `FT_Library`, with the lock that serialises face creation and destruction.
///
/// FreeType allows sharing a library between threads only if opening and closing faces is
/// serialised (docs/NOTES.md). The library lives as long as the process.
final class FreeTypeLibrary: @unchecked Sendable {
    /// The shared library, created on first use.
    static let shared = FreeTypeLibrary()

    private let lock = Mutex(())
    private let library: OpaquePointer?

    private init() {
        var library: OpaquePointer?
        let error = FT_Init_FreeType(&library)
        self.library = error == 0 ? library : nil
    }

    /// Opens face `index` of `file` (`FT_New_Face`) under the library lock.
    /// - Returns: the face, or FreeType's error code.
    func openFace(file: String, index: Int) -> Result<FT_Face, FreeTypeError> {
        guard let library = library.map(Handle.init) else { return .failure(FreeTypeError(code: -1)) }
        let opened = lock.withLock { _ -> Result<Handle, FreeTypeError> in
            var face: FT_Face?
            let error = FT_New_Face(library.pointer, file, FT_Long(index), &face)
            guard error == 0, let face else { return .failure(FreeTypeError(code: error)) }
            return .success(Handle(pointer: OpaquePointer(face)))
        }
        return opened.map { FT_Face($0.pointer) }
    }

    /// A C handle crossing the lock; the lock is what makes its use safe.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// FreeType's version (`FT_Library_Version`); zeros when the library could not start.
    func version(_ major: inout Int32, _ minor: inout Int32, _ patch: inout Int32) {
        guard let library else { return }
        FT_Library_Version(library, &major, &minor, &patch)
    }

    /// Closes a face (`FT_Done_Face`) under the library lock.
    func closeFace(_ face: FT_Face) {
        let handle = Handle(pointer: OpaquePointer(face))
        lock.withLock { _ in _ = FT_Done_Face(FT_Face(handle.pointer)) }
    }
}

/// A FreeType error code (`FT_Err_*`).
struct FreeTypeError: Error, Sendable {
    let code: Int32
}
