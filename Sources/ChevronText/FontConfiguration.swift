import CFontconfig
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Calls `FcInit` exactly once per process, before any fontconfig use (docs/architecture.md,
/// "fontconfig: FcInit once, never FcFini").
/// Swift initialises globals once, thread-safely, on first use. `FcFini` is never called.
private let fontconfigInitialised: Bool = FcInit() != 0

/// An owned fontconfig configuration: the system's config files and fonts, plus the user's font
/// directories, whose faces win over system faces that match as well.
///
/// Each engine owns one, so a rescan can swap in a fresh configuration while calls in flight keep
/// the old one alive through their reference. Matching on a configuration is thread-safe
/// (fontconfig ≥ 2.11); it is never mutated after `init`.
final class FontConfiguration: @unchecked Sendable {
    private let config: OpaquePointer
    /// Entries in the user's font directories that were not added: not regular files, or files
    /// fontconfig could not read as fonts.
    let skipped: [SkippedFontFile]

    /// Loads the system configuration and its fonts (`FcInitLoadConfigAndFonts`), then adds
    /// `extraDirectories` as application fonts.
    /// - Throws: `TextError` when fontconfig cannot load, or a directory is missing.
    init(extraDirectories: [String]) throws(TextError) {
        _ = fontconfigInitialised
        for directory in extraDirectories where !FontDirectory.isReadableDirectory(directory) {
            throw TextError(
                .fontNotFound, parameter: "fontDirectories",
                "the font directory \(directory) does not exist or cannot be read")
        }
        guard let config = FcInitLoadConfigAndFonts() else {
            throw TextError(.fontNotFound, parameter: "fonts", "fontconfig could not load its configuration")
        }
        self.config = config
        // The directories are walked here (`FontDirectory.files`: each directory once, so links
        // that loop cost nothing) and fontconfig is handed the files one by one, never a
        // directory: `FcConfigAppFontAddDir` follows every link again, and its cache trusts a
        // directory whose modification time did not change, so a font truncated or rewritten in
        // place would still be listed as it was. Scanning each file is a few milliseconds, at
        // start and each rescan.
        var skipped: [SkippedFontFile] = []
        for file in extraDirectories.flatMap(FontDirectory.files) {
            let before = Self.applicationFontCount(config)
            // Faces are bounded: a collection's header says how many it holds before fontconfig
            // reads any (five 1.2 MB collections can hold 135,511), and the folders in all stop
            // adding files once they hold `faceLimit`.
            guard before < Self.faceLimit else {
                skipped.append(
                    SkippedFontFile(
                        file: file, reason: "is past the \(Self.faceLimit) faces the font folders may hold in all"))
                continue
            }
            // What the file gives: nil for a collection over the bound, else whether it was added.
            let added = Self.withCheckedPath(file) { path -> (faces: Int, added: Bool) in
                if let faces = Self.collectionFaceCount(path), faces > Self.facesPerFileLimit { return (faces, false) }
                return (0, FcConfigAppFontAddFile(config, path.fontconfigBytes) != 0)
            }
            switch added {
            case .failure(let failure): skipped.append(SkippedFontFile(file: file, reason: failure.reason))
            case .success(let (faces, false)) where faces > 0:
                skipped.append(
                    SkippedFontFile(
                        file: file,
                        reason: "is a collection of \(faces) faces, over the \(Self.facesPerFileLimit) a file may hold")
                )
            case .success((_, false)):
                skipped.append(SkippedFontFile(file: file, reason: "is not a font file fontconfig can read"))
            case .success((_, true)): Self.nameApplicationFonts(config, from: before, file: file)
            }
        }
        self.skipped = skipped
    }

    /// The most faces one file of the font folders may hold (a TrueType or OpenType collection):
    /// Noto's CJK collections hold 10, Apple's system collections a few dozen.
    static let facesPerFileLimit = 256
    /// The most faces the font folders may hold in all (a face's named instances count each).
    static let faceLimit = 10_000

    /// The number of faces a TrueType/OpenType collection (`ttcf`) says it holds, from its first
    /// 12 bytes; nil for a file that is not a collection.
    static func collectionFaceCount(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 12)
        let read = header.withUnsafeMutableBytes { buffer in
            buffer.baseAddress.map { FileIO.readFully(descriptor, into: $0, count: 12) } ?? 0
        }
        guard read == 12, header[0...3] == [0x74, 0x74, 0x63, 0x66] else { return nil }
        return header[8...11].reduce(0) { $0 << 8 | Int($1) }
    }

    /// How many faces the application font set holds.
    private static func applicationFontCount(_ config: OpaquePointer) -> Int {
        FcConfigGetFonts(config, FcSetApplication).map { Int($0.pointee.nfont) } ?? 0
    }

    /// Gives the application fonts from position `start` on the path `file`: fontconfig read
    /// them through the checked descriptor's path (`withCheckedPath`), which is no name to keep.
    private static func nameApplicationFonts(_ config: OpaquePointer, from start: Int, file: String) {
        guard let set = FcConfigGetFonts(config, FcSetApplication), let fonts = set.pointee.fonts else { return }
        for position in start..<Int(set.pointee.nfont) {
            guard let font = fonts[position] else { continue }
            FcPatternDel(font, FC_FILE)
            FcPatternAddString(font, FC_FILE, file.fontconfigBytes)
        }
    }

    /// Runs `body` with a path fontconfig and FreeType may open for the regular file at `path`,
    /// which is opened first (`RegularFile.open`: never waiting on a FIFO, and refusing anything
    /// but a regular file). The path handed on is the opened descriptor's `/proc/self/fd/N`, so
    /// what they open is the very file checked even if `path` is replaced meanwhile; without
    /// /proc it is `path` itself, opened again.
    static func withCheckedPath<T>(_ path: String, _ body: (String) -> T) -> Result<T, RegularFile.Failure> {
        let descriptor: Int32
        switch RegularFile.open(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        return .success(body(hasProcFileDescriptors ? "/proc/self/fd/\(descriptor)" : path))
    }

    /// Whether /proc/self/fd names this process's open descriptors (procfs is mounted).
    private static let hasProcFileDescriptors: Bool = access("/proc/self/fd", X_OK) == 0

    deinit {
        FcConfigDestroy(config)
    }

    /// The best font for `face` and `language`, after the configuration's substitutions, as
    /// `fc-match` finds it (`FcConfigSubstitute`, `FcDefaultSubstitute`, then the match), except
    /// that the user's font directories are searched first, so their faces win ties with system
    /// faces (fontconfig's own `FcFontMatch` lets the system's win).
    func match(_ face: FaceDescription, language: String?) throws(TextError) -> FontMatch {
        if case .file(let path, let index) = face { return try Self.query(file: path, index: index) }
        let pattern = try makePattern(face, language: language)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        let matched = withFontSets { sets, count in FcFontSetMatch(config, sets, count, pattern, &result) }
        guard let matched else {
            throw TextError(.fontNotFound, parameter: "pattern", "no installed font matches \(face.description.echoed)")
        }
        defer { FcPatternDestroy(matched) }
        guard var font = FontMatch(pattern: matched) else {
            throw TextError(
                .fontNotFound, parameter: "pattern", "the font matched for \(face.description.echoed) has no file")
        }
        font.substituted = Self.isSubstitution(of: font.families, for: pattern)
        return font
    }

    /// The fallback chain for `face`: fontconfig's sorted, trimmed list (`FcFontSetSort` with
    /// trim, user directories first), each entry with the characters it covers. Costs tens of
    /// milliseconds; callers cache it.
    func fallbackChain(_ face: FaceDescription, language: String?) throws(TextError) -> FallbackChain {
        let described: FaceDescription
        if case .file(let path, let index) = face {
            // A pinned file falls back like a request for its own family, weight and slant.
            described = .pattern(try Self.query(file: path, index: index).fallbackPattern)
        } else {
            described = face
        }
        let pattern = try makePattern(described, language: language)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        let fontSet = withFontSets { sets, count in FcFontSetSort(config, sets, count, pattern, 1, nil, &result) }
        return FallbackChain(fontSet: fontSet)
    }

    /// The faces fontconfig can use, system and user directories alike, as (file, index).
    var allFaces: [(file: String, index: Int)] {
        Self.faces(in: FcConfigGetFonts(config, FcSetSystem))
            + Self.faces(in: FcConfigGetFonts(config, FcSetApplication))
    }

    /// The configuration files fontconfig read (`FcConfigGetConfigFiles`).
    var configurationFiles: [String] {
        guard let list = FcConfigGetConfigFiles(config) else { return [] }
        defer { FcStrListDone(list) }
        var files: [String] = []
        while let file = FcStrListNext(list) { files.append(String(cString: file)) }
        return files
    }

    /// Runs `body` with the font sets to search, the user's directories first; nil when there
    /// are no fonts at all.
    private func withFontSets<T>(
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<FcFontSet>?>, Int32) -> T?
    ) -> T? {
        var sets = [FcConfigGetFonts(config, FcSetApplication), FcConfigGetFonts(config, FcSetSystem)]
        sets.removeAll { $0 == nil }
        return sets.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return body(base, Int32(buffer.count))
        }
    }

    /// Whether a match whose font lists `families` puts another family in place of the one asked
    /// for. The families asked for are the pattern's strongly bound ones after substitution:
    /// the request's own, and the metric-compatible aliases fontconfig's rules add with binding
    /// "same" (Helvetica → Nimbus Sans, Arial → Liberation Sans), which inherit its binding.
    /// Weakly bound ones (the generic families' lists) are what a substitution falls back on.
    /// A request for a generic family, or for none, accepts any family.
    static func isSubstitution(of families: [String], for pattern: OpaquePointer) -> Bool {
        var iterator = FcPatternIter()
        guard FcPatternFindIter(pattern, &iterator, FC_FAMILY) != 0 else { return false }
        var asked: Set<String> = []
        for position in 0..<FcPatternIterValueCount(pattern, &iterator) {
            var value = FcValue()
            var binding = FcValueBindingWeak
            guard FcPatternIterGetValue(pattern, &iterator, position, &value, &binding) == FcResultMatch,
                binding == FcValueBindingStrong, value.type == FcTypeString, let name = value.u.s
            else { continue }
            asked.insert(String(cString: name).familyKey)
        }
        if asked.isEmpty || !asked.isDisjoint(with: genericFamilies) { return false }
        return families.allSatisfy { !asked.contains($0.familyKey) }
    }

    /// fontconfig's generic family names: a request for one is satisfied by whatever it maps to.
    private static let genericFamilies: Set<String> = [
        "sans-serif", "serif", "monospace", "system-ui", "emoji", "math", "cursive", "fantasy", "sans", "mono",
    ]

    /// What fontconfig reads from a font file's face (`FcFreeTypeQuery`): a pinned file's match.
    /// Only a regular file is read (see `withCheckedPath`); a FIFO is refused at once.
    static func query(file: String, index: Int) throws(TextError) -> FontMatch {
        _ = fontconfigInitialised
        var count: Int32 = 0
        let queried = withCheckedPath(file) { path in
            FcFreeTypeQuery(path.fontconfigBytes, UInt32(index), nil, &count)
        }
        let found: OpaquePointer?
        switch queried {
        case .success(let pattern): found = pattern
        case .failure(let failure) where failure.kind != nil:
            throw TextError(.fontFileCorrupt, parameter: "font.file", failure.description)
        case .failure(let failure):
            throw TextError(.fontFileMissing, parameter: "font.file", failure.description)
        }
        guard let pattern = found else {
            throw TextError(
                .fontFileCorrupt, parameter: "font.file", "\(file) face \(index) is not a font fontconfig can read")
        }
        defer { FcPatternDestroy(pattern) }
        FcPatternDel(pattern, FC_FILE)
        FcPatternAddString(pattern, FC_FILE, file.fontconfigBytes)
        guard let font = FontMatch(pattern: pattern) else {
            throw TextError(.fontFileCorrupt, parameter: "font.file", "\(file) is not a font fontconfig can read")
        }
        return font
    }

    /// The (file, index) of every font of a font set.
    private static func faces(in set: UnsafeMutablePointer<FcFontSet>?) -> [(file: String, index: Int)] {
        guard let set, let fonts = set.pointee.fonts else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { position in
            guard let font = fonts[position], let file = font.string(FC_FILE) else { return nil }
            var index: Int32 = 0
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            return (file, Int(index))
        }
    }

    /// Builds a substituted pattern for matching; the caller destroys it.
    private func makePattern(_ face: FaceDescription, language: String?) throws(TextError) -> OpaquePointer {
        let pattern: OpaquePointer
        switch face {
        case .pattern(let text):
            guard let parsed = FcNameParse(text.fontconfigBytes) else {
                throw TextError(
                    .invalidPattern, parameter: "pattern",
                    "fontconfig cannot parse the pattern \(text.echoed) (see fc-match(1) for the syntax)")
            }
            pattern = parsed
        case .fields(let family, let weight, let slant):
            guard let created = FcPatternCreate() else {
                throw TextError(.fontNotFound, parameter: "pattern", "fontconfig is out of memory")
            }
            pattern = created
            FcPatternAddString(pattern, FC_FAMILY, family.fontconfigBytes)
            FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight)))
            FcPatternAddInteger(pattern, FC_SLANT, slant.fontconfigValue)
        case .file(let path, _):
            throw TextError(.invalidPattern, parameter: "font.file", "\(path) is a file, not a pattern to match")
        }
        if let language {
            FcPatternAddString(pattern, FC_LANG, language.fontconfigLanguage.fontconfigBytes)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }
}

