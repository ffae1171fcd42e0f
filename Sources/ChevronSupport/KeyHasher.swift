#if canImport(Glibc)
    import Glibc
#endif

/// A fast hash of cache keys: their strings' UTF-8 bytes, counts and numbers, mixed 16 bytes at
/// a time by a 64×64→128-bit multiply (the "multiply and fold" step of wyhash-style hashes).
///
/// Why not `Hasher`: SipHash-1-3 over a title and a font request, and then again over the
/// result inside `Dictionary`, was a third of a cached measurement's cost. Why not an unseeded
/// hash: cache keys come from clients, so the seed is drawn at random once per process, as
/// `Hasher`'s is; a client cannot precompute titles that collide in another process's tables.
/// Strings are hashed by their bytes, not by `String`'s canonical equivalence ("é" and
/// "e\u{301}" hash apart, as cache keys must: they shape differently).
public struct KeyHasher {
    @usableFromInline var state: UInt64

    /// This process's seed, drawn once; a constant when `SWIFT_DETERMINISTIC_HASHING` is set,
    /// as `Hasher`'s is then, so that instruction counts of two builds (`valgrind`) compare the
    /// same probe sequences rather than two random ones.
    @usableFromInline static let seed =
        getenv("SWIFT_DETERMINISTIC_HASHING") == nil ? UInt64.random(in: .min ... .max) : 0x5eed

    // Odd constants with well-spread bits (wyhash's), so a zero word still changes the state.
    @usableFromInline static let first: UInt64 = 0xa076_1d64_78bd_642f
    @usableFromInline static let second: UInt64 = 0xe703_7ed1_a0b4_28db

    /// A hasher starting from this process's seed.
    @inlinable public init() {
        state = Self.seed
    }

    /// A hasher starting from `seed`: for a witness that computes the same hash apart
    /// (`KeyHasherTests`), which cannot know this process's random seed.
    public init(seed: UInt64) {
        state = seed
    }

    /// The high and low halves of the full product, folded together.
    @inlinable static func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
        let product = left.multipliedFullWidth(by: right)
        return product.high ^ product.low
    }

    /// Adds a number.
    @inlinable public mutating func combine(_ value: UInt64) {
        state = Self.fold(value ^ Self.first, state ^ Self.second)
    }

    /// Adds a number.
    @inlinable public mutating func combine(_ value: Int) {
        combine(UInt64(bitPattern: Int64(value)))
    }

    /// Adds a number by its bits (so 0.0 and -0.0 differ, which `==` tells apart anyway).
    @inlinable public mutating func combine(_ value: Double) {
        combine(value.bitPattern)
    }

    /// Adds bytes and their count.
    ///
    /// Reads 16 bytes a step; the last step (1 to 16 bytes) reads words that may overlap bytes
    /// already read, which the count mixed in with them keeps apart (as wyhash does).
    @inlinable public mutating func combine(bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var state = self.state
        var low: UInt64 = 0
        var high: UInt64 = 0
        if count > 16 {
            var offset = 0
            while count - offset > 16 {
                state = Self.fold(Self.word(bytes, offset) ^ Self.first, Self.word(bytes, offset + 8) ^ state)
                offset += 16
            }
            low = Self.word(bytes, count - 16)
            high = Self.word(bytes, count - 8)
        } else if count >= 8 {
            low = Self.word(bytes, 0)
            high = Self.word(bytes, count - 8)
        } else if count >= 4 {
            low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if count > 0 {
            low = UInt64(bytes[0]) << 16 | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1])
        }
        self.state = Self.fold(low ^ Self.second ^ UInt64(count), high ^ state ^ Self.first)
    }

    /// Eight bytes from `offset`, little-endian.
    @inlinable static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Adds a string's UTF-8 bytes and their count.
    @inlinable public mutating func combine(_ text: String) {
        // Read in place (no copy of the string to make it mutable, so no retain and release).
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil {
            var text = text
            text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Adds an optional string; an absent one hashes apart from every string, the empty one too.
    @inlinable public mutating func combine(_ text: String?) {
        if let text { combine(text) } else { combine(UInt64.max) }
    }

    /// The hash of everything added.
    @inlinable public func finalize() -> Int {
        Int(truncatingIfNeeded: Self.fold(state ^ Self.second, state ^ Self.first))
    }
}
