/// A device a navigation bar is laid out for: a name and the bar's width in points.
///
/// A bar is as wide as the screen in portrait; the widths are Apple's (the Human Interface
/// Guidelines' table of device screen sizes), each entry naming it (docs/looks.md, "The bar").
public struct Device: Sendable, Hashable {
    /// The name requests use (`iphone-se`).
    public let name: String
    /// The screen's width in portrait, in points: the bar's width.
    public let width: Double
    /// Where the width comes from.
    public let source: String

    /// Creates a device.
    public init(name: String, width: Double, source: String) {
        self.name = name
        self.width = width
        self.source = source
    }

    /// The built-in devices, narrowest first. The narrowest iPhone is the default: a title that
    /// fits there fits on every listed phone.
    public static let builtIn: [Device] = [
        Device(name: "iphone-se", width: 375, source: hig("iPhone SE 4.7-inch, 375 × 667")),
        Device(name: "iphone-16", width: 393, source: hig("iPhone 16, 393 × 852")),
        Device(name: "iphone-16-pro", width: 402, source: hig("iPhone 16 Pro, 402 × 874")),
        Device(name: "iphone-16-plus", width: 430, source: hig("iPhone 16 Plus, 430 × 932")),
        Device(name: "iphone-16-pro-max", width: 440, source: hig("iPhone 16 Pro Max, 440 × 956")),
        Device(name: "ipad-mini", width: 744, source: hig("iPad mini 8.3-inch, 744 × 1133")),
        Device(name: "ipad-11", width: 820, source: hig("iPad 11-inch and iPad Air 11-inch, 820 × 1180")),
        Device(name: "ipad-pro-13", width: 1032, source: hig("iPad Pro 13-inch, 1032 × 1376")),
    ]

    /// The device a request without a bar is laid out for: the narrowest listed iPhone.
    public static let defaultDevice = builtIn[0]

    /// The built-in device called `name`, if any.
    public static func named(_ name: String) -> Device? {
        builtIn.first { $0.name == name }
    }

    private static func hig(_ entry: String) -> String {
        "Apple Human Interface Guidelines, Layout: \(entry) pt"
    }
}
