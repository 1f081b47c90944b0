import CPNG
import Foundation
import HearthImaging
import Testing
import WishWithMeServer

/// `ProductPhoto`: whatever picture the shop served becomes a trimmed, white-backed JPEG of at
/// most 800 px a side and 200 KiB, as a data URL, or nothing.
@Suite struct ProductPhotoTests {
    let photo = ProductPhoto()
    let codec = LibJPEGCodec()

    @Test func borderedTransparentPNGBecomesATrimmedWhiteBackedJPEGDataURL() throws {
        // 1300 × 700: a 50 px transparent-black margin around a 1200 × 600 blue product with a
        // transparent hole in its middle. Trimmed, it scales to 800 × 400; untrimmed it would be 800 × 431.
        let blue: [UInt8] = [0, 0, 200, 255]
        let clear: [UInt8] = [0, 0, 0, 0]
        let png = try Self.png(width: 1300, height: 700) { x, y in
            guard (50..<1250).contains(x) && (50..<650).contains(y) else { return clear }
            return (550..<750).contains(x) && (300..<400).contains(y) ? clear : blue
        }
        let url = try #require(photo.dataURL(from: png))
        #expect(url.hasPrefix("data:image/jpeg;base64,"))
        let jpeg = try #require(Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count))))
        #expect(jpeg.count <= ProductPhoto.sizeCap)
        let decoded = try codec.decode(jpeg)
        #expect(decoded.width == 800 && decoded.height == 400)
        // The product reaches the edges; its hole is white, not the black its pixels carry.
        let corner = decoded.pixel(x: 2, y: 2)
        #expect(corner[corner.startIndex] < 40 && corner[corner.startIndex + 2] > 160)
        #expect(decoded.pixel(x: 400, y: 200).allSatisfy { $0 > 235 })
    }

    @Test func aWidePictureIsScaledToAnEightHundredPixelLongestSide() throws {
        let jpeg = try codec.encode(try #require(Self.gradient(width: 3000, height: 1000)), quality: 0.9)
        let decoded = try decodedPhoto(from: [UInt8](jpeg))
        #expect(decoded.width == 800 && decoded.height == 267)
    }

    @Test func aSmallPictureIsNeverUpscaled() throws {
        let jpeg = try codec.encode(try #require(Self.gradient(width: 300, height: 200)), quality: 0.9)
        let decoded = try decodedPhoto(from: [UInt8](jpeg))
        #expect(decoded.width == 300 && decoded.height == 200)
    }

    @Test(arguments: [
        (3000, 1000, 800, 267), (1000, 3000, 267, 800), (800, 10, 800, 10), (5000, 1, 800, 1), (801, 801, 800, 800),
    ])
    func scaledSizeKeepsTheAspectRatioWithinEightHundred(
        _ width: Int, _ height: Int, _ scaledWidth: Int, _ scaledHeight: Int
    ) {
        let size = ProductPhoto.scaledSize(width: width, height: height)
        #expect(size.width == scaledWidth && size.height == scaledHeight)
    }

    @Test(arguments: [
        [UInt8]("<html><body>Access denied</body></html>".utf8), [], [0xFF, 0xD8, 0xFF],
        [UInt8]("GIF89a".utf8) + [UInt8](repeating: 0, count: 40), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3],
    ])
    func unreadableBytesGiveNoPhoto(_ bytes: [UInt8]) {
        #expect(photo.dataURL(from: bytes) == nil)
    }

    @Test func aPictureThatCannotFitTheCapGivesNoPhoto() throws {
        let jpeg = try codec.encode(try #require(Self.gradient(width: 400, height: 300)), quality: 0.9)
        #expect(ProductPhoto().dataURL(from: [UInt8](jpeg)) != nil)
        #expect(ProductPhoto(maximumByteCount: 200).dataURL(from: [UInt8](jpeg)) == nil)
    }

    @Test func theQualityIsLoweredInStepsUntilTheJPEGFits() throws {
        let jpeg = [UInt8](try codec.encode(try #require(Self.gradient(width: 40, height: 30)), quality: 0.9))
        // Over the cap down to 0.55, under it from 0.45.
        let fitting = SizedCodec { $0 < 0.5 ? ProductPhoto.sizeCap : ProductPhoto.sizeCap + 1 }
        let url = try #require(ProductPhoto(codec: fitting).dataURL(from: jpeg))
        #expect(fitting.qualities == [0.75, 0.65, 0.55, 0.45])
        #expect(Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count)))?.count == ProductPhoto.sizeCap)

        let neverFitting = SizedCodec { _ in ProductPhoto.sizeCap + 1 }
        #expect(ProductPhoto(codec: neverFitting).dataURL(from: jpeg) == nil)
        #expect(neverFitting.qualities == [0.75, 0.65, 0.55, 0.45, 0.35, 0.25])
    }

    @Test func theFirstEncodingIsAtQualitySeventyFive() throws {
        let jpeg = [UInt8](try codec.encode(try #require(Self.gradient(width: 40, height: 30)), quality: 0.9))
        let small = SizedCodec { _ in 1000 }
        #expect(ProductPhoto(codec: small).dataURL(from: jpeg) != nil)
        #expect(small.qualities == [ProductPhoto.quality])
        #expect(ProductPhoto.quality == 0.75)
    }

    private func decodedPhoto(from bytes: [UInt8]) throws -> ImageBitmap {
        let url = try #require(photo.dataURL(from: bytes))
        let jpeg = try #require(Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count))))
        return try codec.decode(jpeg)
    }

    /// Encodes to `size(quality)` zero bytes, recording each quality asked for.
    final class SizedCodec: JPEGCodec, @unchecked Sendable {
        let size: @Sendable (Double) -> Int
        private let lock = NSLock()
        /// Guarded by `lock`.
        private var asked: [Double] = []

        init(size: @escaping @Sendable (Double) -> Int) { self.size = size }

        var qualities: [Double] { lock.withLock { asked } }

        func decode(_ data: Data) throws(JPEGCodecError) -> ImageBitmap {
            throw .undecodable(reason: "stub")
        }

        func encode(_ bitmap: ImageBitmap, quality: Double) throws(JPEGCodecError) -> Data {
            lock.withLock { asked.append(quality) }
            return Data(count: size(quality))
        }
    }

    static func gradient(width: Int, height: Int) -> ImageBitmap? {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let diagonal = (x + y) * 255 / (width + height - 2)
                pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8(diagonal)]
            }
        }
        return ImageBitmap(width: width, height: height, pixels: pixels)
    }

    struct PNGEncodingFailed: Error {}

    /// An RGBA PNG written with libpng's simplified API, independent of the decoder under test.
    static func png(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) throws -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { pixels += pixel(x, y) }
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR) | png_uint_32(PNG_FORMAT_FLAG_ALPHA)
        defer { png_image_free(&image) }
        // Uncompressed size plus room for headers and zlib's framing: always enough.
        var output = [UInt8](repeating: 0, count: pixels.count + height + 65_536)
        var written = png_alloc_size_t(output.count)
        let ok = output.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes {
                png_image_write_to_memory(&image, out.baseAddress, &written, 0, $0.baseAddress, 0, nil)
            }
        }
        guard ok != 0 else { throw PNGEncodingFailed() }
        return Array(output.prefix(Int(written)))
    }
}
