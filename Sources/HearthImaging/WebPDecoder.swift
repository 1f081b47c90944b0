import CWebP
import Foundation

/// WebP (lossy, lossless, with or without alpha) to 8-bit RGBA through libwebp, which reports
/// every failure by return value. The pixels are decoded straight into Swift-owned memory
/// (`WebPDecodeRGBAInto`, the buffer-supplying form of `WebPDecodeRGBA`), so nothing is left
/// for libwebp to free. Animated WebP is not supported by this API and is reported undecodable.
struct WebPDecoder: Sendable {
    let budget: PixelBudget

    func decode(_ data: Data) throws(PictureDecodingError) -> ImageBitmap {
        let result = data.withUnsafeBytes { raw in decode(raw) }
        return try result.get()
    }

    private func decode(_ raw: UnsafeRawBufferPointer) -> Result<ImageBitmap, PictureDecodingError> {
        let bytes = raw.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return .failure(.undecodable(format: .webP, reason: "no data"))
        }
        var width: Int32 = 0
        var height: Int32 = 0
        // Reads the header only.
        guard WebPGetInfo(base, bytes.count, &width, &height) != 0 else {
            return .failure(.undecodable(format: .webP, reason: "not a WebP image or a corrupt header"))
        }
        let byteCount: Int
        do {
            byteCount = try budget.byteCount(width: Int(width), height: Int(height), layout: .rgba, format: .webP)
        } catch {
            return .failure(error)
        }
        // WebP sides are at most 16383 px, so the stride fits an Int32.
        guard let stride = Int32(exactly: Int(width) * ImageBitmap.Layout.rgba.bytesPerPixel) else {
            return .failure(.tooManyPixels(width: Int(width), height: Int(height)))
        }
        var pixels = [UInt8](repeating: 0, count: byteCount)
        let decoded = pixels.withUnsafeMutableBufferPointer { out in
            WebPDecodeRGBAInto(base, bytes.count, out.baseAddress, out.count, stride) != nil
        }
        guard decoded else { return .failure(.undecodable(format: .webP, reason: "corrupt, truncated or animated WebP")) }
        return .success(ImageBitmap(derivedWidth: Int(width), height: Int(height), layout: .rgba, pixels: pixels))
    }
}
