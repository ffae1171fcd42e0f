/// What font to measure with: a description of the face, a size, a language and features.
///
/// A request is checked against `TextLimits` in one place, when its fields are set, so that one
/// built by any caller (CLI, daemon, client) is checked the same way; `validate()` throws what
/// that check found.
public struct FontRequest: Sendable, Hashable, CustomDebugStringConvertible {
    /// Which face to ask fontconfig for.
    public var face: FaceDescription {
        get { storage.face }
        set { edit { $0.face = newValue } }
    }
    /// Size in points; must be finite and in `(0, TextLimits.maximumSize]`.
    public var size: Double {
        get { storage.size }
        set { edit { $0.size = newValue } }
    }
    /// A BCP 47 language tag (`ja`, `zh-Hant`, `ar-EG`); steers fallback and shaping.
    public var language: String? {
        get { storage.language }
        set { edit { $0.language = newValue } }
    }
    /// OpenType features to switch on or off, in HarfBuzz's syntax (`-kern`, `+smcp`, `liga=0`).
    public var features: [String] {
        get { storage.features }
        set { edit { $0.features = newValue } }
    }
    /// Every field above through a `KeyHasher`, made when a field is set: a cache key mixes in
    /// this one number rather than hashing the request's strings again on every lookup.
    public var digest: UInt64 { storage.digest }
    /// `face.description`, made when the face is set: every layout reports it.
    public var faceDescription: String { storage.faceDescription }
    /// The features parsed for HarfBuzz when they were set (every shaping passes them).
    var shapingFeatures: FeatureList { storage.shapingFeatures }

    /// The fields, behind one reference: a request is copied into every cache key and out of
    /// a look's numbers on every layout, and each copy of the fields themselves retained the
    /// face's string, the language and the features apart. Two requests sharing one storage
    /// are the same request without comparing their strings.
    private var storage: Storage

    /// Creates a request from a fontconfig pattern such as `Helvetica:bold` or `Noto Sans:weight=200`.
    public init(pattern: String, size: Double, language: String? = nil, features: [String] = []) {
        self.init(face: .pattern(pattern), size: size, language: language, features: features)
    }

    /// Creates a request from any face description.
    public init(face: FaceDescription, size: Double, language: String? = nil, features: [String] = []) {
        storage = Storage(Fields(face: face, size: size, language: language, features: features))
    }

    /// Whether both are one storage: then they are the same request.
    func sharesStorage(with other: FontRequest) -> Bool { storage === other.storage }

    /// The fields, for logs and test failures (the storage alone would print as an opaque box).
    public var debugDescription: String { "FontRequest(\(storage.fields))" }

    public static func == (left: FontRequest, right: FontRequest) -> Bool {
        left.storage === right.storage || left.storage.fields == right.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Changes fields in a new storage (another request may share this one), hashed anew.
    private mutating func edit(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    private struct Fields: Sendable, Hashable {
        var face: FaceDescription
        var size: Double
        var language: String?
        var features: [String]
    }

    /// Never changed once made, so reading it needs no exclusivity check.
    private final class Storage: Sendable {
        let fields: Fields
        let digest: UInt64
        let faceDescription: String
        /// What `validate()` throws for these fields, or nil: checked once, when they are set.
        let problem: TextError?
        /// The features in HarfBuzz's form, parsed once for every shaping in this request.
        let shapingFeatures: FeatureList

        init(_ fields: Fields) {
            self.fields = fields
            faceDescription = fields.face.description
            do throws(TextError) {
                try FontRequest.check(
                    face: fields.face, size: fields.size, language: fields.language, features: fields.features)
                problem = nil
            } catch {
                problem = error
            }
            shapingFeatures = FeatureList(fields.features)
            var hasher = KeyHasher()
            fields.face.hash(into: &hasher)
            hasher.combine(fields.size)
            hasher.combine(fields.language)
            hasher.combine(fields.features.count)
            for feature in fields.features { hasher.combine(feature) }
            digest = UInt64(UInt(bitPattern: hasher.finalize()))
        }

        var face: FaceDescription { fields.face }
        var size: Double { fields.size }
        var language: String? { fields.language }
        var features: [String] { fields.features }
    }
}

/// A face as a fontconfig pattern string or as separate family, weight and slant fields.
public enum FaceDescription: Sendable, Hashable, CustomStringConvertible {
    /// A fontconfig pattern, parsed by `FcNameParse` (`fc-match` accepts the same strings).
    case pattern(String)
    /// A family name, an OpenType weight (1…1000, 400 regular, 700 bold) and a slant.
    case fields(family: String, weight: Int, slant: FontSlant)
    /// One face of a font file, used as it is, without matching (a manifest's `font.file`); an
    /// absolute path. Characters it lacks fall back as for a request of its own family.
    case file(path: String, index: Int)

    /// Hashes the case and its fields; written out because the synthesized hash is outlined,
    /// and every cached measurement hashes its request.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .pattern(let pattern):
            hasher.combine(pattern)
        case .fields(let family, let weight, let slant):
            hasher.combine(1 as UInt8)
            hasher.combine(family)
            hasher.combine(weight)
            hasher.combine(slant)
        case .file(let path, let index):
            hasher.combine(2 as UInt8)
            hasher.combine(path)
            hasher.combine(index)
        }
    }

