import ChevronVarlink
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// One title found in a strings file, with where it was found.
public struct TitleEntry: Sendable, Hashable {
    /// The file.
    public let file: String
    /// The 1-based line of the entry.
    public let line: Int
    /// The entry's key (for plain lines, the line number; for .xcstrings, `key (language)`).
    public internal(set) var key: String
    /// The title.
    public internal(set) var title: String
    /// The language the file says the title is in (an .xcstrings localization, an XLIFF file's
    /// languages, an `.lproj` folder, an Android `values-XX` folder), in canonical BCP 47 form
    /// (`LanguageTag`), or nil when it does not say.
    public var language: String?
    /// The widest the title may be, in points, when the file says so for this entry (an XLIFF
    /// unit's `maxwidth`): the entry's own limit, which replaces the look's maximum.
    public var maximumWidth: Double?
    /// The most characters or bytes the title may have, when the file says so for this entry (an
    /// XLIFF unit's `maxwidth` in characters or bytes, XLIFF 2.0's size and storage restrictions).
    public var lengthLimits: [LengthLimit] = []
    /// The title as the file writes it, when its placeholders were filled in with samples
    /// (`expandingPlaceholders`); nil when the title has none.
    public var template: String?
    /// Whether the catalogue says the value is not translated yet (an empty `.xcstrings` value
    /// whose state is not `translated`): such an entry is counted, not checked.
    public var isUntranslated = false
    /// Why the title cannot be measured as the file writes it (a placeholder no rule fills, a
    /// limit chevron cannot read: `maxwidth="abc": not a number`); its rows are errors saying so.
    public var problem: String?
    /// For a variation of a string with several plural substitutions, the string's key: of the
    /// variations of one key, a check reports the widest in each look.
    public var alternativesOf: String?
    /// For such a variation, how many combinations of forms the string has in all (at most
    /// `PluralVariations.combinationLimit` are read).
    public var combinations: Int?
    /// What the catalogue says of the string for its translators: an `.xcstrings` comment, an
    /// XLIFF `<note>`, the comment before an Android `<string>` or a `.strings` key (`--titles-comment`
    /// selects by it).
    public var comment: String?
    /// Whether ICU's `{name}` and numbered `$1` placeholders are read besides printf's (CSV and
    /// plain lines, which belong to no platform).
    public var readsGenericPlaceholders = false

    /// Creates an entry.
    public init(
        file: String, line: Int, key: String, title: String, language: String? = nil, maximumWidth: Double? = nil
    ) {
        self.file = file
        self.line = line
        self.key = key
        self.title = title
        self.language = language
        self.maximumWidth = maximumWidth
    }

    /// The entry with its title's placeholders replaced by `samples`; `template` keeps the
    /// title as written.
    /// A placeholder that cannot be filled makes the entry's `problem`; nil for a plural form no
    /// whole number takes in the entry's language, which no user sees.
    public func expandingPlaceholders(_ samples: PlaceholderSamples) -> TitleEntry? {
        var entry = self
        entry.title = PluralVariations.unmarked(title)
        guard problem == nil else { return entry }
        do {
            let expanded = try samples.expand(
                title, key: key, language: language, generic: readsGenericPlaceholders)
            guard expanded != entry.title else { return entry }
            entry.template = entry.title
            entry.title = expanded
        } catch {
            if error.neverShown { return nil }
            entry.problem = error.description
        }
        return entry
    }
}

/// A file `chevron check` cannot read: which file, which line, and why.
public struct TitleFileError: Error, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The 1-based line where the problem is (0 for the file as a whole).
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// `FILE:LINE: reason`, or `FILE: reason` for the file as a whole (line 0).
    public var description: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }
}

/// The formats `chevron check` reads.
public enum TitleFormat: String, Sendable, CaseIterable {
    /// Apple `.strings`.
    case strings
    /// Apple `.stringsdict` (plural rules).
    case stringsdict
    /// Xcode string catalogs, `.xcstrings`.
    case xcstrings
    /// Android `res/values*/strings.xml`.
    case android
    /// XLIFF 1.2 or 2.0 (`.xliff`, `.xlf`; an `.xcloc` folder holds them).
    case xliff
    /// `key,title` rows.
    case csv
    /// One title per line (`.txt`).
    case lines

