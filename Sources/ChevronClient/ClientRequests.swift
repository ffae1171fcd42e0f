import ChevronVarlink

/// A font as io.chevron.Text's `FontRequest`: a fontconfig pattern, or a family with weight and
/// slant; nil fields are left out (the daemon's defaults apply).
public struct FontParameters: Sendable, Hashable {
    /// A fontconfig pattern (`Helvetica:bold`).
    public var pattern: String?
    /// A family name (instead of a pattern).
    public var family: String?
    /// An OpenType weight, 1–1000 (with `family`).
    public var weight: Int?
    /// `roman`, `italic` or `oblique` (with `family`).
    public var slant: String?
    /// The size in points.
    public var size: Double?
    /// A BCP 47 language tag.
    public var language: String?
    /// OpenType features in HarfBuzz syntax (`-kern`).
    public var features: [String]?

    /// Creates a font request.
    public init(
        pattern: String? = nil, family: String? = nil, weight: Int? = nil, slant: String? = nil, size: Double? = nil,
        language: String? = nil, features: [String]? = nil
    ) {
        self.pattern = pattern
        self.family = family
        self.weight = weight
        self.slant = slant
        self.size = size
        self.language = language
        self.features = features
    }

    /// The request as the wire shapes it.
    public var json: JSONValue {
        .members([
            "pattern": pattern.map(JSONValue.string), "family": family.map(JSONValue.string),
            "weight": weight.map(JSONValue.int), "slant": slant.map(JSONValue.string),
            "size": size.map(JSONValue.number), "language": language.map(JSONValue.string),
            "features": features.map { .array($0.map(JSONValue.string)) },
        ])
    }
}

/// One size question, as io.chevron.BackButton's `SizeRequest`.
public struct SizeParameters: Sendable, Hashable {
    /// An item of a navigation stack.
    public struct Item: Sendable, Hashable {
        /// The item's title.
        public var title: String?
        /// The back title it gives the item above it.
        public var backTitle: String?

        /// Creates an item.
        public init(title: String?, backTitle: String? = nil) {
            self.title = title
            self.backTitle = backTitle
        }
    }

    /// The title (or nil with a stack).
    public var title: String?
    /// The look (default `classic`).
    public var look: String?
    /// A navigation stack, bottom first.
    public var stack: [Item]?
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int?
    /// The widest the button may be.
    public var maxWidth: Double?
    /// `truncate`, `fallback`, `generic` or `minimal`.
    public var overflow: String?
    /// The generic title of the fallback chain.
    public var genericTitle: String?
    /// `ltr` or `rtl`.
    public var direction: String?
    /// A BCP 47 language.
    public var language: String?
    /// A Dynamic Type multiplier.
    public var fontScale: Double?

    /// Creates a request; nil fields take the look's defaults.
    public init(
        title: String? = nil, look: String? = nil, stack: [Item]? = nil, scale: Int? = nil, maxWidth: Double? = nil,
        overflow: String? = nil, genericTitle: String? = nil, direction: String? = nil, language: String? = nil,
        fontScale: Double? = nil
    ) {
        self.title = title
        self.look = look
        self.stack = stack
        self.scale = scale
        self.maxWidth = maxWidth
        self.overflow = overflow
        self.genericTitle = genericTitle
        self.direction = direction
        self.language = language
        self.fontScale = fontScale
    }

    /// The request as the wire shapes it.
    public var json: JSONValue {
        .members([
            "look": look.map(JSONValue.string), "title": title.map(JSONValue.string),
            "stack": stack.map { items in
                .array(
                    items.map {
                        .members([
                            "title": $0.title.map(JSONValue.string), "backTitle": $0.backTitle.map(JSONValue.string),
                        ])
                    })
            },
            "scale": scale.map(JSONValue.int), "maxWidth": maxWidth.map(JSONValue.number),
            "overflow": overflow.map(JSONValue.string), "genericTitle": genericTitle.map(JSONValue.string),
            "direction": direction.map(JSONValue.string), "language": language.map(JSONValue.string),
            "fontScale": fontScale.map(JSONValue.number),
        ])
    }
}
