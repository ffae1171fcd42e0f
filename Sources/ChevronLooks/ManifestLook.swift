import ChevronText
import Foundation

/// A look described in a JSON manifest that a user drops into the looks folder.
///
/// The same protocol as the built-in providers, implemented from the file's numbers.
public struct ManifestLook: BackButtonLook {
    public let name: String
    public let summary: String
    public let metrics: LookMetrics
    public let sources: [String: String]
    public let art: ButtonArt
    /// The manifest file it came from.
    public let file: String
    /// Whether the manifest asks to replace a built-in look of the same name.
    public let replacesBuiltIn: Bool

    /// Creates a look from a decoded, validated manifest.
    init(_ manifest: LookManifest, file: String) {
        name = manifest.name
        summary = manifest.description ?? "A look from \(file)"
        self.file = file
        replacesBuiltIn = manifest.replacesBuiltIn ?? false
        metrics = LookMetrics(
            font: manifest.font.request(relativeTo: (file as NSString).deletingLastPathComponent),
            tracking: manifest.tracking ?? 0,
            height: manifest.height,
            artWidth: manifest.art.width,
            leftCap: manifest.art.leftCap,
            titleInsets: HorizontalInsets(left: manifest.titleInsets.left, right: manifest.titleInsets.right),
            alignment: manifest.alignment ?? .leading,
            titleTop: manifest.titleTop,
            padding: manifest.padding,
            maximumWidth: manifest.maximumWidth,
            overflow: manifest.overflow,
            colors: manifest.colors ?? LookColors(text: "#FFFFFF"))
        sources = ["all": "manifest \(file)"]
        // What the manifest leaves out of its art follows from its tint, as the standard art's did.
        var art = ButtonArt.tinted(metrics.colors.tint ?? ButtonArt.classicBlue, height: manifest.height)
        let drawn = manifest.art
        art.pointDepth = drawn.pointDepth ?? art.pointDepth
        art.cornerRadius = drawn.cornerRadius ?? art.cornerRadius
        art.fill = drawn.fill.map { VerticalGradient(top: $0.top, bottom: $0.bottom) } ?? art.fill
        art.border = drawn.border ?? art.border
        art.highlight = drawn.highlight ?? art.highlight
        art.bar = drawn.bar.map { VerticalGradient(top: $0.top, bottom: $0.bottom) } ?? art.bar
        self.art = art
    }
}

/// A problem with one manifest: which file, which field, and why.
public struct ManifestProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest file.
    public let file: String
    /// The field, as a dotted path (`art.leftCap`); empty for the file as a whole.
    public let field: String
    /// What is wrong and what would be right.
    public let reason: String

    /// Creates a problem.
    public init(file: String, field: String, reason: String) {
        self.file = file
        self.field = field
        self.reason = reason
    }

    /// `FILE: FIELD: REASON`.
    public var description: String { field.isEmpty ? "\(file): \(reason)" : "\(file): \(field): \(reason)" }
}

/// The manifest's JSON shape (docs in README, examples in looks/).
struct LookManifest {
    /// A fontconfig pattern to match, or one face of a font file (`file`, relative to the
    /// manifest or absolute, and `index` in a collection), used as it is.
    struct Font {
        let pattern: String?
        let file: String?
        let index: Int?
        let size: Double
        let features: [String]?

        /// The request the manifest describes; a relative `file` is resolved against `directory`.
        func request(relativeTo directory: String) -> FontRequest {
            let face: FaceDescription
            if let file {
                let path = file.hasPrefix("/") ? file : (directory as NSString).appendingPathComponent(file)
                face = .file(path: (path as NSString).standardizingPath, index: index ?? 0)
            } else {
                face = .pattern(pattern ?? "")
            }
            return FontRequest(face: face, size: size, features: features ?? [])
        }
    }

    /// The art's size and caps, and optionally how previews draw it (see `ButtonArt`).
    struct Art {
        let width: Double
        let leftCap: Double
        let pointDepth: Double?
        let cornerRadius: Double?
        let fill: Gradient?
        let border: String?
        let highlight: String?
        let bar: Gradient?
    }

    struct Gradient {
        let top: String
        let bottom: String
    }

    struct Insets {
        let left: Double
        let right: Double
    }

