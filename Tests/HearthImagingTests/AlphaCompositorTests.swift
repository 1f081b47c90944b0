import HearthImaging
import Testing

/// `AlphaCompositor.onWhite`: transparency blended onto white, as a browser shows it.
struct AlphaCompositorTests {
    @Test func alphaBlendsEachChannelOntoWhite() throws {
        let bitmap = try #require(
            ImageBitmap(
                width: 4, height: 1, layout: .rgba,
                pixels: [10, 20, 30, 255, 0, 0, 0, 0, 0, 0, 0, 128, 200, 100, 0, 64]))
        let flattened = AlphaCompositor.onWhite(bitmap)
        #expect(flattened.layout == .rgb)
        #expect(flattened.width == 4 && flattened.height == 1)
        // Opaque unchanged; transparent black is white; half black is mid grey; a quarter blends three quarters white.
        #expect(flattened.pixels == [10, 20, 30, 255, 255, 255, 127, 127, 127, 241, 216, 191])
    }

    @Test func rgbBitmapsAreReturnedUnchanged() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 7, height: 5))
        #expect(AlphaCompositor.onWhite(bitmap) == bitmap)
    }

    @Test func flattenedBitmapsEncodeAsJPEGWithoutBlackBackgrounds() throws {
        // A fully transparent picture: without compositing, JPEG would show its black colour values.
        let bitmap = try #require(ImageBitmap(width: 16, height: 16, layout: .rgba, pixels: [UInt8](repeating: 0, count: 1024)))
        let codec = LibJPEGCodec()
        let decoded = try codec.decode(try codec.encode(AlphaCompositor.onWhite(bitmap), quality: 0.9))
        #expect(decoded.pixels.allSatisfy { $0 > 250 })
    }
}
