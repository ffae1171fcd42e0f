import CCairo

/// A cairo ARGB image and its drawing context: what every picture is drawn on.
///
/// Lengths given to its methods are in points; the context is scaled by `scale` pixels per point.
/// One canvas belongs to one thread at a time (cairo contexts are not shared).
public final class Canvas {
    /// The largest side cairo's image surfaces allow, in pixels.
    public static let cairoSideLimit = 32_767

    /// cairo's version at run time (`cairo_version_string`): pictures may differ between versions.
    public static var cairoVersion: String { String(cString: cairo_version_string()) }

    /// The image's width in pixels.
    public let pixelWidth: Int
    /// The image's height in pixels.
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double
    let surface: OpaquePointer
    let context: OpaquePointer

    /// A transparent canvas of `pixelWidth` × `pixelHeight` pixels, drawn on in points.
    /// - Throws: `RenderError.cairo` when cairo cannot make the surface (no memory, too big).
    public convenience init(pixelWidth: Int, pixelHeight: Int, scale: Double) throws(RenderError) {
        guard (1...Self.cairoSideLimit).contains(pixelWidth), (1...Self.cairoSideLimit).contains(pixelHeight) else {
            throw RenderError(
                .imageTooLarge, parameter: "size",
                "a \(pixelWidth)×\(pixelHeight) pixel image is outside cairo's 1…\(Self.cairoSideLimit) per side",
                limit: Self.cairoSideLimit, pixels: max(pixelWidth, pixelHeight))
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        try Self.check(cairo_surface_status(surface), "creating a \(pixelWidth)×\(pixelHeight) image")
        guard let surface else { throw Self.noSurface("creating a \(pixelWidth)×\(pixelHeight) image") }
        self.init(surface: surface, scale: scale)
    }

    /// A canvas holding the PNG `bytes`, at `scale` pixels per point.
    /// - Throws: `RenderError.cairo` when the bytes are not a PNG cairo can read.
    public convenience init(png bytes: [UInt8], scale: Double) throws(RenderError) {
        let reader = PNGReader(bytes)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
                return reader.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(reader).toOpaque())
        try withExtendedLifetime(reader) { () throws(RenderError) in
            try Self.check(cairo_surface_status(surface), "reading a PNG of \(bytes.count) bytes")
        }
        guard let surface else { throw Self.noSurface("reading a PNG of \(bytes.count) bytes") }
        self.init(surface: surface, scale: scale)
    }

    private init(surface: OpaquePointer, scale: Double) {
        self.surface = surface
        self.context = cairo_create(surface)
        self.scale = scale
        self.pixelWidth = Int(cairo_image_surface_get_width(surface))
        self.pixelHeight = Int(cairo_image_surface_get_height(surface))
        cairo_scale(context, scale, scale)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The image as PNG bytes.
    /// - Throws: `RenderError` when libpng cannot encode it.
    public func png() throws(RenderError) -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RenderError(
                .cairo, parameter: "image", "cairo has no pixels for a \(pixelWidth)×\(pixelHeight) image")
        }
        return try PNGEncoder.encode(
            premultiplied: data, width: pixelWidth, height: pixelHeight,
            stride: Int(cairo_image_surface_get_stride(surface)))
    }

    /// Paints `other` with its top left at (`x`, `y`) points; both canvases should share a scale.
    public func paint(_ other: Canvas, x: Double, y: Double) {
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, 1 / other.scale, 1 / other.scale)
        cairo_set_source_surface(context, other.surface, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Fills a rectangle with a vertical gradient, or one colour when both ends agree.
    func fillRectangle(x: Double, y: Double, width: Double, height: Double, top: Color, bottom: Color) {
        cairo_rectangle(context, x, y, width, height)
        fillCurrentPath(top: top, bottom: bottom, from: y, to: y + height)
    }

    /// Fills the current path with a vertical gradient from `from` to `to` (points), clearing the path.
    func fillCurrentPath(top: Color, bottom: Color, from: Double, to: Double) {
        let gradient = cairo_pattern_create_linear(0, from, 0, to)
        cairo_pattern_add_color_stop_rgba(gradient, 0, top.red, top.green, top.blue, top.alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, bottom.red, bottom.green, bottom.blue, bottom.alpha)
        cairo_set_source(context, gradient)
        cairo_fill(context)
        cairo_pattern_destroy(gradient)
    }

    func setColor(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// cairo answers failures with an error surface, never NULL; this covers the impossible case.
    private static func noSurface(_ doing: String) -> RenderError {
        RenderError(.cairo, parameter: "image", "cairo returned no surface \(doing)")
    }

    static func check(_ status: cairo_status_t, _ doing: String) throws(RenderError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        throw RenderError(.cairo, parameter: "image", "cairo failed \(doing): \(reason)")
    }
}

/// Hands PNG bytes to cairo's reader, in the pieces it asks for.
private final class PNGReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        guard count > 0 else { return true }
        return bytes.withUnsafeBufferPointer { source in
            guard let start = source.baseAddress else { return false }
            destination.update(from: start + offset, count: count)
            offset += count
            return true
        }
    }
}

extension Canvas {
    /// The PNG `bytes` painted over a backdrop that fills the whole picture: a vertical gradient
    /// from `top` to `bottom` (`#RRGGBB` or `#RRGGBBAA`; the same colour twice for a plain one).
    /// What `chevron render --background` writes, so that a translucent look can be seen alone.
    /// - Throws: `RenderError.invalidColor` naming `parameter`, or `.cairo` for unreadable bytes.
    public static func png(
        _ bytes: [UInt8], over top: String, _ bottom: String, parameter: String
    ) throws(RenderError) -> [UInt8] {
        let picture = try Canvas(png: bytes, scale: 1)
        let canvas = try Canvas(pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight, scale: 1)
        canvas.fillRectangle(
            x: 0, y: 0, width: Double(picture.pixelWidth), height: Double(picture.pixelHeight),
            top: try Color(hex: top, parameter: parameter), bottom: try Color(hex: bottom, parameter: parameter))
        canvas.paint(picture, x: 0, y: 0)
        return try canvas.png()
    }
}
