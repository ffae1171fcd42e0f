import CPNG

/// Encodes cairo's pixels as PNG with libpng's simplified API, asking for speed over size
/// (`PNG_IMAGE_FLAG_FAST`): cairo's own writer uses libpng's default compression, which cost more
/// than drawing the button.
enum PNGEncoder {
    /// The PNG of a `width` × `height` image whose rows are `stride` bytes apart, each pixel
    /// cairo's premultiplied ARGB32 (in memory B, G, R, A on little-endian machines).
    static func encode(premultiplied pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int)
        throws(RenderError) -> [UInt8]
    {
        // PNG wants straight alpha: undo the premultiplication, rounding to nearest. Every byte is
        // written, so the buffer needs no zeroing first.
        let straight = [UInt8](unsafeUninitializedCapacity: width * height * 4) { target, count in
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width {
                    let source = row + x * 4
                    let at = (y * width + x) * 4
                    let alpha = Int(source[3])
                    for channel in 0..<3 {
                        target[at + channel] =
                            alpha == 0 ? 0 : UInt8(min(255, (Int(source[channel]) * 255 + alpha / 2) / alpha))
                    }
                    target[at + 3] = UInt8(alpha)
                }
            }
            count = width * height * 4
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = chevron_png_format_bgra()
        image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
        var size = chevron_png_size_max(&image)
        var written: Int32 = 0
        // libpng writes at most `size` bytes and reports how many: only those are kept.
        let output = [UInt8](unsafeUninitializedCapacity: Int(size)) { memory, count in
            written = straight.withUnsafeBytes { buffer in
                png_image_write_to_memory(
                    &image, memory.baseAddress, &size, 0, buffer.baseAddress, Int32(width * 4), nil)
            }
            count = written != 0 ? Int(size) : 0
        }
        guard written != 0 else {
            let reason = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw RenderError(.cairo, parameter: "image", "libpng failed encoding a PNG: \(reason)")
        }
        return output
    }
}
