/// Replies as the interface descriptions declare them (Decodable from the reply parameters).

/// A font face: what fc-match prints for it.
public struct FaceReply: Decodable, Sendable, Hashable {
    public let family: String
    public let style: String
    public let file: String
    public let index: Int
    /// A variable face's design coordinates (`wght=650`); nil for a static face.
    public let variations: String?
}

/// MeasureText's reply.
public struct MeasurementReply: Decodable, Sendable, Hashable {
    /// One run: a stretch shaped with one face; `start`/`end` in UTF-16 code units.
    public struct Run: Decodable, Sendable, Hashable {
        public let face: FaceReply
        public let start: Int
        public let end: Int
        public let glyphs: Int
        public let width: Double
        public let script: String
        public let direction: String
    }

    public let width: Double
    public let ascent: Double
    public let descent: Double
    public let lineHeight: Double
    public let direction: String
    /// Scalars no installed face covers.
    public let missing: Int
    /// Whether fontconfig matched another family than the one asked for.
    public let substituted: Bool
    public let runs: [Run]
}

/// ResolveFont's reply.
public struct FontResolutionReply: Decodable, Sendable, Hashable {
    public let primary: FaceReply
    public let unitsPerEm: Int
    public let fallbacks: [FaceReply]
    public let missing: Int?
    /// Whether fontconfig matched another family than the one asked for.
    public let substituted: Bool
}

/// Truncate's reply.
public struct TruncationReply: Decodable, Sendable, Hashable {
    public let displayed: String
    public let width: Double
    public let truncated: Bool
    public let fullWidth: Double
}

/// A rectangle in points.
public struct RectReply: Codable, Sendable, Hashable {
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double
}

/// Left and right insets in points.
public struct InsetsReply: Codable, Sendable, Hashable {
    public let left: Double
    public let right: Double
}

/// Size's reply: one back button's layout.
public struct LayoutReply: Decodable, Sendable, Hashable {
    /// The face the title was measured with, and the font asked for.
    public struct Font: Decodable, Sendable, Hashable {
        public let family: String
        public let style: String
        public let file: String
        public let size: Double
        /// The look's or request's font: a fontconfig pattern, or a file.
        public let requested: String
        /// Whether fontconfig matched another family than `requested` (not a metric-compatible
        /// alias of it): the widths are then the substitute's.
        public let substituted: Bool
    }

    public let look: String
    public let width: Double
    public let height: Double
    public let titleFrame: RectReply
    public let displayedTitle: String
    public let titleSource: String
    public let truncated: Bool
    public let capInsets: InsetsReply
    public let titleInsets: InsetsReply
    public let hitRect: RectReply
    public let direction: String
    public let font: Font
    public let textWidth: Double
    /// Scalars of the titles measured that no installed face covers (0 when all are covered).
    public let missingGlyphs: Int
}

/// io.chevron.BackButton.Render's reply: the PNG's bytes, its size in pixels, and the layout drawn.
public struct RenderReply: Sendable, Hashable {
    /// The PNG file's bytes.
    public let png: [UInt8]
    /// The picture's width in pixels (the layout's width × scale).
    public let pixelWidth: Int
    /// The picture's height in pixels (the layout's height × scale).
    public let pixelHeight: Int
    /// The layout drawn.
    public let layout: LayoutReply
}

/// One SizeMany result: a layout, or why there is none.
public struct SizeResultReply: Decodable, Sendable, Hashable {
    /// Why a request failed: the error's name and its parameter and message, when it has them.
    public struct Failure: Decodable, Sendable, Hashable {
        public struct Parameters: Decodable, Sendable, Hashable {
            public let parameter: String?
            public let message: String?
            public let look: String?
        }

        public let error: String
        public let parameters: Parameters
    }

    public let index: Int
    public let layout: LayoutReply?
    public let failure: Failure?
}

/// Transition's reply.
public struct TransitionReply: Decodable, Sendable, Hashable {
    public let kind: String
    public let from: RectReply
    public let to: RectReply
    public let duration: Double
}

/// A look in brief (ListLooks).
public struct LookSummaryReply: Decodable, Sendable, Hashable {
    public let name: String
    public let summary: String
    public let animated: Bool
    public let builtIn: Bool
    public let file: String?
}

