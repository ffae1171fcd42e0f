import ChevronJSON
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// What generated wire types (`Sources/ChevronWire`) write their text with.
public enum Wire {}

extension Wire {
    // The writers generated types call, inlinable: each generated `write(into:)` stores its
    // bytes straight into the buffer's memory.

    /// Writes `"name":`, after a comma unless it is the object's first member.
    @inlinable
    public static func key(
        _ name: StaticString, after separated: inout Bool, into bytes: inout JSONBufferWriter
    ) {
        if separated { bytes.writeJSON(byte: UInt8(ascii: ",")) }
        separated = true
        bytes.writeJSON(byte: UInt8(ascii: "\""))
        literal(name, into: &bytes)
        bytes.writeJSON(byte: UInt8(ascii: "\""))
        bytes.writeJSON(byte: UInt8(ascii: ":"))
    }

    /// Writes literal text (a key with its quotes and colon, `null`).
    @inlinable
    public static func literal(_ text: StaticString, into bytes: inout JSONBufferWriter) {
        bytes.writeJSON(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable
    public static func write(bool: Bool, into bytes: inout JSONBufferWriter) {
        literal(bool ? "true" : "false", into: &bytes)
    }

    // The writers of values: a probe (`JSONBufferWriter.probe()`) gets the value checked
    // instead of its text (`isExact`).

    @inlinable
    public static func write(number: Double, into bytes: inout JSONBufferWriter) {
        guard !bytes.isProbe else {
            if !isExact(number: number) { bytes.noteInexact() }
            return
        }
        JSONText.withNumber(number) { bytes.writeJSON(bytes: $0) }
    }

    /// An integer, written as the `Double` it reads back as.
    @inlinable
    public static func write(integer: Int, into bytes: inout JSONBufferWriter) {
        guard !bytes.isProbe else {
            if !isExact(integer: integer) { bytes.noteInexact() }
            return
        }
        JSONText.withNumber(Double(integer)) { bytes.writeJSON(bytes: $0) }
    }

    @inlinable
    public static func write(string: String, into bytes: inout JSONBufferWriter) {
        guard !bytes.isProbe else {
            if !isExact(string: string) { bytes.noteInexact() }
            return
        }
        JSONText.withQuoted(string) { bytes.writeJSON(bytes: $0) }
    }

    /// Any JSON value (the IDL's `object`): written as an array first, then copied (free-form
    /// objects are only error parameters, never a hot path).
    @inlinable
    public static func write(json value: JSONValue, into bytes: inout JSONBufferWriter) {
        guard !bytes.isProbe else {
            if !isExact(json: value) { bytes.noteInexact() }
            return
        }
        var text: [UInt8] = []
        value.encode(into: &text)
        text.withUnsafeBytes { bytes.writeJSON(bytes: $0) }
    }

    @inlinable
    public static func write<T>(
        array: [T], into bytes: inout JSONBufferWriter, _ element: (T, inout JSONBufferWriter) -> Void
    ) {
        bytes.writeJSON(byte: UInt8(ascii: "["))
        for index in array.indices {
            if index > 0 { bytes.writeJSON(byte: UInt8(ascii: ",")) }
            element(array[index], &bytes)
        }
        bytes.writeJSON(byte: UInt8(ascii: "]"))
    }

    /// A map, keys sorted (the text is the same for the same map).
    @inlinable
    public static func write<T>(
        dictionary: [String: T], into bytes: inout JSONBufferWriter, _ element: (T, inout JSONBufferWriter) -> Void
    ) {
        bytes.writeJSON(byte: UInt8(ascii: "{"))
        for (position, member) in dictionary.sorted(by: { $0.key < $1.key }).enumerated() {
            if position > 0 { bytes.writeJSON(byte: UInt8(ascii: ",")) }
            write(string: member.key, into: &bytes)
            bytes.writeJSON(byte: UInt8(ascii: ":"))
            element(member.value, &bytes)
        }
        bytes.writeJSON(byte: UInt8(ascii: "}"))
    }
}

extension Wire {
    // What a probe checks each value with: whether its text reads back as the same value
    // (`JSONText` writes NaN and the infinities as `null`, negative zero as `0`, integers as
    // `Double`s; `JSONReader` refuses NUL in a string field).

    /// A string without NUL.
    public static func isExact(string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            return memchr(base, 0, bytes.count) == nil
        }
    }

    /// A finite number, not negative zero.
    @inlinable
    public static func isExact(number: Double) -> Bool {
        number.isFinite && !(number == 0 && number.sign == .minus)
    }

    /// An integer within ±2⁵³ (what `JSONReader.int()` reads).
    @inlinable
    public static func isExact(integer: Int) -> Bool {
        integer.magnitude < 9_007_199_254_740_992
    }

    /// A free-form value (the IDL's `object`, an object at the top): exact numbers, keys
    /// distinct within each object (as `==` compares Strings, which also takes canonically
    /// equivalent keys for one), at most 16 levels deep. Its strings may hold NUL: free-form
    /// values are read as any JSON.
    public static func isExact(json value: JSONValue) -> Bool {
        guard case .object = value else { return false }
        return isExact(json: value, depth: 16)
    }

    private static func isExact(json value: JSONValue, depth: Int) -> Bool {
        guard depth > 0 else { return false }
        switch value {
        case .null, .bool: return true
        case .number(let number): return isExact(number: number)
        case .string: return true
        case .array(let elements): return elements.allSatisfy { isExact(json: $0, depth: depth - 1) }
        case .object(let members):
            for (index, member) in members.enumerated() {
                guard isExact(json: member.value, depth: depth - 1),
                    !members[..<index].contains(where: { $0.key == member.key })
                else { return false }
            }
            return true
        }
    }
}

/// A method declared in an interface description: the namespace `make wire` generates for it,
/// its qualified name and the types of its parameters and of its reply. A client's typed call is
/// this and nothing more (`ChevronClient.call(_:_:)`).
public protocol VarlinkMethodDeclaration {
    /// The call's parameters.
    associatedtype Parameters: WireStruct
    /// The reply's parameters.
    associatedtype Reply: WireStruct
    /// The method's qualified name.
    static var name: String { get }
}

/// Reads a method's parameters (an object) into their generated type, strictly: what a server
/// reads a call's parameters with while it reads the call's frame (`VarlinkCall(frame:readers:)`).
public typealias VarlinkParametersReader = @Sendable (inout JSONReader) throws(WireReadError) -> any Sendable

/// A struct generated from an interface description: one reader and one writer, both over JSON
/// text.
public protocol WireStruct: Sendable, Hashable {
    /// Reads one object in one pass. `WireReadError` names the path of the first field (in the
    /// declared order) that is missing or not of its type and, when `strict` (a call's
    /// parameters), else of the first member the interface does not declare. Replies are read
    /// with `strict` false, so a newer daemon's added fields do not break a client.
    init(reading reader: inout JSONReader, strict: Bool) throws(WireReadError)
    /// Writes the compact JSON text, absent optionals left out.
    func write(into bytes: inout JSONBufferWriter)
    /// Whether the value's text reads back, strictly, as the same value: no string field holds
    /// NUL, every number is finite and not negative zero, every integer within ±2⁵³, every
    /// free-form object shallow, with distinct keys (`Wire.isExact`). A call in the service's own
    /// process hands over such a value as it is; any other goes through its text, whose reader
    /// names what is wrong exactly as it does for a call from a socket. By default the value is
    /// written to a probe, which checks each value instead of writing it.
    var isWireExact: Bool { get }
}

extension WireStruct {
    public var isWireExact: Bool {
        var probe = JSONBufferWriter.probe()
        write(into: &probe)
        return !probe.foundInexact
    }
}

extension WireStruct {
    /// Writes the compact JSON text into a channel's buffer, where it will be sent.
    public func encode(into buffer: inout ByteBuffer) { buffer.writeJSON { write(into: &$0) } }

