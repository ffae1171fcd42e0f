import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// XLIFF 1.2 (what `xcodebuild -exportLocalizations` writes inside an `.xcloc`) and 2.0: each
/// translation unit's target text (else its source), keyed by the unit's id (by `original:id`
/// when the document has several `<file>` elements), in the file's target language (else its
/// source language); units marked `translate="no"` are skipped. DTD entities are written out
/// as `XMLEntities` says, as in Android files.
///
/// Inline codes are read as the text they stand for, as the specifications define them: XLIFF
/// 1.2's `<x/>`, `<bx/>`, `<ex/>`, `<ph>`, `<it>`, `<bpt>` and `<ept>` are their `equiv-text` (the
/// last four hold native code, which is never shown); `<g>` and `<mrk>` hold text. XLIFF 2.0's
/// `<ph/>` is its `equiv`, else its `disp`; `<sc/>` and `<ec/>` are their `equiv`; `<pc>` holds
/// text between its `equivStart` and `equivEnd`; `<mrk>` holds text; `<cp/>` is the character it
/// names. Other elements keep their text.
///
/// A unit's limit: 1.2's `maxwidth` in pixels or points is a width (`maximumWidth`), in `char`,
/// `glyph` or `byte` a length (`lengthLimits`); 2.0's `slr:sizeRestriction` under the
/// `xliff:codepoints` profile and `slr:storageRestriction` under `xliff:utf8`, `xliff:utf16` or
/// `xliff:utf32` are lengths. A limit that cannot be read is the entry's `problem`.
enum XLIFFFormat {
    static func parse(_ text: String, file: String) throws(TitleFileError) -> [TitleEntry] {
        let document = try XMLEntities.prepared(text, file: file)
        if let line = AndroidFormat.emptyProcessingInstruction(in: document) {
            throw TitleFileError(
                file: file, line: line,
                reason: "has a processing instruction with no data (<?name?>), which is not read")
        }
        let reader = XLIFFReader(file: file)
        let parser = XMLParser(data: document)
        parser.delegate = reader
        if !parser.parse() || reader.failure != nil {
            throw reader.failure
                ?? TitleFileError(file: file, line: parser.lineNumber, reason: "is not well-formed XML")
        }
        guard reader.sawXLIFF else {
            throw TitleFileError(file: file, line: 1, reason: "is not XLIFF: its root element is not <xliff>")
        }
        return reader.qualifiedEntries()
    }

    /// The part of a qualified name after its prefix: `slr:profiles` is `profiles`.
    static func localName(_ name: String) -> Substring {
        guard let colon = name.lastIndex(of: ":") else { return name[...] }
        return name[name.index(after: colon)...]
    }

    /// The attribute whose local name is `name` and that has a prefix (a module's:
    /// `slr:sizeRestriction`), whatever the prefix.
    static func moduleAttribute(_ name: String, in attributes: [String: String]) -> (name: String, value: String)? {
        for (key, value) in attributes where key.contains(":") && localName(key) == name {
            return (key, value)
        }
        return nil
    }

    /// A number as XLIFF writes one: decimal digits, a sign, a fraction and an exponent; not
    /// `inf`, `nan` or hexadecimal, which `Double.init` would also take.
    static func number(_ text: String) -> Double? {
        let allowed = Set("0123456789+-.eE")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }), text.contains(where: \.isNumber) else {
            return nil
        }
        return Double(text)
    }

    /// XLIFF 1.2's `maxwidth` and `size-unit` (default `pixel`): a width in pixels or points (a
    /// pixel at 1× is a point), or a length in `char` (code points), `glyph` (grapheme clusters)
    /// or `byte` (UTF-8); anything else is a problem naming the attribute and its value.
    static func limit12(_ attributes: [String: String]) -> (
        width: Double?, length: LengthLimit?, problem: String?
    ) {
        guard let written = attributes["maxwidth"] else { return (nil, nil, nil) }
        let unitName = attributes["size-unit"] ?? "pixel"
        let setBy = "maxwidth=\"\(written)\"" + (attributes["size-unit"].map { " size-unit=\"\($0)\"" } ?? "")
        let units: [String: LengthLimit.Unit] = ["char": .characters, "glyph": .graphemeClusters, "byte": .utf8Bytes]
        guard unitName == "pixel" || unitName == "point" || units[unitName] != nil else {
            return (
                nil, nil,
                "size-unit=\"\(unitName)\": not a unit chevron checks (pixel, point, char, glyph, byte)"
            )
        }
        guard let value = number(written.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            return (nil, nil, "maxwidth=\"\(written)\": not a number")
        }
        guard value > 0 else { return (nil, nil, "maxwidth=\"\(written)\": not a positive number") }
        guard let unit = units[unitName] else { return (value, nil, nil) }
        guard value == value.rounded(), value <= Double(Int32.max) else {
            return (nil, nil, "maxwidth=\"\(written)\": not a whole number of \(unit.rawValue)")
        }
        return (nil, LengthLimit(maximum: Int(value), unit: unit, setBy: setBy), nil)
    }
}

