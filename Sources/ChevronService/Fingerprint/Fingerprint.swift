import ChevronLooks
import ChevronRender
import ChevronText
import ChevronVarlink
import Crypto

/// A SHA-256 over everything that changes an answer, so that a fleet of per-host daemons can
/// prove they answer alike, and the same over each part, so that a mismatch can be located.
public struct Fingerprint: Sendable, Hashable {
    /// The SHA-256 of each part, in hex.
    public struct Parts: Sendable, Hashable {
        /// Every face fontconfig can use: path, size, SHA-256 of the bytes, face index.
        public var fonts: String
        /// fontconfig's configuration files: path and SHA-256 of the bytes.
        public var fontconfig: String
        /// The versions of fontconfig, FreeType, HarfBuzz, FriBidi, cairo and chevron itself.
        public var libraries: String
        /// The built-in looks' numbers, and every manifest's bytes (and its pinned font file's).
        public var looks: String
    }

    /// The SHA-256 over the parts, in hex.
    public var value: String
    /// The parts' hashes.
    public var parts: Parts
    /// How many faces, distinct font files and configuration files were hashed.
    public var faces: Int
    public var fontFiles: Int
    public var configurationFiles: Int
    /// The library versions the `libraries` part hashes, by name.
    public var libraries: [String: String]
    /// The looks the `looks` part hashes.
    public var looks: [String]
    /// The font generation the fingerprint was computed for.
    public var generation: Int
    /// Seconds the computation took (hashing unchanged files again is skipped).
    public var seconds: Double

    /// Computes the fingerprint of what `text` and `registry` answer with; `hashes` remembers
    /// the hashes of files (see `FileHashes`), so unchanged files are not read, and keeps the
    /// files of this computation only when it is saved at the end.
    static func compute(
        text: TextEngine, registry: LookRegistry, version: String, hashes: FileHashes
    ) -> Fingerprint {
        let started = ContinuousClock.now
        let generation = text.statistics.generation
        // A variable font is listed once as itself and once per named instance, two entries of
        // which may share a face index: each (file, index) counts once.
        var seen: Set<String> = []
        let faces = text.installedFaces.sorted { ($0.file, $0.index) < ($1.file, $1.index) }
            .filter { seen.insert("\($0.file)\u{0}\($0.index)").inserted }
        var fontLines: [String] = []
        var fontFiles: Set<String> = []
        for face in faces {
            fontFiles.insert(face.file)
            let file = hashes.hash(of: face.file)
            fontLines.append("\(face.file)\t\(file.size)\t\(file.digest)\t\(face.index)")
        }
        let configurationFiles = text.fontconfigFiles.sorted()
        let configurationLines = configurationFiles.map { path in
            let file = hashes.hash(of: path)
            return "\(path)\t\(file.size)\t\(file.digest)"
        }
        var libraries = LibraryVersions.textLibraries
        libraries["cairo"] = Canvas.cairoVersion
        libraries["chevron"] = version
        let libraryLines = libraries.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }
        let lookLines = registry.all.map { look in lookLine(look, hashes: hashes) }
        let parts = Parts(
            fonts: sha256(fontLines), fontconfig: sha256(configurationLines), libraries: sha256(libraryLines),
            looks: sha256(lookLines))
        let elapsed = ContinuousClock.now - started
        hashes.save()
        return Fingerprint(
            value: sha256([
                "fonts\t\(parts.fonts)", "fontconfig\t\(parts.fontconfig)", "libraries\t\(parts.libraries)",
                "looks\t\(parts.looks)",
            ]),
            parts: parts, faces: faces.count, fontFiles: fontFiles.count, configurationFiles: configurationFiles.count,
            libraries: libraries, looks: registry.names, generation: generation,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    /// One look's line: a built-in look by its numbers (DescribeLook's reply), a manifest look
    /// by its file's bytes, not its path (hosts may keep manifests in different folders), and
    /// the font file it pins, if any.
    private static func lookLine(_ look: any BackButtonLook, hashes: FileHashes) -> String {
        var line: String
        if let manifest = look as? ManifestLook {
            line = "\(look.name)\tmanifest\t\(hashes.hash(of: manifest.file).digest)"
        } else {
            var bytes: [UInt8] = []
            ChevronService.description(look).encode(into: &bytes)
            line = "\(look.name)\tbuilt-in\t\(SHA256.hash(data: bytes).hex)"
        }
        if case .file(let path, let index) = look.metrics.font.face {
            line += "\tfont \(hashes.hash(of: path).digest) \(index)"
        }
        return line
    }

    /// The SHA-256 of the lines, each followed by a newline, in hex.
    private static func sha256(_ lines: [String]) -> String {
        var hasher = SHA256()
        for line in lines {
            hasher.update(data: Array(line.utf8))
            hasher.update(data: [0x0A])
        }
        return hasher.finalize().hex
    }
}

extension Digest {
    /// The digest in lower-case hex.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Self.byteCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
