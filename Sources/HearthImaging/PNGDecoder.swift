import CPNG
import Foundation

/// PNG to 8-bit RGBA through libpng's "simplified" API, which catches libpng's internal
/// `longjmp` itself and reports failure by return value; the classic API would jump across
/// Swift frames. Each call owns its own `png_image`, so concurrent calls are safe.
struct PNGDecoder: Sendable {
    let budget: PixelBudget

    /// Palette, gray and 16-bit images are converted; alpha is straight (not premultiplied),
    /// and opaque images get alpha 255.
    func decode(_ data: Data) throws(PictureDecodingError) -> ImageBitmap {
        // libpng keeps reading from the memory given to `begin_read` until `finish_read`, so
        // both calls happen while the bytes are pinned.
        let result = data.withUnsafeBytes { raw in decode(raw) }
        return try result.get()
    }

    private func decode(_ raw: UnsafeRawBufferPointer) -> Result<ImageBitmap, PictureDecodingError> {
        guard let base = raw.baseAddress, !raw.isEmpty else { return .failure(.undecodable(format: .png, reason: "no data")) }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // Safe after a failed call too: libpng has then already released its state.
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, base, raw.count) != 0 else {
            return .failure(.undecodable(format: .png, reason: Self.message(of: image)))
        }
        let width = Int(image.width)
        let height = Int(image.height)
        let byteCount: Int
        do {
            byteCount = try budget.byteCount(width: width, height: height, layout: .rgba, format: .png)
        } catch {
            return .failure(error)
        }
        // PNG_FORMAT_RGBA, a macro expression Swift does not import.
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR) | png_uint_32(PNG_FORMAT_FLAG_ALPHA)
        var pixels = [UInt8](repeating: 0, count: byteCount)
        let finished = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, 0, nil)
        }
        guard finished != 0 else { return .failure(.undecodable(format: .png, reason: Self.message(of: image))) }
        return .success(ImageBitmap(derivedWidth: width, height: height, layout: .rgba, pixels: pixels))
    }

    private static func message(of image: png_image) -> String {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}