/// XLIFF 2.0's size and length restriction profiles of one `<file>` (`<slr:profiles>`): what
/// `slr:sizeRestriction` and `slr:storageRestriction` count.
private struct RestrictionProfiles {
    /// The profiles as written; nil when not given (no restriction can be read), empty when
    /// given empty (no restriction applies, as the module defines it).
    var general: String?
    var storage: String?
    var generalNormalization = LengthLimit.Normalization.none
    var storageNormalization = LengthLimit.Normalization.none

    /// The limits a unit's restriction attributes set, or a problem naming the attribute.
    func limits(_ attributes: [String: String]) -> (limits: [LengthLimit], problem: String?) {
        var limits: [LengthLimit] = []
        let checks: [(String, String?, [String: LengthLimit.Unit], LengthLimit.Normalization, String)] = [
            ("sizeRestriction", general, ["xliff:codepoints": .characters], generalNormalization, "generalProfile"),
            (
                "storageRestriction", storage,
                ["xliff:utf8": .utf8Bytes, "xliff:utf16": .utf16Bytes, "xliff:utf32": .utf32Bytes],
                storageNormalization, "storageProfile"
            ),
        ]
        for (name, profile, units, normalization, profileAttribute) in checks {
            guard let (attribute, value) = XLIFFFormat.moduleAttribute(name, in: attributes) else { continue }
            let setBy = "\(attribute)=\"\(value)\""
            guard let profile else {
                return ([], "\(setBy): no <slr:profiles \(profileAttribute)> in its <file> says what it counts")
            }
            if profile.isEmpty { continue }  // the file says no restriction applies
            guard let unit = units[profile] else {
                let known = units.keys.sorted().joined(separator: ", ")
                return (
                    [], "\(setBy) under \(profileAttribute)=\"\(profile)\": not a profile chevron reads (\(known))"
                )
            }
            // "[minimum,]maximum": only the maximum is checked.
            let parts = value.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.count <= 2, let written = parts.last, let maximum = Int(written), Int(parts[0]) != nil else {
                return ([], "\(setBy): not a number, or a minimum and a maximum (2,20)")
            }
            guard maximum > 0 else { return ([], "\(setBy): not a positive number") }
            limits.append(LengthLimit(maximum: maximum, unit: unit, normalization: normalization, setBy: setBy))
        }
        return (limits, nil)
    }
}

private final class XLIFFReader: NSObject, XMLParserDelegate {
    let file: String
    var entries: [TitleEntry] = []
    var failure: TitleFileError?
    var sawXLIFF = false

    /// The languages in force: XLIFF 2.0 names them on <xliff>, 1.2 on each <file>.
    private var sourceLanguage: String?
    private var targetLanguage: String?
    /// Each `<file>`: what names it in keys (its `original`, else its 2.0 `id`) and the index of
    /// its first entry.
    private var files: [(name: String?, firstEntry: Int)] = []
    private var profiles = RestrictionProfiles()
    /// The depth of the element being read (the root is 1).
    private var depth = 0