extension FontMatch {
    /// A pattern asking for this font's family, weight and slant: what a pinned file falls back on.
    fileprivate var fallbackPattern: String {
        var family = ""
        for character in name.family {
            if "\\-:,".contains(character) { family.append("\\") }
            family.append(character)
        }
        let weight = openTypeWeight.map { ":weight=\(FcWeightFromOpenTypeDouble($0))" } ?? ""
        return family + weight
    }
}

extension FontSlant {
    fileprivate var fontconfigValue: Int32 {
        switch self {
        case .roman: Int32(FC_SLANT_ROMAN)
        case .italic: Int32(FC_SLANT_ITALIC)
        case .oblique: Int32(FC_SLANT_OBLIQUE)
        }
    }
}

extension String {
    /// The string as the NUL-terminated `FcChar8` bytes fontconfig takes.
    var fontconfigBytes: [UInt8] { Array(utf8) + [0] }

    /// A BCP 47 tag as fontconfig's language names spell it. fontconfig knows Chinese by region
    /// (its orthographies zh-cn, zh-sg, zh-tw, zh-hk, zh-mo), not by script, and compares only the
    /// language of a tag it does not know: "zh-Hans" would match any Chinese face alike, and
    /// fontconfig's order then picks the Japanese one. So a script subtag becomes the region
    /// whose orthography it is (Hans: zh-cn, or zh-sg for Singapore; Hant: zh-tw, or zh-hk and
    /// zh-mo for Hong Kong and Macao), after `LanguageTag.likely` has given a bare zh its script.
    /// Other tags go as they are (fontconfig ignores case).
    var fontconfigLanguage: String {
        // A Chinese tag with no script gets its likely one first: zh is Simplified (zh-cn).
        let subtags = LanguageTag.likely(self).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard subtags.first == "zh", subtags.count > 1 else { return self }
        let region = subtags.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }.map(String.init)
        if subtags.contains("hans") { return "zh-" + (region == "sg" ? "sg" : "cn") }
        guard subtags.contains("hant") else { return self }
        if let region, region == "hk" || region == "mo" { return "zh-" + region }
        return "zh-tw"
    }

    /// A family name as fontconfig compares them: case and blanks ignored.
    fileprivate var familyKey: String { lowercased().filter { $0 != " " } }
}

/// An entry of a user's font directory that was not added, and why.
public struct SkippedFontFile: Sendable, Hashable, CustomStringConvertible {
    /// The entry's path.
    public let file: String
    /// Why: `is a FIFO, not a regular file`, `is not a font file fontconfig can read`.
    public let reason: String

    /// `FILE REASON`.
    public var description: String { "\(file) \(reason)" }
}
