import CCairo
import Foundation

/// A PNG's pixels, decoded by cairo's own PNG reader (libpng), not by the code under test.
public struct Bitmap {
    public let width: Int
    public let height: Int
    /// Premultiplied ARGB, one UInt32 per pixel, rows top to bottom.
    public let pixels: [UInt32]

    public init(png: [UInt8]) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-\(UUID()).png").path
        try Data(png).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let surface = cairo_image_surface_create_from_png(path),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw BitmapError.unreadable }
        defer { cairo_surface_destroy(surface) }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width))
        }
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    public func alpha(x: Int, y: Int) -> Int { Int(self[x, y] >> 24) }

    /// The pixels where `self` and `other` differ by more than `tolerance` in some channel.
    public func differences(from other: Bitmap, tolerance: Int = 0) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width where Self.distance(self[x, y], other[x, y]) > tolerance {
                found.append((x, y))
            }
        }
        return found
    }

    public static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        [0, 8, 16, 24].map { abs(Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF)) }.max() ?? 0
    }

    public enum BitmapError: Error { case unreadable }
}

/// The width and height a PNG's IHDR chunk states (bytes 16–23, big-endian; PNG specification 11.2.2).
public func pngHeaderSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.count > 24, png[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        png[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func u32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (u32(16), u32(20))
}
