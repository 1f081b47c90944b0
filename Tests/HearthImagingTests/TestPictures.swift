import CPNG
import CWebP
import Foundation
import HearthImaging

/// PNG and WebP files made in code with libpng's and libwebp's encoders, independent of the
/// decoders under test.
enum TestPictures {
    struct EncodingFailed: Error {}

    /// An 8-bit PNG of `bitmap`: RGBA when it has alpha, RGB otherwise.
    static func png(_ bitmap: ImageBitmap) throws -> Data {
        var capacity = bitmap.pixels.count + bitmap.height + 4096
        for _ in 0..<2 {
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            image.width = png_uint_32(bitmap.width)
            image.height = png_uint_32(bitmap.height)
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR) | (bitmap.layout == .rgba ? png_uint_32(PNG_FORMAT_FLAG_ALPHA) : 0)
            defer { png_image_free(&image) }
            var output = [UInt8](repeating: 0, count: capacity)
            var written = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                bitmap.pixels.withUnsafeBytes {
                    png_image_write_to_memory(&image, out.baseAddress, &written, 0, $0.baseAddress, 0, nil)
                }
            }
            if ok != 0 { return Data(output.prefix(Int(written))) }
            guard Int(written) > capacity else { throw EncodingFailed() }
            capacity = Int(written)
        }
        throw EncodingFailed()
    }

    /// A WebP of an `.rgba` bitmap: lossless, or lossy at `quality` 0…100.
    static func webP(_ bitmap: ImageBitmap, lossyQuality quality: Float? = nil) throws -> Data {
        guard bitmap.layout == .rgba else { throw EncodingFailed() }
        var output: UnsafeMutablePointer<UInt8>?
        let stride = Int32(bitmap.width * 4)
        let count = bitmap.pixels.withUnsafeBufferPointer { pixels in
            if let quality {
                WebPEncodeRGBA(pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), stride, quality, &output)
            } else {
                WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), stride, &output)
            }
        }
        defer { WebPFree(output) }
        guard count > 0, let output else { throw EncodingFailed() }
        return Data(bytes: output, count: count)
    }

    /// `png` with its IHDR announcing `width` × `height`, the chunk's CRC fixed so only the size is wrong.
    static func png(_ png: Data, announcing width: UInt32, by height: UInt32) -> Data {
        var bytes = [UInt8](png)
        // Signature (8), IHDR length (4) and type (4), then width and height, big-endian.
        for (index, value) in [width, height].enumerated() {
            for byte in 0..<4 { bytes[16 + index * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
        }
        // The CRC covers the type and the 13 data bytes (12..<29) and follows them.
        let crc = crc32(bytes[12..<29])
        for byte in 0..<4 { bytes[29 + byte] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * byte)) }
        return Data(bytes)
    }

    /// `webP`, a simple lossless file, with its VP8L header announcing `width` × `height` (1…16384).
    static func webP(_ webP: Data, announcing width: Int, by height: Int) -> Data {
        var bytes = [UInt8](webP)
        // RIFF header (12), "VP8L" and chunk size (8), signature 0x2F, then 14 bits width − 1,
        // 14 bits height − 1, the alpha bit and 3 version bits, little-endian.
        let old = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[21 + $1]) << (8 * $1) }
        let new = old & 0xF000_0000 | UInt32(width - 1) | UInt32(height - 1) << 14
        for byte in 0..<4 { bytes[21 + byte] = UInt8(truncatingIfNeeded: new >> (8 * byte)) }
        return Data(bytes)
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