    /// The unit being read.
    private struct Unit {
        let id: String
        let line: Int
        let translate: Bool
        /// The depth of its <trans-unit> or <unit>.
        let depth: Int
        var width: Double?
        var lengths: [LengthLimit] = []
        var problem: String?
        /// Its notes for translators (1.2 `<note>`, 2.0 `<notes><note>`).
        var notes: [String] = []
        /// Its parts in order, each a source and a target (nil when there is none): the one part
        /// of a 1.2 unit, or a 2.0 <segment> or <ignorable> each.
        var parts: [(source: String, target: String?)] = []
        /// Whether a 2.0 <segment> or <ignorable> is open.
        var inPart = false
    }

    private var unit: Unit?

    /// The text being read: which of the part's texts, the depth of its <source> or <target>, and
    /// the inline elements open in it, each with whether its content is shown and the text it
    /// adds when it closes (a 2.0 <pc>'s `equivEnd`).
    private struct Reading {
        let isTarget: Bool
        let depth: Int
        var open: [(shown: Bool, closing: String)] = []
        var hidden = 0
    }

    private var reading: Reading?
    /// The text of the unit's note being read.
    private var note: String?

    init(file: String) {
        self.file = file
    }

    /// The entries, keyed `original:id` when the document has several <file> elements; a name
    /// two <file>s share gets its <file>'s position (`original#2:id`).
    func qualifiedEntries() -> [TitleEntry] {
        guard files.count > 1 else { return entries }
        var names = files.enumerated().map { index, file in file.name ?? "#\(index + 1)" }
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        for index in names.indices where counts[names[index], default: 0] > 1 {
            names[index] += "#\(index + 1)"
        }
        var qualified = entries
        for (index, file) in files.enumerated() {
            let end = index + 1 < files.count ? files[index + 1].firstEntry : entries.count
            for position in file.firstEntry..<end {
                qualified[position].key = "\(names[index]):\(entries[position].key)"
            }
        }
        return qualified
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        if reading != nil {
            startInline(element, attributes)
            return
        }
        switch element {
        case "xliff":
            sawXLIFF = true
            sourceLanguage = attributes["srcLang"].flatMap(TitleFile.languageTag)
            targetLanguage = attributes["trgLang"].flatMap(TitleFile.languageTag)
        case "file":
            if let source = attributes["source-language"] { sourceLanguage = TitleFile.languageTag(source) }
            if let target = attributes["target-language"] { targetLanguage = TitleFile.languageTag(target) }
            files.append((attributes["original"] ?? attributes["id"], entries.count))
            profiles = RestrictionProfiles()
        case _ where element.contains(":") && XLIFFFormat.localName(element) == "profiles":
            profiles.general = attributes["generalProfile"]
            profiles.storage = attributes["storageProfile"]
        case _ where element.contains(":") && XLIFFFormat.localName(element) == "normalization":
            profiles.generalNormalization = attributes["general"].flatMap(LengthLimit.Normalization.init) ?? .none
            profiles.storageNormalization = attributes["storage"].flatMap(LengthLimit.Normalization.init) ?? .none
        case "trans-unit", "unit":
            guard let id = attributes["id"], !id.isEmpty else {
                failure = TitleFileError(
                    file: file, line: parser.lineNumber, reason: "a <\(element)> has no id attribute")
                parser.abortParsing()
                return
            }
            var started = Unit(
                id: id, line: parser.lineNumber, translate: attributes["translate"] != "no", depth: depth)
            let (width, length, problem) = XLIFFFormat.limit12(attributes)
            let restrictions = profiles.limits(attributes)
            started.width = width
            started.lengths = (length.map { [$0] } ?? []) + restrictions.limits
            started.problem = problem ?? restrictions.problem
            unit = started
        case "note":
            if unit != nil { note = "" }
        case "segment", "ignorable":
            guard var current = unit, depth == current.depth + 1 else { break }
            current.parts.append(("", nil))
            current.inPart = true
            unit = current
        case "source", "target":
            // A unit's own text: a 1.2 unit's child, or a child of a 2.0 segment or ignorable
            // (not an <alt-trans> proposal's).
            guard var current = unit,
                depth == current.depth + 1 || (current.inPart && depth == current.depth + 2)
            else { break }
            if current.parts.isEmpty { current.parts.append(("", nil)) }
            let isTarget = element == "target"
            let last = current.parts.count - 1
            if isTarget, current.parts[last].target == nil { current.parts[last].target = "" }
            unit = current
            reading = Reading(isTarget: isTarget, depth: depth)
        default:
            break
        }
    }

