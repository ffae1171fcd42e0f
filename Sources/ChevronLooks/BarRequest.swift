import ChevronText

/// The navigation bar a back button sits in, as a request gives it: a named device or a width,
/// the screen's title (its text or its width) and the items at the trailing end. Every field may
/// be absent: no device and no width is the default device, no screen title the default room
/// (docs/looks.md, "The bar").
public struct BarRequest: Sendable, Hashable {
    /// A built-in device's name (`Device.builtIn`), or nil.
    public var device: String?
    /// The bar's width in points, or nil for the device's.
    public var width: Double?
    /// The title of the screen the button sits on, measured in the look's bar title style.
    public var screenTitle: String?
    /// The screen title's width in points, for a caller that measured it itself.
    public var screenTitleWidth: Double?
    /// The items at the bar's trailing end, outermost last.
    public var trailing: [BarItem]

    /// Creates a bar request.
    public init(
        device: String? = nil, width: Double? = nil, screenTitle: String? = nil, screenTitleWidth: Double? = nil,
        trailing: [BarItem] = []
    ) {
        self.device = device
        self.width = width
        self.screenTitle = screenTitle
        self.screenTitleWidth = screenTitleWidth
        self.trailing = trailing
    }

    /// Whether the request says nothing about its bar.
    public var isEmpty: Bool {
        device == nil && width == nil && screenTitle == nil && screenTitleWidth == nil && trailing.isEmpty
    }

    /// The widest bar a request may name, in points (wider than any screen of `Device.builtIn`).
    public static let largestWidth = 4096.0
    /// The most trailing items a bar may have.
    public static let mostTrailingItems = 8

    /// The bar's device (nil for a width alone) and width, checked.
    /// - Throws: `LookError` for an unknown device, a device and a width both given, or a width
    ///   outside 1…4096 points.
    public func resolved() throws -> (device: Device?, width: Double) {
        switch (device, width) {
        case (let name?, nil):
            guard let device = Device.named(name) else {
                throw LookError(
                    .unknownDevice, parameter: "device", "no device is called \(name.echoed)", value: name)
            }
            return (device, device.width)
        case (nil, let width?):
            guard width.isFinite, width >= 1, width <= Self.largestWidth else {
                throw LookError(
                    .outOfRange, parameter: "barWidth",
                    "bar width \(width) is not in 1…\(Int(Self.largestWidth)) points")
            }
            return (nil, width)
        case (nil, nil): return (Device.defaultDevice, Device.defaultDevice.width)
        case (_?, _?):
            throw LookError(.conflictingFields, parameter: "barWidth", "give a device or a barWidth, not both")
        }
    }

    /// Checks the screen title and the trailing items.
    /// - Throws: `LookError` naming the field (`trailing[1].width`).
    public func validateItems() throws {
        if screenTitle != nil, screenTitleWidth != nil {
            throw LookError(
                .conflictingFields, parameter: "screenTitleWidth", "give a screenTitle or a screenTitleWidth, not both")
        }
        if let width = screenTitleWidth {
            try Self.checkLength(width, parameter: "screenTitleWidth")
        }
        guard trailing.count <= Self.mostTrailingItems else {
            throw LookError(
                .outOfRange, parameter: "trailing",
                "\(trailing.count) trailing items; a bar holds at most \(Self.mostTrailingItems)")
        }
        for (index, item) in trailing.enumerated() {
            switch (item.title, item.width) {
            case (_?, nil): continue
            case (nil, let width?): try Self.checkLength(width, parameter: "trailing[\(index)].width")
            default:
                throw LookError(
                    .conflictingFields, parameter: "trailing[\(index)]", "give an item a title or a width, exactly one")
            }
        }
    }

    private static func checkLength(_ length: Double, parameter: String) throws {
        guard length.isFinite, length >= 0, length <= largestWidth else {
            throw LookError(.outOfRange, parameter: parameter, "\(length) is not in 0…\(Int(largestWidth)) points")
        }
    }
}

/// An item at a bar's trailing end (a bar button): a title, or a width in points.
public struct BarItem: Sendable, Hashable {
    /// The item's title, measured in the look's bar-button style.
    public var title: String?
    /// The item's width in points.
    public var width: Double?

    /// Creates an item: give a title or a width.
    public init(title: String? = nil, width: Double? = nil) {
        self.title = title
        self.width = width
    }
}

/// The bar a layout was made in, as the layout reports it: what the rule used.
public struct BarUsage: Sendable, Hashable {
    /// The device, when the bar was a named one (or the default).
    public var device: String?
    /// The bar's width in points.
    public var width: Double
    /// The screen title's width the rule used, nil without a screen title.
    public var screenTitleWidth: Double?
    /// The room the rule left the back button: its limit.
    public var room: Double

    /// Creates a usage.
    public init(device: String?, width: Double, screenTitleWidth: Double?, room: Double) {
        self.device = device
        self.width = width
        self.screenTitleWidth = screenTitleWidth
        self.room = room
    }
}
