import ChevronJSON
import Foundation

/// A reader of one catalogue format: which files it takes, by name and by content, and how it
/// reads one into entries (titles with their keys, lines, languages, plural forms, comments and
/// limits).
///
/// A new format is a file of its own holding a type that conforms, and one line in
/// `CatalogueReaders.all` (docs/architecture.md, "Where each kind of change goes").
public protocol CatalogueReader: Sendable {
    /// The format's name, as `--input-format` and a project file's `inputFormat` take it.
    static var name: String { get }
    /// The format in a few words, for the list an unreadable file's error gives (`.strings`).
    static var described: String { get }
    /// The file name extensions it takes, lowercased, without the dot.
    static var extensions: [String] { get }
    /// The markup the platform of the format draws from a title (`TitleMarkup`); nil for none.
    static var markup: TitleMarkup? { get }
    /// Whether `text`, the contents of a file whose extension names no format, is in this one.
    static func shows(_ text: String) -> Bool
    /// The entries of a file: `text` is its contents decoded (UTF-8 or UTF-16), `data` its bytes,
    /// `file` its name as entries and errors give it.
    /// - Throws: `TitleFileError` naming the line and what is wrong.
    static func entries(of text: String, data: Data, file: String) throws(TitleFileError) -> [TitleEntry]
}

extension CatalogueReader {
    /// A format whose content does not show it is taken by its extension only.
    public static func shows(_ text: String) -> Bool { false }

    /// Most formats carry no markup a platform draws.
    public static var markup: TitleMarkup? { nil }
}

/// The formats `chevron check` reads.
public enum CatalogueReaders {
    /// Every reader, in the order content is tried against them when an extension names none.
    public static let all: [any CatalogueReader.Type] = [
        StringsFormat.self, StringsdictFormat.self, XCStringsFormat.self, AndroidFormat.self, XLIFFFormat.self,
        CSVFormat.self, LinesFormat.self, ARBFormat.self, POFormat.self,
    ]

    /// The reader called `name`.
    static func reader(named name: String) -> (any CatalogueReader.Type)? {
        all.first { $0.name == name }
    }

    /// The reader the extension of `path` names (`.strings`), nil for none.
    static func reader(forExtensionOf path: String) -> (any CatalogueReader.Type)? {
        let pathExtension = (path as NSString).pathExtension.lowercased()
        guard !pathExtension.isEmpty else { return nil }
        return all.first { $0.extensions.contains(pathExtension) }
    }

    /// `body` run over the UTF-8 bytes of `text`, for a reader that scans bytes (the JSON formats).
    static func withUTF8(
        _ text: String, _ body: (UnsafeRawBufferPointer) throws(TitleFileError) -> [TitleEntry]
    ) throws(TitleFileError) -> [TitleEntry] {
        var text = text
        do {
            return try text.withUTF8 { utf8 throws(TitleFileError) in try body(UnsafeRawBufferPointer(utf8)) }
        } catch let error as TitleFileError {
            throw error
        } catch {
            preconditionFailure("only TitleFileError is thrown")
        }
    }

    /// `body` run over the UTF-8 bytes of `text` once the strict parser has accepted them as JSON,
    /// with the lines of its offsets; a text that is not JSON is an error at its line.
    static func withValidJSON(
        _ text: String, file: String,
        _ body: (UnsafeRawBufferPointer, inout TextLines) throws(TitleFileError) -> [TitleEntry]
    ) throws(TitleFileError) -> [TitleEntry] {
        try withUTF8(text) { bytes throws(TitleFileError) in
            // Our strict parser says where the JSON breaks (Foundation's does not).
            var lines = TextLines(bytes)
            do throws(JSONParseError) {
                try JSONParser.validate(bytes, maximumDepth: 64)
            } catch {
                throw TitleFileError(
                    file: file, line: lines.line(at: error.offset), reason: "is not valid JSON (\(error.reason))")
            }
            return try body(bytes, &lines)
        }
    }

    /// `text` past its leading white space and byte order mark: where a format shows itself.
    static func start(of text: String) -> Substring {
        text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    }

    /// The first reader whose format `text` shows, nil for none.
    static func reader(showing text: String) -> (any CatalogueReader.Type)? {
        all.first { $0.shows(text) }
    }
}

/// A catalogue format by its name (`strings`, `xliff`, `arb`), as `--input-format` takes it.
public struct TitleFormat: RawRepresentable, Sendable, Hashable, CaseIterable {
    public let rawValue: String

    /// The format called `rawValue`, nil when no reader has that name.
    public init?(rawValue: String) {
        guard CatalogueReaders.reader(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(known name: String) {
        rawValue = name
    }

    /// Every format, in `CatalogueReaders.all`'s order.
    public static var allCases: [TitleFormat] { CatalogueReaders.all.map { TitleFormat(known: $0.name) } }

    /// The format's reader.
    var reader: any CatalogueReader.Type { CatalogueReaders.reader(named: rawValue) ?? LinesFormat.self }

    /// The formats the code names: an `.xcloc` bundle holds XLIFF; fuzzing reads Android and
    /// XLIFF; a contact sheet of plain lines labels its rows without keys.
    public static let xliff = TitleFormat(known: XLIFFFormat.name)
    public static let android = TitleFormat(known: AndroidFormat.name)
    public static let lines = TitleFormat(known: LinesFormat.name)

    /// The formats in words, for the error of a file in none of them.
    public static var list: String {
        CatalogueReaders.all.map { $0.described }.joined(separator: ", ")
    }
}