    /// An element inside a source or target: the text it stands for, and whether its content is.
    private func startInline(_ element: String, _ attributes: [String: String]) {
        var shown = true
        var text: String?
        var closing = ""
        switch element {
        case "x", "bx", "ex":
            text = attributes["equiv-text"]
        case "ph":
            // 1.2: native code inside, its equiv-text shown; 2.0: empty, its equiv (else disp).
            text = attributes["equiv-text"] ?? attributes["equiv"] ?? attributes["disp"]
            shown = false
        case "bpt", "ept", "it", "sub":
            text = attributes["equiv-text"]
            shown = false
        case "sc", "ec":
            text = attributes["equiv"]
        case "pc":
            text = attributes["equivStart"]
            closing = attributes["equivEnd"] ?? ""
        case "cp":
            text = attributes["hex"].flatMap { UInt32($0, radix: 16) }.flatMap(Unicode.Scalar.init).map {
                String($0)
            }
        default:
            break
        }
        if let text { append(text) }
        reading?.open.append((shown, closing))
        if !shown { reading?.hidden += 1 }
    }

    /// Adds `text` to the text being read, unless an element hiding its content is open.
    private func append(_ text: String) {
        guard let reading, reading.hidden == 0, let index = unit?.parts.indices.last else { return }
        if reading.isTarget {
            unit?.parts[index].target?.append(text)
        } else {
            unit?.parts[index].source += text
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if note != nil {
            note? += string
            return
        }
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        append(String(decoding: block, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        if let current = reading {
            if depth == current.depth {
                reading = nil
            } else if let closed = reading?.open.popLast() {
                if !closed.shown { reading?.hidden -= 1 }
                append(closed.closing)
            }
            return
        }
        if element == "segment" || element == "ignorable", let current = unit, depth == current.depth + 1 {
            unit?.inPart = false
        }
        if element == "file" { profiles = RestrictionProfiles() }
        if element == "note", let text = note {
            unit?.notes.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
            note = nil
        }
        guard element == "trans-unit" || element == "unit", let unit, depth == unit.depth else { return }
        self.unit = nil
        guard unit.translate else { return }
        // Translated when any part has a target; then each part is its target, else its source.
        let translated = unit.parts.contains { !($0.target ?? "").isEmpty }
        let title = unit.parts.map { part in
            translated && !(part.target ?? "").isEmpty ? part.target ?? "" : part.source
        }.joined()
        var entry = TitleEntry(
            file: file, line: unit.line, key: unit.id, title: title,
            language: translated ? targetLanguage : sourceLanguage, maximumWidth: unit.width)
        entry.lengthLimits = unit.lengths
        entry.problem = unit.problem
        entry.comment = unit.notes.isEmpty ? nil : unit.notes.joined(separator: "\n")
        // Xcode's export names the Apple catalogue each <file> comes from: its titles are SwiftUI's.
        if let original = files.last?.name?.lowercased(),
            [".strings", ".stringsdict", ".xcstrings"].contains(where: { original.hasSuffix($0) })
        {
            entry.markup = .markdown
        }
        entries.append(entry)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        guard failure == nil else { return }
        failure = TitleFileError(
            file: file, line: parser.lineNumber,
            reason: "is not well-formed XML (libxml2 error \((error as NSError).code))")
    }
}

extension XLIFFFormat: CatalogueReader {
    static let name = "xliff"
    static let described = "XLIFF (.xliff, .xlf, an .xcloc folder)"
    static let extensions = ["xliff", "xlf"]

    /// An XML document whose root is `xliff`.
    static func shows(_ text: String) -> Bool {
        let start = CatalogueReaders.start(of: text)
        return start.hasPrefix("<") && XMLScanning.rootElement(of: start) == "xliff"
    }

    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        try parse(text, file: file)
    }
}
