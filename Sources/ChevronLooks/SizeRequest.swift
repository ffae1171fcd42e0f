import ChevronText

/// One question: how big is the back button for this title (or stack), in this look?
public struct SizeRequest: Sendable, Hashable {
    /// The look's name (`classic`, `instagram`, …).
    public var look: String
    /// An explicit title; or nil with a `stack`.
    public var title: String?
    /// A navigation stack, bottom first; the button belongs to the top item.
    public var stack: [NavigationItem]?
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    /// The widest the button may be; nil means the look's maximum.
    public var maximumWidth: Double?
    /// What happens when the title does not fit; nil means the look's default.
    public var overflow: OverflowPolicy?
    /// The generic title the fallback chain offers (default "Back").
    public var genericTitle: String
    /// Left-to-right, right-to-left, or nil to follow the displayed title.
    public var direction: TextDirection?
    /// A BCP 47 language for font fallback and shaping.
    public var language: String?
    /// A Dynamic Type multiplier on the look's font size (default 1).
    public var fontScale: Double

    /// Creates a request for an explicit title.
    public init(
        look: String, title: String? = nil, stack: [NavigationItem]? = nil, scale: Int = 1,
        maximumWidth: Double? = nil, overflow: OverflowPolicy? = nil, genericTitle: String = "Back",
        direction: TextDirection? = nil, language: String? = nil, fontScale: Double = 1
    ) {
        self.look = look
        self.title = title
        self.stack = stack
        self.scale = scale
        self.maximumWidth = maximumWidth
        self.overflow = overflow
        self.genericTitle = genericTitle
        self.direction = direction
        self.language = language
        self.fontScale = fontScale
    }
}

/// One item of a navigation stack: its title and, optionally, the back title it gives the next.
public struct NavigationItem: Sendable, Hashable, Codable {
    /// The item's title.
    public var title: String?
    /// The title the back button shows when this item is the previous one (`backBarButtonItem`).
    public var backTitle: String?

    /// Creates an item.
    public init(title: String?, backTitle: String? = nil) {
        self.title = title
        self.backTitle = backTitle
    }
}

/// Where the displayed title came from.
public enum TitleSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The request's title, or the previous item's title.
    case title
    /// The previous item's back title.
    case backTitle
    /// The generic title ("Back").
    case generic
    /// No title: the chevron alone.
    case none
}
