import Synchronization

/// Opened faces by file and index, so each font file is opened once and reused.
///
/// Bounded by count: past `capacity`, the face opened longest ago leaves the store (callers
/// still holding it keep it alive until they are done).
final class FaceStore: Sendable {
    private struct State {
        var faces: [FaceKey: FontFace] = [:]
        var order: [FaceKey] = []
        /// Each file's bytes, shared by its faces while any of them is open.
        var files: [String: WeakBytes] = [:]
    }

    private struct WeakBytes {
        weak var bytes: FontBytes?
    }

    private struct FaceKey: Hashable {
        let file: String
        let index: Int
        let variations: String
    }

    private let capacity: Int
    private let state = Mutex(State())
    /// Held while a face is opened: faces are opened one at a time.
    private let opening = Mutex(())

    /// Creates a store holding at most `capacity` faces.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The face for `name`, opened now if the store does not hold it.
    func face(_ name: FaceName) throws(TextError) -> FontFace {
        let key = FaceKey(file: name.file, index: name.index, variations: name.variations)
        if let face = state.withLock({ $0.faces[key] }) { return face }
        // Opening takes milliseconds: it is done outside the lock that lookups take, and one
        // face at a time, so that threads wanting the same face wait for it instead of each
        // reading its file (a CJK collection is about 20 MB, held twice until one copy lost).
        return try opening.withLock { _ throws(TextError) -> FontFace in
            if let face = state.withLock({ $0.faces[key] }) { return face }
            let opened = try FontFace(name, bytes: try bytes(of: name.file))
            return state.withLock { state in
                state.faces[key] = opened
                state.order.append(key)
                if state.order.count > capacity {
                    state.faces[state.order.removeFirst()] = nil
                }
                return opened
            }
        }
    }

    /// The bytes of the font file at `path`: those its open faces share, or read now.
    private func bytes(of path: String) throws(TextError) -> FontBytes {
        if let shared = state.withLock({ $0.files[path]?.bytes }) { return shared }
        let read = try FontBytes(file: path)
        return state.withLock { state in
            if let shared = state.files[path]?.bytes { return shared }
            if state.files.count >= capacity * 2 { state.files = state.files.filter { $0.value.bytes != nil } }
            state.files[path] = WeakBytes(bytes: read)
            return read
        }
    }

    /// How many faces are open in the store.
    var count: Int { state.withLock { $0.faces.count } }
}
