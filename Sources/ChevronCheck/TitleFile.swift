import ChevronJSON
import ChevronSupport
import ChevronVarlink
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#endif

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
            entries += try readEntries(real, shown: file, format: .xliff, limits: limits, regularOnly: true)
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
        _ path: String, shown: String, format: TitleFormat?, limits: ReadLimits, regularOnly: Bool = false
    ) throws(TitleFileError) -> [TitleEntry] {
        let data = try contents(ofPath: path, shown: shown, limit: limits.fileMiB, regularOnly: regularOnly)
        return try entries(in: data, path: shown, format: format, limits: limits)
    }

    /// The bytes of the file at `path` (`-`: standard input), at most `limit` MiB: a regular file
    /// larger than that is refused before it is read, anything else (a pipe, a device, standard
    /// input) as soon as it has given more. Errors name the file `shown`. The file is opened
    /// without waiting: with `regularOnly` (a file of an `.xcloc` bundle, which the user did not
    /// name), anything but a regular file is refused before it is read.
    static func contents(
        ofPath path: String, shown: String, limit mebibytes: Int, regularOnly: Bool = false
    ) throws(TitleFileError) -> Data {
        let limit = ReadLimits(fileMiB: mebibytes).fileBytes
        let over = TitleFileError(
            file: shown, line: 0, reason: "is over \(mebibytes) MiB, the limit of a file (--max-file-mib)")
        // Why, in the system's words ("No such file or directory", "Permission denied").
        func unreadable(_ code: Int32 = errno) -> TitleFileError {
            TitleFileError(file: shown, line: 0, reason: "cannot be read: \(String(cString: strerror(code)))")
        }
        // Opened without waiting for a FIFO's writer; a FIFO the user named is then read as usual.
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable() }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable() }
        if regularOnly, status.st_mode & S_IFMT != S_IFREG {
            throw TitleFileError(
                file: shown, line: 0, reason: "cannot be read: it is not a regular file (a FIFO or a device)")
        }
        if descriptor != STDIN_FILENO { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw TitleFileError(
                file: shown, line: 0,
                reason: "cannot be read: Is a directory, and holds no catalogue chevron reads "
                    + "(*.lproj/*.strings, *.stringsdict, *.xcstrings, *.xliff, *.xcloc, values*/strings.xml, *.arb, *.po)"
            )
        }
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
                return FileIO.read(descriptor, into: base + filled, count: buffer.count - filled)
            }
            if count < 0 { throw unreadable() }
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
    /// the strings it echoes (at `VarlinkError.echoLimit` bytes, marked `… [cut: N bytes]`); a
    /// key over the same limit likewise, its key cut so (reports echo keys too).
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
        for index in entries.indices where entries[index].key.utf8.count > limits.titleBytes {
            let key = entries[index].key
            entries[index].problem =
                "key is \(key.utf8.count) bytes; the limit is \(limits.titleBytes) (--max-title-bytes)"
            entries[index].key = JSONValue.cut(key, at: VarlinkError.echoLimit)
        }
        return entries
    }

    /// The titles in `data`, in the format `entries(in:)` chooses.
    private static func parse(_ data: Data, path: String, format: TitleFormat?) throws(TitleFileError)
        -> [TitleEntry]
    {
        let text = try decode(data, file: path)
        guard
            let reader = format?.reader ?? CatalogueReaders.reader(forExtensionOf: path)
                ?? CatalogueReaders.reader(showing: text)
        else {
            throw TitleFileError(
                file: path, line: 0, reason: "not a format chevron reads; formats: \(TitleFormat.list)")
        }
        var entries = try reader.entries(of: text, data: data, file: path)
        if let markup = reader.markup {
            for index in entries.indices where entries[index].markup == nil { entries[index].markup = markup }
        }
        return entries
    }

    /// The 1-based line of `offset` (a UTF-8 offset) in `text`.
    static func line(of offset: Int, in text: String) -> Int {
        text.utf8.prefix(offset).filter { $0 == 0x0A }.count + 1
    }
}
