/// A rectangle in points, origin at the top left.
public struct Rect: Sendable, Hashable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Distances from a rectangle's left and right edges, in points.
public struct HorizontalInsets: Sendable, Hashable {
    /// From the left edge.
    public var left: Double
    /// From the right edge.
    public var right: Double

    /// Creates insets.
    public init(left: Double, right: Double) {
        self.left = left
        self.right = right
    }

    /// The same insets with left and right exchanged, for right-to-left mirroring.
    public var mirrored: HorizontalInsets { HorizontalInsets(left: right, right: left) }
}

/// Rounding onto the pixel grid of a screen scale (1, 2 or 3 pixels per point).
public struct PixelGrid: Sendable, Hashable {
    /// Pixels per point.
    public let scale: Double

    /// Creates a grid for `scale` pixels per point.
    public init(scale: Int) {
        self.scale = Double(scale)
    }

    /// The smallest length on the grid that is at least `length` (sizes snap up).
    public func up(_ length: Double) -> Double {
        // A hair of tolerance, so 36.000000000001 does not become 36.5 at 2×.
        points((length * scale - 1e-9).rounded(.up))
    }

    /// The grid position nearest to `position` (positions round).
    public func nearest(_ position: Double) -> Double {
        points((position * scale).rounded(.toNearestOrAwayFromZero))
    }

    /// A whole number of pixels in points: the number itself at 1×, half of it at 2× (both
    /// exact), a division only at 3×. A layout snaps six lengths, and the divisions' latency
    /// showed in `perf annotate`.
    private func points(_ pixels: Double) -> Double {
        switch scale {
        case 1: pixels
        case 2: pixels * 0.5
        default: Self.divide(pixels, by: scale)
        }
    }

    /// Out of line, so that the compiler does not compute the division on every path and then
    /// pick (which it did with `scale == 1 ? pixels : pixels / scale`).
    @inline(never)
    private static func divide(_ pixels: Double, by scale: Double) -> Double {
        pixels / scale
    }
}
