/// The members of one object of a generated type, read in one pass. A value that does not fit its
/// field is skipped and reading goes on, so that the error reported is the one a reader taking
/// the fields in their declared order meets first: the first field (declared order) that is
/// missing or does not fit, else the first member (in the text) the type does not declare, when
/// strict.
public struct WireObject {
    @usableFromInline let names: [StaticString]
    @usableFromInline var first = true
    @usableFromInline var expected = 0
    @usableFromInline var members = JSONReader.Members()
    /// Where the value of the field `next` returned starts, to skip it from if it does not fit.
    @usableFromInline var start = JSONReader.Mark(position: 0, depth: 0)
    /// The error to report: of field `index`, or (index `names.count`) of an undeclared member.
    @usableFromInline var failure: (index: Int, error: WireReadError)?

    /// Starts reading an object whose fields are `names` (`invalid` for a value of another type).
    public init(_ reader: inout JSONReader, _ names: [StaticString]) throws(WireReadError) {
        self.names = names
        try reader.beginObject()
    }

    /// The next declared field's index (its `:` read), or nil at the object's end. A member the
    /// type does not declare is skipped, and is the error when `strict`.
    @inlinable
    public mutating func next(_ reader: inout JSONReader, strict: Bool) throws(WireReadError) -> Int? {
        while let index = try reader.nextField(&first, among: names, expected: &expected) {
            if index >= 0 {
                try members.meet(index)
                start = reader.mark
                return index
            }
            try skipUndeclared(&reader, strict: strict)
        }
        return nil
    }

    /// Skips the value of a member the type does not declare (`unknownKey`), kept as the error
    /// when `strict`.
    @usableFromInline
    mutating func skipUndeclared(_ reader: inout JSONReader, strict: Bool) throws(WireReadError) {
        let key = reader.unknownKey
        try members.meet(other: key)
        if strict, failure == nil { failure = (names.count, .invalid(key)) }
        try reader.skipValue()
    }

    /// Field `index`'s value read by `body`; nil when it does not fit (kept as the error unless
    /// an earlier field's is, and the value skipped).
    @inlinable
    public mutating func read<T>(
        _ index: Int, _ reader: inout JSONReader, _ body: (inout JSONReader) throws(WireReadError) -> T
    ) throws(WireReadError) -> T? {
        do {
            return try body(&reader)
        } catch {
            try failed(index, error, &reader)
            return nil
        }
    }

    @usableFromInline
    mutating func failed(_ index: Int, _ error: WireReadError, _ reader: inout JSONReader) throws(WireReadError) {
        if error.isSyntax { throw error }
        if failure.map({ index < $0.index }) ?? true { failure = (index, error.under("\(names[index])")) }
        try reader.skipValue(from: start)
    }

    /// The error for required field `index`, absent (or null, or not fitting): an earlier
    /// field's error if there is one.
    public func missing(_ index: Int) -> WireReadError {
        if let failure, failure.index <= index { return failure.error }
        return .invalid("\(names[index])")
    }

    /// Throws the error kept, if any, once every required field is there.
    @inlinable
    public func finish() throws(WireReadError) {
        if let failure { throw failure.error }
    }
}