    /// The formats in words, for the error of a file in none of them.
    static let list =
        ".strings, .stringsdict, .xcstrings, Android strings.xml, XLIFF (.xliff, .xlf, an .xcloc folder), .csv, .txt (or --input-format lines)"
}

/// How much `chevron check` reads: the most bytes of a file (or of standard input), and of a
/// title. A file over its limit is an error of the file; a title over its limit is an error row.
public struct ReadLimits: Sendable, Equatable {
    /// 256 MiB: far more than any catalogue holds, and what a run may hold in memory at once.
    public static let defaultFileMiB = 256
    /// 64 KiB: far more than any title shows (the engine measures at most 4,096 bytes).
    public static let defaultTitleBytes = 65_536
    /// The largest values the options take: 1 TiB of a file, 1 GiB of a title.
    public static let largestFileMiB = 1 << 20
    public static let largestTitleBytes = 1 << 30

    /// The most MiB of a file.
    public var fileMiB: Int
    /// The most UTF-8 bytes of a title.
    public var titleBytes: Int

    /// Limits of `fileMiB` MiB and `titleBytes` bytes (each clamped to 1 and its largest value).
    public init(fileMiB: Int = ReadLimits.defaultFileMiB, titleBytes: Int = ReadLimits.defaultTitleBytes) {
        self.fileMiB = min(max(fileMiB, 1), Self.largestFileMiB)
        self.titleBytes = min(max(titleBytes, 1), Self.largestTitleBytes)
    }

    /// The most bytes of a file.
    var fileBytes: Int { fileMiB << 20 }
}

/// Reads the titles of a localisation file: Apple `.strings` and `.xcstrings`, Android
/// `strings.xml`, CSV (`key,title`) and plain lines, chosen by the file's extension.
public enum TitleFile {
    /// The file's titles; each says its language when the file or its folder does. `path` may
    /// be an `.xcloc` folder (its `Localized Contents/*.xliff`, none of them a symbolic link out of
    /// the bundle), or `-` for standard input. The format is `format`, else the one the extension
    /// names, else the one the content shows. Entries and errors name the file by
    /// `normalizedPath(path)`. A file over `limits` is an error; a title over them, an entry
    /// whose `problem` says so.
    public static func read(
        _ path: String, format: TitleFormat? = nil, limits: ReadLimits = ReadLimits()
    ) throws(TitleFileError) -> [TitleEntry] {
        let shown = normalizedPath(path)
        var isFolder: ObjCBool = false
        if path.hasSuffix(".xcloc") || path.hasSuffix(".xcloc/"),
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
        {
            return try readBundle(path, shown: shown, limits: limits)
        }
        let folderLanguage = language(ofPath: path)
        return try readEntries(path, shown: shown, format: format, limits: limits).map { entry in
            var entry = entry
            entry.language = entry.language ?? folderLanguage
            return entry
        }
    }

