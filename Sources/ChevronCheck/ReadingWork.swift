import Synchronization

/// What the catalogue readers count of their work, so that a test can hold a reader to time
/// linear in its file with numbers instead of a clock: how many names a chain of Android
/// references follows, how many bytes the `.stringsdict` key-line pass reads, how many entity
/// references are written out and how many bytes their values hold.
///
/// Nothing is counted unless a caller binds a counter for the reading it wants counted:
///
/// ```swift
/// let work = ReadingWork()
/// let entries = try ReadingWork.$current.withValue(work) { try TitleFile.entries(in: data, path: path) }
/// #expect(work.count(.referenceFollowed) == …)
/// ```
///
/// Readers add their counts once, when a pass ends, so the loops themselves carry only a local
/// integer.
public final class ReadingWork: Sendable {
    /// One kind of step a reader takes.
    public enum Step: Sendable, Hashable {
        /// A name looked up while a chain of `@string/` references is followed.
        case referenceFollowed
        /// A byte read by the pass that finds each `.stringsdict` key's line.
        case keyLineByte
        /// An entity reference written out (nested ones included).
        case entityExpanded
        /// A byte of an entity's value written out.
        case entityValueByte
    }

    /// The counter the readers on this task add to; nil, the default, counts nothing.
    @TaskLocal public static var current: ReadingWork?

    private let counts = Mutex<[Step: Int]>([:])

    public init() {}

    /// How many steps of `step` have been counted.
    public func count(_ step: Step) -> Int {
        counts.withLock { $0[step, default: 0] }
    }

    /// Adds `amount` steps of `step` to the current counter, if one is bound.
    static func add(_ step: Step, _ amount: Int) {
        guard let work = current, amount != 0 else { return }
        work.counts.withLock { $0[step, default: 0] += amount }
    }
}
