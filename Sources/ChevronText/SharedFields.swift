/// A value type's fields kept behind one immutable reference, for values copied far more often
/// than changed (measurements out of the cache, requests into cache keys, a look's numbers on
/// every layout): a copy is one retain, where copying the fields themselves retained each of
/// their strings and arrays. A change makes a new storage, so a copy never sees another's
/// change; two values sharing one storage are equal without comparing their fields.
public struct SharedFields<Fields: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline let storage: Storage

    /// Never changed once made, so reading it needs no exclusivity check.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let fields: Fields
        @inlinable init(_ fields: Fields) { self.fields = fields }
    }

    /// Keeps `fields`.
    @inlinable public init(_ fields: Fields) {
        storage = Storage(fields)
    }

    /// The fields.
    @inlinable public var fields: Fields { storage.fields }

    /// Changes fields in a new storage: another value may share this one.
    @inlinable public mutating func edit(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        self = SharedFields(fields)
    }

    /// Whether both are one storage, and so equal.
    @inlinable public func isIdentical(to other: SharedFields) -> Bool { storage === other.storage }

    @inlinable public static func == (left: SharedFields, right: SharedFields) -> Bool {
        left.isIdentical(to: right) || left.storage.fields == right.storage.fields
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }
}