    /// The entries of an `.xcloc` bundle's `Localized Contents/*.xliff`, in name order. The
    /// folder and each file are opened by their real path, which must stay under the bundle's:
    /// a symbolic link out of it is refused (a bundle is data from elsewhere, and a link could
    /// make chevron read any file of the machine, reported as part of the bundle).
    private static func readBundle(_ path: String, shown: String, limits: ReadLimits) throws(TitleFileError)
        -> [TitleEntry]
    {
        let leaves = "is a symbolic link that leads out of the .xcloc bundle, which is refused"
        let contents = (path as NSString).appendingPathComponent("Localized Contents")
        guard let bundle = realPath(path), let realContents = realPath(contents) else {
            throw TitleFileError(file: shown, line: 0, reason: "holds no Localized Contents/*.xliff")
        }
        guard isPath(realContents, under: bundle) else {
            throw TitleFileError(file: normalizedPath(contents), line: 0, reason: leaves)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: realContents)) ?? []
        let files = names.filter { $0.hasSuffix(".xliff") }.sorted()
        guard !files.isEmpty else {
            throw TitleFileError(file: shown, line: 0, reason: "holds no Localized Contents/*.xliff")
        }
        var entries: [TitleEntry] = []
        for name in files {
            let file = normalizedPath((contents as NSString).appendingPathComponent(name))
            guard let real = realPath((realContents as NSString).appendingPathComponent(name)) else {
                throw TitleFileError(file: file, line: 0, reason: "cannot be read")
            }
            guard isPath(real, under: bundle) else { throw TitleFileError(file: file, line: 0, reason: leaves) }
            entries += try readEntries(real, shown: file, format: .xliff, limits: limits)
        }
        return entries
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved (realpath(3)),
    /// or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the real path `path` is `folder` or under it (both real paths).
    static func isPath(_ path: String, under folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// The language a localisation file's folder names: `de.lproj`, `zh-Hans.lproj`,
    /// `pt_BR.lproj`, `German.lproj` (Apple); `values-de`, `values-zh-rCN`, `values-b+sr+Latn`,
    /// `values-mcc310-en` (Android), in canonical form (`LanguageTag`). Nil for `Base.lproj`,
    /// `values` and folders whose qualifiers name no language (`values-night`, `values-car`).
    public static func language(ofPath path: String) -> String? {
        // The component before the file's name; none for a bare name or standard input ("-").
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count >= 2 else { return nil }
        let folder = String(components[components.count - 2])
        if folder.hasSuffix(".lproj") {
            return LanguageTag(appleFolder: String(folder.dropLast(".lproj".count)))?.description
        }
        return LanguageTag(androidFolder: folder)?.description
    }

    /// `tag` in canonical BCP 47 form (`zh-hans-cn` → `zh-Hans-CN`, `pt_BR` → `pt-BR`, `iw` →
    /// `he`), or nil when it is not a language tag (`Base`, Xcode's development folder, names none).
    public static func languageTag(_ tag: String) -> String? {
        LanguageTag(tag)?.description
    }

    /// `path` as reports name it: without `.` components and empty ones (`a//b`), each `..` removed
    /// with the component before it where there is one (`./a/../b/x.strings` is `b/x.strings`;
    /// `../x.strings` keeps its `..`). A relative path stays relative and an absolute one absolute
    /// (`/..` is `/`); `-` (standard input) is `-`. The path is read as written, so a symbolic link
    /// followed by `..` is still opened where the system takes it.
    public static func normalizedPath(_ path: String) -> String {
        guard path != "-", !path.isEmpty else { return path }
        let absolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".":
                continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !absolute {
                    components.append(component)
                }
            default:
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return absolute ? "/" + joined : joined.isEmpty ? "." : joined
    }

    /// The entries of the file at `path`, named `shown` in them and in errors.
    private static func readEntries(
        _ path: String, shown: String, format: TitleFormat?, limits: ReadLimits
    ) throws(TitleFileError) -> [TitleEntry] {
        let data = try contents(ofPath: path, shown: shown, limit: limits.fileMiB)
        return try entries(in: data, path: shown, format: format, limits: limits)
    }

    /// The bytes of the file at `path` (`-`: standard input), at most `limit` MiB: a regular file
    /// larger than that is refused before it is read, anything else (a pipe, a device, standard
    /// input) as soon as it has given more. Errors name the file `shown`.
    static func contents(ofPath path: String, shown: String, limit mebibytes: Int) throws(TitleFileError) -> Data {
        let limit = ReadLimits(fileMiB: mebibytes).fileBytes
        let over = TitleFileError(
            file: shown, line: 0, reason: "is over \(mebibytes) MiB, the limit of a file (--max-file-mib)")
        let unreadable = TitleFileError(file: shown, line: 0, reason: "cannot be read")
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { throw unreadable }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        if isRegular, Int(status.st_size) > limit { throw over }
        // A regular file is read into a buffer of its size (and a byte, to see its end at once).
        var data = Data(count: isRegular ? Int(status.st_size) + 1 : min(1 << 16, limit + 1))
        var filled = 0
        while true {
            if filled == data.count { data.count = min(data.count * 2, limit + 1) }
            let count = data.withUnsafeMutableBytes { buffer in
                // The buffer is never empty (a byte more than the file, or 64 KiB).
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable
            }
            if count == 0 { break }
            filled += count
            if filled > limit { throw over }
        }
        data.count = filled
        return data
    }

    /// The titles in `data`, read in `format`, else the format `path`'s extension names, else
    /// the one the content shows (what `read` does once it has the bytes; fuzzing and tests call
    /// it directly). A file in no format chevron reads is an error, never read as lines.
    /// A title over `limits` is an entry whose `problem` says so, its title cut as the daemon cuts
    /// the strings it echoes (at `VarlinkError.echoLimit` bytes, marked `… [cut: N bytes]`).
    public static func entries(
        in data: Data, path: String, format: TitleFormat? = nil, limits: ReadLimits = ReadLimits()
    ) throws(TitleFileError) -> [TitleEntry] {
        var entries = try parse(data, path: path, format: format)
        for index in entries.indices where entries[index].title.utf8.count > limits.titleBytes {
            let title = entries[index].title
            entries[index].problem =
                "title is \(title.utf8.count) bytes; the limit is \(limits.titleBytes) (--max-title-bytes)"
            if case .string(let cut) = JSONValue.string(title).cappingStrings(at: VarlinkError.echoLimit) {
                entries[index].title = cut
            }
        }
        return entries
    }

    /// The titles in `data`, in the format `entries(in:)` chooses.
    private static func parse(_ data: Data, path: String, format: TitleFormat?) throws(TitleFileError)
        -> [TitleEntry]
    {
        let text = try decode(data, file: path)
        guard let format = format ?? Self.format(named: path, text: text) else {
            throw TitleFileError(
                file: path, line: 0, reason: "not a format chevron reads; formats: \(TitleFormat.list)")
        }
        switch format {
        case .strings: return try StringsFormat.parse(text, file: path)
        case .stringsdict: return try StringsdictFormat.parse(data, text: text, file: path)
        case .xcstrings: return try CatalogFormat.parse(text, file: path)
        case .android: return try AndroidFormat.parse(text, file: path)
        case .xliff: return try XLIFFFormat.parse(text, file: path)
        case .csv, .lines:
            var entries = format == .csv ? try CSVFormat.parse(text, file: path) : LinesFormat.parse(text, file: path)
            for index in entries.indices { entries[index].readsGenericPlaceholders = true }
            return entries
        }
    }

    /// The format a file's extension names, or (for `.xml` and unknown extensions) the one its
    /// content shows; nil when neither says.
    static func format(named path: String, text: String) -> TitleFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "strings": return .strings
        case "stringsdict": return .stringsdict
        case "xcstrings": return .xcstrings
        case "xliff", "xlf": return .xliff
        case "csv": return .csv
        case "txt": return .lines
        default: return format(showing: text)
        }
    }

    /// The format the content shows: an XML root element (`resources`, `xliff`, a `plist` with
    /// plural rules), a JSON string catalog, or `.strings` entries.
    static func format(showing text: String) -> TitleFormat? {
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("<") {
            switch rootElement(of: start) {
            case "resources": return .android
            case "xliff": return .xliff
            case "plist" where text.contains("NSStringLocalizedFormatKey"): return .stringsdict
            default: return nil
            }
        }
        if start.hasPrefix("{") { return text.contains("\"strings\"") ? .xcstrings : nil }
        if start.hasPrefix("\"") || start.hasPrefix("/*") || start.hasPrefix("//") {
            return text.contains("=") && text.contains(";") ? .strings : nil
        }
        return nil
    }

    /// The name of the first element of an XML text, past its declaration, comments and
    /// document type.
    private static func rootElement(of text: Substring) -> String? {
        var rest = text
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            if rest.hasPrefix("<!DOCTYPE") {
                guard let end = doctypeEnd(rest) else { return nil }
                rest = rest[end...]
                continue
            }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                let close = rest.hasPrefix("<!--") ? rest.range(of: "-->")?.upperBound : rest.firstIndex(of: ">")
                guard let close else { return nil }
                rest = rest[close...]
                continue
            }
            let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" || $0 == "_" }
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }

    /// The index past the `>` that ends the document type declaration at the start of `text`:
    /// its internal subset (`[…]`) may hold `>` and `<` in declarations, quoted values and comments.
    private static func doctypeEnd(_ text: Substring) -> Substring.Index? {
        var index = text.startIndex
        var quote: Character?
        var inSubset = false
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if inSubset, text[index...].hasPrefix("<!--") {
                guard let end = text[index...].range(of: "-->") else { return nil }
                index = end.upperBound
                continue
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                inSubset = true
            } else if character == "]" {
                inSubset = false
            } else if character == ">", !inSubset {
                return text.index(after: index)
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// UTF-8 (with or without a BOM) or UTF-16 (with a BOM, or without one where its zero bytes
    /// show it: `utf16WithoutByteOrderMark`), as .strings files come; anything else is reported
    /// at the line of the first byte that is not UTF-8.
    static func decode(_ data: Data, file: String) throws(TitleFileError) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) { return text }
            throw TitleFileError(file: file, line: 1, reason: "is not valid UTF-16")
        }
        if let encoding = utf16WithoutByteOrderMark(data) {
            if let text = String(data: data, encoding: encoding) { return text }
            let order = encoding == .utf16LittleEndian ? "little-endian" : "big-endian"
            throw TitleFileError(
                file: file, line: 1,
                reason:
                    "looks like UTF-16 (\(order), without a byte-order mark) by its zero bytes, but is not valid UTF-16"
            )
        }
        let skip = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Validated in place: a large file is not copied on the way to its text.
        let decoded = data.withUnsafeBytes { raw in
            String(validating: raw.bindMemory(to: UInt8.self).dropFirst(skip), as: UTF8.self)
        }
        if let decoded { return decoded }
        let body = data.dropFirst(skip)
        // Walk the scalars to the first invalid sequence, to say on which line it is.
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = body.makeIterator()
        var offset = 0
        var line = 1
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0x0A { line += 1 }
                offset += scalar.count
            case .error(let length):
                throw TitleFileError(
                    file: file, line: line, reason: "is not UTF-8 (an invalid byte at offset \(offset), \(length) long)"
                )
            case .emptyInput: break loop
            }
        }
        throw TitleFileError(file: file, line: line, reason: "is not UTF-8")
    }

    /// The byte order of UTF-16 without a byte-order mark, told as Xcode tells it: by where the
    /// zero bytes are. Every format starts with an ASCII character (`"`, `/`, `<`, `{`, a
    /// letter), whose high byte is zero: the first two bytes are a zero and a non-zero one, and in
    /// the first 1,024 bytes at least a quarter of the pairs have their zero on that side, more
    /// than on the other (a letter U+xx00 has its zero on the other). UTF-8 text holds no zero
    /// bytes unless it holds a NUL, so it is never read this way when it starts with two
    /// characters that are not NUL. Nil for anything else.
    static func utf16WithoutByteOrderMark(_ data: Data) -> String.Encoding? {
        guard data.count >= 2, data.count % 2 == 0 else { return nil }
        let first = data[data.startIndex]
        let second = data[data.startIndex + 1]
        let littleEndian: Bool
        if first != 0, second == 0 {
            littleEndian = true
        } else if first == 0, second != 0 {
            littleEndian = false
        } else {
            return nil
        }
        var zeroHigh = 0
        var zeroLow = 0
        let sample = data.prefix(1024)
        var index = sample.startIndex
        while index + 1 < sample.endIndex {
            let (low, high) = littleEndian ? (sample[index], sample[index + 1]) : (sample[index + 1], sample[index])
            if high == 0 { zeroHigh += 1 }
            if low == 0 { zeroLow += 1 }
            index += 2
        }
        guard zeroHigh * 4 >= sample.count / 2, zeroHigh > zeroLow else { return nil }
        return littleEndian ? .utf16LittleEndian : .utf16BigEndian
    }

    /// The 1-based line of `offset` (a UTF-8 offset) in `text`.
    static func line(of offset: Int, in text: String) -> Int {
        text.utf8.prefix(offset).filter { $0 == 0x0A }.count + 1
    }
}

/// Plain lines (`.txt`): a title per line, blank lines skipped, the line number as key.
enum LinesFormat {
    static func parse(_ text: String, file: String) -> [TitleEntry] {
        var entries: [TitleEntry] = []
        var number = 0
        // Lines are cut by scalars (no grapheme breaking, which costs a large file dearly) at
        // every line end Swift's isNewline knows; "\r\n" is one.
        var scalars = text.unicodeScalars[...]
        while !scalars.isEmpty {
            number += 1
            let end = scalars.firstIndex(where: isLineEnd) ?? scalars.endIndex
            var line = scalars[..<end]
            while let first = line.first, first.properties.isWhitespace { line = line.dropFirst() }
            while let last = line.last, last.properties.isWhitespace { line = line.dropLast() }
            if !line.isEmpty {
                entries.append(TitleEntry(file: file, line: number, key: "\(number)", title: String(Substring(line))))
            }
            guard end < scalars.endIndex else { break }
            let next = scalars.index(after: end)
            scalars =
                scalars[end] == "\r" && next < scalars.endIndex && scalars[next] == "\n"
                ? scalars[scalars.index(after: next)...] : scalars[next...]
        }
        return entries
    }

    private static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
