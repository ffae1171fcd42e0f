import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// XLIFF 1.2 (what `xcodebuild -exportLocalizations` writes inside an `.xcloc`) and 2.0: each
/// translation unit's target text (else its source), keyed by the unit's id, in the file's
/// target language (else its source language); units marked `translate="no"` are skipped. A
/// unit's `maxwidth` in pixels or points is its own width limit.
/// Inline markup inside a text (`<g>`, `<mrk>`, `<pc>`) keeps its text; placeholders (`<x/>`,
/// `<ph>`) add none.
enum XLIFFFormat {
    static func parse(_ data: Data, file: String) throws(TitleFileError) -> [TitleEntry] {
        if let line = AndroidFormat.emptyProcessingInstruction(in: data) {
            throw TitleFileError(
                file: file, line: line,
                reason: "has a processing instruction with no data (<?name?>), which is not read")
        }
        let reader = XLIFFReader(file: file)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        if !parser.parse() || reader.failure != nil {
            throw reader.failure
                ?? TitleFileError(file: file, line: parser.lineNumber, reason: "is not well-formed XML")
        }
        guard reader.sawXLIFF else {
            throw TitleFileError(file: file, line: 1, reason: "is not XLIFF: its root element is not <xliff>")
        }
        return reader.entries
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
    /// The unit being read: its id, line, whether to translate it, its own width limit, and its
    /// texts so far.
    private var unit: (id: String, line: Int, translate: Bool, limit: Double?, source: String, target: String?)?
    /// Which text of the unit the characters belong to, and how deep inside it we are.
    private var reading: (field: Field, depth: Int)?

    private enum Field { case source, target }

    init(file: String) {
        self.file = file
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if var reading {
            reading.depth += 1
            self.reading = reading
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
        case "trans-unit", "unit":
            guard let id = attributes["id"], !id.isEmpty else {
                failure = TitleFileError(
                    file: file, line: parser.lineNumber, reason: "a <\(element)> has no id attribute")
                parser.abortParsing()
                return
            }
            // XLIFF 1.2's maxwidth, in pixels or points (a pixel at 1x is a point); other units
            // (characters, bytes) say nothing of a width.
            var limit: Double?
            if let maxwidth = attributes["maxwidth"].flatMap(Double.init), maxwidth.isFinite, maxwidth > 0,
                ["pixel", "point"].contains(attributes["size-unit"] ?? "pixel")
            {
                limit = maxwidth
            }
            unit = (id, parser.lineNumber, attributes["translate"] != "no", limit, "", nil)
        case "source" where unit != nil:
            reading = (.source, 0)
        case "target" where unit != nil:
            if unit?.target == nil { unit?.target = "" }
            reading = (.target, 0)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let reading else { return }
        switch reading.field {
        case .source: unit?.source += string
        case .target: unit?.target?.append(string)
        }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if var reading {
            if reading.depth == 0 {
                self.reading = nil
            } else {
                reading.depth -= 1
                self.reading = reading
            }
            return
        }
        guard element == "trans-unit" || element == "unit", let unit else { return }
        self.unit = nil
        guard unit.translate else { return }
        let translated = unit.target.map { !$0.isEmpty } ?? false
        entries.append(
            TitleEntry(
                file: file, line: unit.line, key: unit.id, title: translated ? unit.target ?? "" : unit.source,
                language: translated ? targetLanguage : sourceLanguage, maximumWidth: unit.limit))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        guard failure == nil else { return }
        failure = TitleFileError(
            file: file, line: parser.lineNumber,
            reason: "is not well-formed XML (libxml2 error \((error as NSError).code))")
    }
}
