import CFreeType
import Synchronization

/// The process's one `FT_Library`, with the lock that serialises face creation and destruction.
///
/// FreeType allows sharing a library between threads only if opening and closing faces is
/// serialised (docs/architecture.md, "FreeType: one library, faces created under a lock").
/// The library lives as long as the process.
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

    /// Opens face `index` of a font file's bytes (`FT_New_Memory_Face`) under the library lock.
    /// FreeType reads from `bytes`, which must outlive the face.
    /// - Returns: the face, or FreeType's error code.
    func openFace(bytes: FontBytes, index: Int) -> Result<FT_Face, FreeTypeError> {
        guard let library = library.map(Handle.init) else { return .failure(FreeTypeError(code: -1)) }
        let memory = Handle(pointer: OpaquePointer(bytes.base))
        let count = bytes.count
        let opened = lock.withLock { _ -> Result<Handle, FreeTypeError> in
            var face: FT_Face?
            let error = FT_New_Memory_Face(
                library.pointer, UnsafePointer<FT_Byte>(memory.pointer), FT_Long(count), FT_Long(index), &face)
            guard error == 0, let face else { return .failure(FreeTypeError(code: error)) }
            return .success(Handle(pointer: OpaquePointer(face)))
        }
        return opened.map { FT_Face($0.pointer) }
    }

    /// Sets a variable face's design coordinates (`FT_Set_Var_Design_Coordinates`), axis by axis
    /// in `fvar` order, under the library lock (it allocates through the library).
    func setDesignCoordinates(_ face: FT_Face, _ coordinates: [Float]) {
        let handle = Handle(pointer: OpaquePointer(face))
        let fixed = coordinates.map { FT_Fixed(($0 * 65536).rounded()) }
        lock.withLock { _ in
            var values = fixed
            _ = FT_Set_Var_Design_Coordinates(FT_Face(handle.pointer), FT_UInt(values.count), &values)
        }
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