    let name: String
    let description: String?
    let replacesBuiltIn: Bool?
    let font: Font
    let tracking: Double?
    let height: Double
    let art: Art
    let titleInsets: Insets
    let alignment: TitleAlignment?
    let titleTop: Double?
    let padding: Double
    let maximumWidth: Double
    let overflow: OverflowPolicy
    let colors: LookColors?

    /// The top-level keys a manifest may have; any other is reported, so a typo is not ignored.
    static let fields: Set<String> = [
        "name", "description", "replacesBuiltIn", "font", "tracking", "height", "art", "titleInsets", "alignment",
        "titleTop", "padding", "maximumWidth", "overflow", "colors",
    ]

    /// The first number out of range, as (field, reason), or nil when all are in range.
    func firstRangeProblem() -> (String, String)? {
        func outside(_ value: Double, _ range: ClosedRange<Double>) -> Bool {
            !value.isFinite || !range.contains(value)
        }
        if name.isEmpty || name.count > 64
            || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            return ("name", "\"\(name)\" must be 1–64 ASCII letters, digits or hyphens")
        }
        if outside(height, 1...200) { return ("height", "\(height) is outside 1…200 points") }
        if outside(art.width, 1...500) { return ("art.width", "\(art.width) is outside 1…500 points") }
        if outside(art.leftCap, 0...(art.width - 1)) {
            return (
                "art.leftCap", "\(art.leftCap) is outside 0…\(art.width - 1) (the art width less the stretch pixel)"
            )
        }
        if outside(titleInsets.left, 0...500) { return ("titleInsets.left", "\(titleInsets.left) is outside 0…500") }
        if outside(titleInsets.right, 0...500) { return ("titleInsets.right", "\(titleInsets.right) is outside 0…500") }
        if outside(padding, 0...500) { return ("padding", "\(padding) is outside 0…500 points") }
        if outside(maximumWidth, art.width...2000) {
            return ("maximumWidth", "\(maximumWidth) is outside \(art.width)…2000 (at least the art width)")
        }
        if let tracking, outside(tracking, -10...10) { return ("tracking", "\(tracking) is outside −10…10 points") }
        if let titleTop, outside(titleTop, 0...height) { return ("titleTop", "\(titleTop) is outside 0…\(height)") }
        if let depth = art.pointDepth, outside(depth, 0...art.width) {
            return ("art.pointDepth", "\(depth) is outside 0…\(art.width) (the art width)")
        }
        if let radius = art.cornerRadius, outside(radius, 0...height / 2) {
            return ("art.cornerRadius", "\(radius) is outside 0…\(height / 2) (half the height)")
        }
        let artColors: [(String, String?)] = [
            ("art.fill.top", art.fill?.top), ("art.fill.bottom", art.fill?.bottom), ("art.border", art.border),
            ("art.highlight", art.highlight), ("art.bar.top", art.bar?.top), ("art.bar.bottom", art.bar?.bottom),
        ]
        for case (let field, let value?) in artColors where !LookColors.isHexColor(value) {
            return (field, "\"\(value)\" is not a #RRGGBB or #RRGGBBAA colour")
        }
        if let (field, value) = colors?.firstInvalid() {
            return ("colors.\(field)", "\"\(value)\" is not a #RRGGBB or #RRGGBBAA colour")
        }
        switch (self.font.pattern, self.font.file) {
        case (nil, nil): return ("font", "needs a \"pattern\" or a \"file\"")
        case (_?, _?): return ("font", "has both a \"pattern\" and a \"file\"; give one")
        case (_?, nil) where self.font.index != nil: return ("font.index", "goes with \"file\" only")
        default: break
        }
        if let index = self.font.index, !(0...65_535).contains(index) {
            return ("font.index", "\(index) is outside 0…65535")
        }
        let font = self.font.request(relativeTo: "/")
        do {
            try font.validate()
        } catch {
            return ("font.\(error.parameter)", error.message)
        }
        return nil
    }

    /// The problem with a pinned font file, resolved against the manifest's `directory`: it must
    /// be a face fontconfig can read. Nil for a pattern, or a good file.
    func fontFileProblem(relativeTo directory: String) -> (String, String)? {
        guard self.font.file != nil, case .file(let path, let index) = self.font.request(relativeTo: directory).face
        else { return nil }
        do {
            _ = try TextEngine.face(ofFile: path, index: index)
            return nil
        } catch {
            return ("font.file", error.message)
        }
    }
}
