import ChevronText

/// One question: how big is the back button for this title (or stack), in this look?
public struct SizeRequest: Sendable, Hashable, CustomDebugStringConvertible {
    /// The look's name (`classic`, `instagram`, …).
    public var look: String {
        get { storage.fields.look }
        set { storage.edit { $0.look = newValue } }
    }
    /// An explicit title; or nil with a `stack`.
    public var title: String? {
        get { storage.fields.title }
        set { storage.edit { $0.title = newValue } }
    }
    /// A navigation stack, bottom first; the button belongs to the top item.
    public var stack: [NavigationItem]? {
        get { storage.fields.stack }
        set { storage.edit { $0.stack = newValue } }
    }
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int {
        get { storage.fields.scale }
        set { storage.edit { $0.scale = newValue } }
    }
    /// The widest the button may be; nil means the look's maximum.
    public var maximumWidth: Double? {
        get { storage.fields.maximumWidth }
        set { storage.edit { $0.maximumWidth = newValue } }
    }
    /// What happens when the title does not fit; nil means the look's default.
    public var overflow: OverflowPolicy? {
        get { storage.fields.overflow }
        set { storage.edit { $0.overflow = newValue } }
    }
    /// The generic title the fallback chain offers (default "Back").
    public var genericTitle: String {
        get { storage.fields.genericTitle }
        set { storage.edit { $0.genericTitle = newValue } }
    }
    /// Left-to-right, right-to-left, or nil to follow the displayed title.
    public var direction: TextDirection? {
        get { storage.fields.direction }
        set { storage.edit { $0.direction = newValue } }
    }
    /// A BCP 47 language for font fallback and shaping.
    public var language: String? {
        get { storage.fields.language }
        set { storage.edit { $0.language = newValue } }
    }
    /// A Dynamic Type multiplier on the look's font size (default 1).
    public var fontScale: Double {
        get { storage.fields.fontScale }
        set { storage.edit { $0.fontScale = newValue } }
    }

    /// The navigation bar the button sits in: a device or width, the screen's title, trailing
    /// items; nil for the default device with no screen title. Modern's limit is the room this
    /// bar leaves the button (`BarRule`).
    public var bar: BarRequest? {
        get { storage.fields.bar }
        set { storage.edit { $0.bar = newValue } }
    }

    /// The fields, behind one reference: a request is copied into layout cache keys and by
    /// callers that keep requests in arrays, and each copy of the fields themselves retained
    /// every string apart (and took an outlined copy of ten fields).
    private var storage: SharedFields<Fields>

    /// Creates a request for an explicit title.
    public init(
        look: String, title: String? = nil, stack: [NavigationItem]? = nil, scale: Int = 1,
        maximumWidth: Double? = nil, overflow: OverflowPolicy? = nil, genericTitle: String = "Back",
        direction: TextDirection? = nil, language: String? = nil, fontScale: Double = 1, bar: BarRequest? = nil
    ) {
        storage = SharedFields(
            Fields(
                look: look, title: title, stack: stack, scale: scale, maximumWidth: maximumWidth, overflow: overflow,
                genericTitle: genericTitle, direction: direction, language: language, fontScale: fontScale,
                bar: bar))
    }

    /// The fields, for logs and test failures (the storage alone would print as an opaque box).
    public var debugDescription: String { "SizeRequest(\(storage.fields))" }

    private struct Fields: Sendable, Hashable {
        var look: String
        var title: String?
        var stack: [NavigationItem]?
        var scale: Int
        var maximumWidth: Double?
        var overflow: OverflowPolicy?
        var genericTitle: String
        var direction: TextDirection?
        var language: String?
        var fontScale: Double
        var bar: BarRequest?
    }
}

/// One item of a navigation stack: its title and, optionally, the back title it gives the next.
public struct NavigationItem: Sendable, Hashable {
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
public enum TitleSource: String, Sendable, Hashable, CaseIterable {
    /// The request's title, or the previous item's title.
    case title
    /// The previous item's back title.
    case backTitle
    /// The generic title ("Back").
    case generic
    /// No title: the chevron alone.
    case none
}
