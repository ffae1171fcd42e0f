import Foundation

/// Entity and character references: each written out where it is used, within the pass's bounds.
extension XMLEntities {
    // MARK: References

    /// Handles the `&` at `index`: a character reference or a predefined entity is copied, a
    /// declared entity expanded; returns the offset past the reference. In the document, an `&`
    /// that starts no reference is copied, for the parser to refuse once; in an entity's value
    /// (`entity`), where the parser would refuse it at every use, it is refused here, and so is a
    /// character reference to a character XML does not allow.
    mutating func reference(
        in source: UnsafeBufferPointer<UInt8>, at index: Int, entity: Int?, inAttribute: Bool
    ) throws(TitleFileError) -> Int {
        func noReference() throws(TitleFileError) -> Int {
            if let entity {
                throw failure(
                    "the entity &\(names[entity].text); has an & that starts no reference (write &amp; for an &)")
            }
            output.append(UInt8(ascii: "&"))
            return index + 1
        }
        var end = index + 1
        if end < source.count, source[end] == UInt8(ascii: "#") {
            end += 1
            while end < source.count, Self.isNameByte(source[end]) { end += 1 }
            guard end < source.count, source[end] == UInt8(ascii: ";") else { return try noReference() }
            if entity != nil {
                let digits = String(decoding: UnsafeBufferPointer(rebasing: source[(index + 2)..<end]), as: UTF8.self)
                guard Self.character(digits) != nil else { return try noReference() }
            }
            output += source[index...end]
            return end + 1
        }
        while end < source.count, Self.isNameByte(source[end]) { end += 1 }
        guard end > index + 1, end < source.count, source[end] == UInt8(ascii: ";") else { return try noReference() }
        let name = Name(bytes: UnsafeBufferPointer(rebasing: source[(index + 1)..<end]))
        if Self.isPredefined(name.bytes) {
            output += source[index...end]
            return end + 1
        }
        try expand(name, inAttribute: inAttribute)
        return end + 1
    }

    /// The character a character reference's digits (`233`, `xE9`) name, when XML allows it.
    static func character(_ digits: String) -> Unicode.Scalar? {
        let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let code, let scalar = Unicode.Scalar(code), isXMLCharacter(scalar) else { return nil }
        return scalar
    }

    /// Writes out the entity `name`'s value, in text or in an attribute value.
    mutating func expand(_ name: Name, inAttribute: Bool) throws(TitleFileError) {
        guard let entity = entities[name] else {
            throw failure(
                entities.isEmpty
                    ? "the entity &\(name.text); is not declared (the file has no internal DTD subset declaring it)"
                    : "the entity &\(name.text); is not declared in the file's DTD")
        }
        guard !expanding[entity] else { throw failure("the entity &\(name.text); refers to itself") }
        guard stack.count < Self.depthLimit else {
            throw failure("entities nest more than \(Self.depthLimit) deep (at &\(name.text);)")
        }
        let range = ranges[entity]
        cost += max(Self.referenceCost, range.count)
        expanded += 1
        valueBytes += range.count
        guard cost <= Self.expansionLimit else {
            // Named by the reference in the document, where the reader can find it.
            let outermost = names[stack.first ?? entity].text
            throw failure("entity expansion over \(Self.expansionLimit) bytes (at &\(outermost);)")
        }
        // Declarations come only at the top, never while an entity is being expanded.
        if stack.isEmpty, values?.count != storage.count {
            values?.deallocate()
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count)
            _ = copy.initialize(from: storage)
            values = copy
        }
        guard let values else { return }
        stack.append(entity)
        expanding[entity] = true
        defer {
            stack.removeLast()
            expanding[entity] = false
        }
        let value = UnsafeBufferPointer(rebasing: values[range])
        if inAttribute {
            try attributeValue(value, entity: entity)
        } else {
            try text(value, entity: entity)
        }
    }

    /// Copies an entity's value into an attribute value: references expanded, white space as
    /// spaces (XML's attribute-value normalisation), quotes as references; `<` is an error.
    mutating func attributeValue(
        _ value: UnsafeBufferPointer<UInt8>, entity: Int
    ) throws(TitleFileError) {
        var index = 0
        while index < value.count {
            let byte = value[index]
            switch byte {
            case UInt8(ascii: "&"):
                index = try reference(in: value, at: index, entity: entity, inAttribute: true)
                continue
            case UInt8(ascii: "<"):
                throw failure("the entity &\(names[entity].text); puts a < in an attribute value")
            case UInt8(ascii: "\""): write("&quot;")
            case UInt8(ascii: "'"): write("&apos;")
            case 0x09, 0x0A, 0x0D: output.append(0x20)
            default: output.append(byte)
            }
            index += 1
        }
    }
}