    /// The description as a fontconfig pattern string (or the file), for logs and messages.
    public var description: String {
        switch self {
        case .pattern(let pattern): pattern
        case .fields(let family, let weight, let slant): "\(family) (weight \(weight), \(slant.rawValue))"
        case .file(let path, let index): index == 0 ? path : "\(path) face \(index)"
        }
    }
}

/// The slant of a face, as fontconfig distinguishes them.
public enum FontSlant: String, Sendable, Hashable, CaseIterable {
    /// Upright.
    case roman
    /// A designed italic.
    case italic
    /// A slanted roman.
    case oblique
}

/// The bounds every request and text is checked against; each breach is a `TextError`.
public struct TextLimits: Sendable, Hashable {
    /// The largest size in points a request may ask for.
    public static let maximumSize = 1000.0
    /// The most OpenType features one request may name.
    public static let maximumFeatures = 32
    /// The longest ellipsis in UTF-8 bytes.
    public static let maximumEllipsisBytes = 64

    /// The longest text in UTF-8 bytes (default `defaultTextBytes`).
    public var maximumTextBytes: Int

    /// The longest text by default, the daemon's `--max-text-bytes` and the client's fallback.
    public static let defaultTextBytes = 4096

    /// Creates limits; the defaults are the daemon's.
    public init(maximumTextBytes: Int = defaultTextBytes) {
        self.maximumTextBytes = maximumTextBytes
    }
}

extension FontRequest {
    /// Checks every field against `TextLimits`, throwing a `TextError` naming the first bad one.
    /// The check ran when the fields were set; this throws what it found.
    public func validate() throws(TextError) {
        if let problem = storage.problem { throw problem }
    }

    /// The checks `validate()` reports, run on a request's fields when they are set.
    fileprivate static func check(face: FaceDescription, size: Double, language: String?, features: [String])
        throws(TextError)
    {
        guard size.isFinite, size > 0, size <= TextLimits.maximumSize else {
            throw TextError(
                .invalidSize, parameter: "size",
                "size \(size) pt is not a number in (0, \(Int(TextLimits.maximumSize))] points")
        }
        switch face {
        case .pattern(let pattern):
            guard !pattern.isBlank else {
                throw TextError(.invalidPattern, parameter: "pattern", "the font pattern is empty")
            }
            guard pattern.utf8.count <= 1024 else {
                throw TextError(
                    .invalidPattern, parameter: "pattern",
                    "the font pattern is \(pattern.utf8.count) bytes long; the limit is 1024")
            }
        case .fields(let family, let weight, _):
            guard !family.isBlank, family.utf8.count <= 1024 else {
                throw TextError(.invalidPattern, parameter: "family", "the family name must have 1 to 1024 bytes")
            }
            guard (1...1000).contains(weight) else {
                throw TextError(.invalidStyle, parameter: "weight", "weight \(weight) is outside 1…1000")
            }
        case .file(let path, let index):
            guard path.hasPrefix("/"), path.utf8.count <= 4096, index >= 0 else {
                throw TextError(
                    .invalidPattern, parameter: "file", "a font file must be an absolute path with a face index ≥ 0")
            }
        }
        if let language {
            guard Self.isLanguageTag(language) else {
                throw TextError(
                    .invalidLanguage, parameter: "language",
                    "\(language.echoed) is not a BCP 47 language tag (letters, digits and hyphens, like zh-Hant)")
            }
        }
        guard features.count <= TextLimits.maximumFeatures else {
            throw TextError(
                .invalidFeature, parameter: "features",
                "\(features.count) features given; the limit is \(TextLimits.maximumFeatures)")
        }
        for feature in features where FeatureList.parse(feature) == nil {
            throw TextError(
                .invalidFeature, parameter: "features",
                "\(feature.echoed) is not an OpenType feature setting (examples: -kern, +smcp, liga=0)")
        }
    }

    /// A loose BCP 47 shape check: a 2–8 letter primary subtag, then 1–8 character subtags
    /// (ASCII letters and digits), separated by hyphens. Read byte by byte: every uncached
    /// measurement in a language checks its tag.
    static func isLanguageTag(_ tag: String) -> Bool {
        var subtagLength = 0
        var inPrimary = true
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") {
                guard inPrimary ? subtagLength >= 2 : subtagLength >= 1 else { return false }
                inPrimary = false
                subtagLength = 0
                continue
            }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetter || (!inPrimary && isDigit) else { return false }
            subtagLength += 1
            guard subtagLength <= 8 else { return false }
        }
        return inPrimary ? subtagLength >= 2 : subtagLength >= 1
    }
}

extension String {
    /// Whether the string is empty or only ASCII white space; scans bytes, not grapheme clusters,
    /// because it runs on every request.
    fileprivate var isBlank: Bool {
        utf8.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }
}