/// A look's numbers and their sources (DescribeLook).
public struct LookDescriptionReply: Decodable, Sendable, Hashable {
    /// The look's colours.
    public struct Colors: Codable, Sendable, Hashable {
        public let text: String
        public let shadow: String?
        public let shadowOffsetX: Double?
        public let shadowOffsetY: Double?
        public let tint: String?
    }

    /// How previews draw the look (see Render).
    public struct Art: Codable, Sendable, Hashable {
        public let shape: String
        public let pointDepth: Double
        public let cornerRadius: Double
        public let fillTop: String
        public let fillBottom: String
        public let border: String?
        public let highlight: String?
        public let barTop: String
        public let barBottom: String
    }

    public let name: String
    public let summary: String
    public let animated: Bool
    public let builtIn: Bool
    public let file: String?
    public let font: String
    public let fontSize: Double
    public let features: [String]
    public let tracking: Double
    public let height: Double
    public let artWidth: Double
    public let capInsets: InsetsReply
    public let titleInsets: InsetsReply
    public let alignment: String
    public let padding: Double
    public let minimumWidth: Double
    public let maximumWidth: Double
    public let overflow: String
    public let chevronWidth: Double
    public let colors: Colors
    public let art: Art
    public let sources: [String: String]
}

/// GetStatistics' reply.
public struct StatisticsReply: Decodable, Sendable, Hashable {
    public struct Connections: Decodable, Sendable, Hashable {
        public let open: Int
        public let accepted: Int
        public let refused: Int
    }

    public struct MethodCalls: Decodable, Sendable, Hashable {
        public let method: String
        public let calls: Int
        public let errors: Int
    }

    public struct Cache: Decodable, Sendable, Hashable {
        public let entries: Int
        public let bytes: Int
        public let byteBudget: Int
        public let entryLimit: Int
        public let hits: Int
        public let misses: Int
    }

    public let uptime: Double
    public let connections: Connections
    public let calls: [MethodCalls]
    public let answeredFromMemory: Int
    public let deferredToWorkers: Int
    public let cache: Cache
    public let generation: Int
    public let looks: Int
    public let openFaces: Int
}

/// Reload's reply.
public struct ReloadReply: Decodable, Sendable, Hashable {
    public struct Problem: Decodable, Sendable, Hashable {
        public let file: String
        public let field: String
        public let reason: String
    }

    public let generation: Int
    public let looks: [String]
    public let problems: [Problem]
}

/// io.chevron.Service.GetFingerprint's reply: a SHA-256 over everything that changes an answer.
public struct FingerprintReply: Codable, Sendable, Hashable {
    /// The SHA-256 of each part, in hex.
    public struct Parts: Codable, Sendable, Hashable {
        public let fonts: String
        public let fontconfig: String
        public let libraries: String
        public let looks: String
    }

    /// The SHA-256 over the parts, in hex.
    public let fingerprint: String
    public let parts: Parts
    /// Faces, distinct font files and fontconfig configuration files hashed.
    public let faces: Int
    public let fontFiles: Int
    public let configurationFiles: Int
    /// The library versions hashed, by name (fontconfig, freetype, harfbuzz, fribidi, cairo, chevron).
    public let libraries: [String: String]
    /// The looks hashed.
    public let looks: [String]
    /// The font generation it covers.
    public let generation: Int
    /// Seconds the computation took.
    public let seconds: Double
}

/// io.chevron.Service.GetLimits: the bounds a client keeps to.
public struct LimitsReply: Codable, Sendable, Hashable {
    /// The longest message the daemon reads, in bytes.
    public let messageBytes: Int
    /// The longest text or title, in UTF-8 bytes; longer ones get `io.chevron.Text.TextTooLong`.
    public let textBytes: Int
    /// The most requests in one SizeMany call.
    public let sizeManyRequests: Int

    /// Creates the reply (the defaults of a daemon that predates GetLimits).
    public init(messageBytes: Int, textBytes: Int, sizeManyRequests: Int) {
        self.messageBytes = messageBytes
        self.textBytes = textBytes
        self.sizeManyRequests = sizeManyRequests
    }
}
