import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9, through FriBidi) for one line: which characters
/// run right to left, so that a line mixing directions is shaped run by run in its direction and
/// drawn in visual order.
package enum Bidi {
    /// The embedding level of the character starting at each UTF-8 offset of `text` (other
    /// offsets hold the level of the character they are inside), in a paragraph of `direction`.
    /// Even levels run left to right, odd ones right to left.
    package static func levels(_ text: String, direction: TextDirection?) -> [Int] {
        let count = text.unicodeScalars.count
        // FriBidi's inputs and outputs live in scratch space for this call (on the stack for a
        // title): arrays of these C types cost an allocation and a generic metadata look-up each.
        return withUnsafeTemporaryAllocation(of: FriBidiChar.self, capacity: count) { scalars in
            withUnsafeTemporaryAllocation(of: FriBidiCharType.self, capacity: count) { types in
                withUnsafeTemporaryAllocation(of: FriBidiBracketType.self, capacity: count) { brackets in
                    withUnsafeTemporaryAllocation(of: FriBidiLevel.self, capacity: count) { levels in
                        for (index, scalar) in text.unicodeScalars.enumerated() {
                            scalars.initializeElement(at: index, to: FriBidiChar(scalar.value))
                        }
                        levels.initialize(repeating: 0)
                        return resolve(
                            text, scalars: scalars, types: types, brackets: brackets, levels: levels,
                            direction: direction)
                    }
                }
            }
        }
    }

    /// `levels(_:direction:)` in scratch buffers of one element per scalar (`scalars` filled).
    private static func resolve(
        _ text: String, scalars: UnsafeMutableBufferPointer<FriBidiChar>,
        types: UnsafeMutableBufferPointer<FriBidiCharType>, brackets: UnsafeMutableBufferPointer<FriBidiBracketType>,
        levels: UnsafeMutableBufferPointer<FriBidiLevel>, direction: TextDirection?
    ) -> [Int] {
        let count = FriBidiStrIndex(scalars.count)
        // No direction: the paragraph takes its first strong character's (rule P2), else left to right.
        var base =
            switch direction {
            case .rtl?: chevron_fribidi_par_rtl()
            case .ltr?: chevron_fribidi_par_ltr()
            case nil: chevron_fribidi_par_on()
            }
        fribidi_get_bidi_types(scalars.baseAddress, count, types.baseAddress)
        fribidi_get_bracket_types(scalars.baseAddress, count, types.baseAddress, brackets.baseAddress)
        // 0 means FriBidi failed (out of memory): the whole line takes the paragraph's level.
        let resolved =
            scalars.isEmpty
            ? 0
            : fribidi_get_par_embedding_levels_ex(
                types.baseAddress, brackets.baseAddress, count, &base, levels.baseAddress)
        let paragraphLevel = direction == .rtl ? 1 : 0
        var byOffset: [Int] = []
        byOffset.reserveCapacity(text.utf8.count)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let level = resolved == 0 ? paragraphLevel : Int(levels[index])
            byOffset.append(contentsOf: repeatElement(level, count: UTF8.width(scalar)))
        }
        return byOffset
    }

    /// The levels of `levels(_:direction:)`, or nil when `text` has nothing right to left: then
    /// every character runs left to right in visual order whatever the paragraph's direction,
    /// and FriBidi need not be asked (most titles).
    package static func levelsIfNeeded(_ text: String, direction: TextDirection?) -> [Int]? {
        mayNeedReordering(text) ? levels(text, direction: direction) : nil
    }

    /// Unicode's rule L2: from the highest level down to the lowest odd one, reverse every
    /// maximal stretch of items at that level or higher. `items` are in logical order.
    package static func reordered<Item>(_ items: [Item], levels: [Int]) -> [Item] {
        var order = Array(items.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return items }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return items }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
        }
        return order.map { items[$0] }
    }
}

extension Bidi {
    /// Whether any scalar of `text` may need reordering (`mayNeedReordering(_:)`), asked of its
    /// UTF-8 bytes first: only the lead bytes D6–E0, EF and F0 begin such scalars, and E2 only
    /// for the marks and controls E2 80 8E–8F, E2 80 AA–AE and E2 81 A6–A9; so most text
    /// (Latin, Cyrillic, Greek, CJK, Indic, dashes and quotes) is cleared without decoding.
    static func mayNeedReordering(_ text: String) -> Bool {
        let cleared: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if (0xD6...0xE0).contains(byte) || byte == 0xEF || byte == 0xF0 { return false }
                if byte == 0xE2, index + 2 < bytes.count {
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if second == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return false }
                    if second == 0x81, (0xA6...0xA9).contains(third) { return false }
                }
            }
            return true
        }
        if cleared == true { return false }
        return text.unicodeScalars.contains { mayNeedReordering($0.value) }
    }

    /// Whether `value` can make a line need the bidirectional algorithm: a character of a
    /// right-to-left block (Hebrew to N'Ko and beyond, Arabic presentation forms, the
    /// right-to-left historic and Adlam planes) or an explicit direction mark or embedding.
    /// Text without one is left to right throughout and skips FriBidi.
    @inline(__always)
    static func mayNeedReordering(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF,
            0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069:
            true
        default:
            false
        }
    }
}