    /// Appends the compact JSON text to `bytes`: written once into 512 bytes of room, or, for a
    /// longer text, once more into room for all of it.
    public func encode(into bytes: inout [UInt8]) {
        var room = 512
        while true {
            var fitted = false
            var needed = 0
            let text = [UInt8](unsafeUninitializedCapacity: room) { memory, count in
                var output = JSONBufferWriter(UnsafeMutableRawBufferPointer(memory))
                write(into: &output)
                fitted = !output.overflowed
                needed = output.count
                count = fitted ? output.count : 0
            }
            if fitted {
                bytes.append(contentsOf: text)
                return
            }
            room = max(needed, room + 1)
        }
    }

    /// The length in bytes of the compact JSON text, as `write(into:)` writes it: counted by a
    /// writer with no room, which stores nothing.
    public var jsonByteCount: Int {
        var output = JSONBufferWriter(UnsafeMutableRawBufferPointer(start: nil, count: 0))
        write(into: &output)
        return output.count
    }

    /// The compact JSON text.
    public var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return bytes
    }

    /// Reads `bytes`, exactly one JSON object.
    public init(json bytes: UnsafeRawBufferPointer, strict: Bool, maximumDepth: Int = 64) throws(WireReadError) {
        self = try JSONReader.reading(bytes, maximumDepth: maximumDepth) { (reader) throws(WireReadError) in
            try Self(reading: &reader, strict: strict)
        }
    }

    /// Reads `bytes`, exactly one JSON object.
    public init(json bytes: [UInt8], strict: Bool, maximumDepth: Int = 64) throws(WireReadError) {
        let read: Result<Self, WireReadError> = bytes.withUnsafeBytes { raw in
            do throws(WireReadError) {
                return .success(try Self(json: raw, strict: strict, maximumDepth: maximumDepth))
            } catch {
                return .failure(error)
            }
        }
        self = try read.get()
    }

    /// Reads a value held as a tree (a call made in process, a test's), through its text: the
    /// same reader, the same errors, `InvalidParameter` naming the path under `path`.
    public init(tree value: JSONValue, path: String = "", strict: Bool = true) throws(VarlinkError) {
        var text: [UInt8] = []
        if case .null = value, path.isEmpty { text = Array("{}".utf8) } else { value.encode(into: &text) }
        do {
            self = try Self(json: text, strict: strict, maximumDepth: JSONParser.defaultMaximumDepth)
        } catch {
            let inner = error.isSyntax ? "" : error.path
            let full = path.isEmpty ? inner : inner.isEmpty ? path : inner.hasPrefix("[") ? path + inner : "\(path).\(inner)"
            throw .invalidParameter(full.isEmpty ? "parameters" : full)
        }
    }

    /// The value as a tree (its text, parsed): for what reads trees (tests, error parameters).
    public var tree: JSONValue {
        (try? jsonBytes.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }) ?? .object([])
    }
}
