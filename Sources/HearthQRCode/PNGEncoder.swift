import CPNG

/// Writes a black-and-white image as a 1-bit, two-entry palette PNG entirely in memory.
///
/// Uses libpng's "simplified" API, which catches libpng's internal `longjmp` itself and
/// reports failure by return value; the classic API would `longjmp` across Swift frames.
/// Each call owns its own `png_image`, so concurrent calls are safe.
enum PNGEncoder {
    /// Palette index of a dark pixel.
    static let dark: UInt8 = 0
    /// Palette index of a light pixel.
    static let light: UInt8 = 1
    /// Gray levels for `dark` and `light`.
    private static let palette: [UInt8] = [0x00, 0xFF]

    /// - Parameter pixels: row-major, `width * height` bytes, each `dark` or `light`.
    static func encode(pixels: [UInt8], width: Int, height: Int) throws(QRCodeError) -> [UInt8] {
        precondition(pixels.count == width * height, "pixel buffer does not match dimensions")
        guard let pngWidth = UInt32(exactly: width), let pngHeight = UInt32(exactly: height) else {
            throw .pngFailed(message: "image dimensions \(width)x\(height) out of range")
        }

        // Raw 1-bit rows plus generous room for headers; compression almost always makes it smaller.
        var capacity = (width + 7) / 8 * height + height + 1024
        for _ in 0..<2 {
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            image.width = pngWidth
            image.height = pngHeight
            // A gray colour map of 2 entries makes libpng choose a 1-bit palette PNG.
            image.format = png_uint_32(PNG_FORMAT_GRAY) | png_uint_32(PNG_FORMAT_FLAG_COLORMAP)
            image.colormap_entries = png_uint_32(palette.count)
            defer { png_image_free(&image) }

            var output = [UInt8](repeating: 0, count: capacity)
            var written = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                pixels.withUnsafeBytes { pix in
                    palette.withUnsafeBytes { map in
                        png_image_write_to_memory(&image, out.baseAddress, &written, 0, pix.baseAddress, 0, map.baseAddress)
                    }
                }
            }
            if ok != 0 {
                output.removeSubrange(Int(written)...)
                return output
            }
            // On failure a grown `written` means only the buffer was too small.
            guard Int(written) > capacity else { throw .pngFailed(message: message(of: image)) }
            capacity = Int(written)
        }
        throw .pngFailed(message: "output buffer still too small after resizing")
    }

    private static func message(of image: png_image) -> String {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}
