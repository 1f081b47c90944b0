import CJPEGSupport
import Foundation

/// The JPEG codec on libjpeg-turbo, through `CJPEGSupport`, whose C functions recover from
/// libjpeg errors (which would otherwise exit the process) without unwinding Swift frames.
/// Stateless, so one value may be used from any number of tasks at once.
public struct LibJPEGCodec: JPEGCodec {
    /// 64 megapixels: larger than any phone camera, small enough to refuse decompression bombs.
    public static let defaultMaximumPixelCount = 67_108_864

    public let maximumPixelCount: Int

    public init(maximumPixelCount: Int = LibJPEGCodec.defaultMaximumPixelCount) {
        self.maximumPixelCount = maximumPixelCount
    }

    /// Decodes to RGB; grayscale JPEGs are expanded to RGB. Corrupt or truncated data
    /// (libjpeg warnings included) is an error.
    public func decode(_ data: Data) throws(JPEGCodecError) -> ImageBitmap {
        var result = hearth_jpeg_result()
        let status = data.withUnsafeBytes { raw in
            hearth_jpeg_decode_rgb(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, max(0, maximumPixelCount), &result)
        }
        defer { hearth_jpeg_free(result.bytes) }
        if status == 2 {
            throw .tooManyPixels(width: Int(result.width), height: Int(result.height))
        }
        guard status == 0, let bytes = result.bytes else { throw .undecodable(reason: Self.message(of: &result)) }
        let pixels = [UInt8](UnsafeBufferPointer(start: bytes, count: result.count))
        guard let bitmap = ImageBitmap(width: Int(result.width), height: Int(result.height), layout: .rgb, pixels: pixels)
        else { throw .undecodable(reason: "decoded pixel count does not match the image size") }
        return bitmap
    }

    /// Encodes at libjpeg quality `round(quality × 100)`, clamped to 1…100.
    public func encode(_ bitmap: ImageBitmap, quality: Double) throws(JPEGCodecError) -> Data {
        guard let width = UInt32(exactly: bitmap.width), let height = UInt32(exactly: bitmap.height) else {
            throw .unencodable(reason: "bitmap dimensions out of range")
        }
        var result = hearth_jpeg_result()
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            hearth_jpeg_encode(
                pixels.baseAddress, width, height, Int32(bitmap.layout.bytesPerPixel), Self.libjpegQuality(quality), &result)
        }
        defer { hearth_jpeg_free(result.bytes) }
        guard status == 0, let bytes = result.bytes else { throw .unencodable(reason: Self.message(of: &result)) }
        return Data(bytes: bytes, count: result.count)
    }

    /// 0…1 → 1…100; NaN counts as the lowest quality.
    static func libjpegQuality(_ quality: Double) -> Int32 {
        guard quality.isFinite else { return 1 }
        return Int32(min(100, max(1, (quality * 100).rounded())))
    }

    private static func message(of result: inout hearth_jpeg_result) -> String {
        let text = withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libjpeg error" : text
    }
}
