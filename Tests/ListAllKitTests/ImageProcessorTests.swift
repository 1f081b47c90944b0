import Foundation
import HearthImaging
import ListAllKit
import Testing

/// Storage rules for pictures (spec §1.3): the downscale limits, quality 0.8, and the 512 KiB
/// compression loop, with the codec injected.
struct ImageProcessorTests {
    @Test(arguments: [
        (4000, 3000, 1200, 900), (3000, 4000, 900, 1200), (1300, 1300, 1200, 1200), (1200, 1000, 1200, 1000),
        (640, 480, 640, 480), (1201, 1, 800, 1), (3000, 1000, 1200, 400), (4000, 1000, 800, 200),
        (1000, 4000, 200, 800), (3300, 1000, 800, 242), (1000, 3000, 400, 1200), (800, 1000, 800, 1000),
        (2000, 601, 800, 240), (329, 1000, 263, 800), (330, 1000, 330, 1000),
    ])
    func storageSizeKeepsAspectWithinLimits(_ width: Int, _ height: Int, _ expectedWidth: Int, _ expectedHeight: Int) {
        let size = ImageProcessor.storageSize(width: width, height: height)
        #expect(size.width == expectedWidth)
        #expect(size.height == expectedHeight)
    }

    @Test func downscaleUsesThe1200And800LimitsWithExactSizes() throws {
        let photo = try #require(TestBitmaps.gradient(width: 2400, height: 1800))
        let stub = RecordingCodecStub(bitmap: photo, sizeAt: { _ in 1000 })
        let processor = ImageProcessor(codec: stub)

        _ = try processor.storageData(for: photo)
        let panorama = try #require(TestBitmaps.gradient(width: 2400, height: 600))
        _ = try processor.storageData(for: panorama)
        let small = try #require(TestBitmaps.gradient(width: 300, height: 200))
        _ = try processor.storageData(for: small)

        #expect(stub.encodedSizes.value.map { [$0.width, $0.height] } == [[1200, 900], [800, 200], [300, 200]])
        #expect(stub.qualities.value == [0.8, 0.8, 0.8])
    }

    @Test func downscaledPicturesRoundTripThroughLibJPEG() throws {
        let processor = ImageProcessor()
        let panorama = try #require(TestBitmaps.gradient(width: 2400, height: 600))
        let stored = processor.storageData(for: try LibJPEGCodec().encode(panorama, quality: 0.9))
        let decoded = try LibJPEGCodec().decode(stored)
        #expect(decoded.width == 800)
        #expect(decoded.height == 200)
        let expected = try #require(TestBitmaps.gradient(width: 800, height: 200))
        #expect(TestBitmaps.meanDifference(expected, decoded) < 4)
    }

    @Test func compressionLoopLowersQualityByTenthsAndKeepsTheLast() throws {
        let bitmap = try #require(TestBitmaps.flat(width: 10, height: 10, value: 7))
        let stub = RecordingCodecStub(bitmap: bitmap, sizeAt: { _ in ImageProcessor.sizeCap + 1 })
        let result = ImageProcessor(codec: stub).compressed(Data([0xFF, 0xD8, 0xFF, 0xE0]))

        let tried = stub.qualities.value
        let expected = [0.75, 0.65, 0.55, 0.45, 0.35, 0.25, 0.15, 0.05]
        #expect(tried.count == expected.count)
        for (quality, wanted) in zip(tried, expected) {
            #expect(abs(quality - wanted) < 1e-9)
        }
        // Still over the cap: the last (≈0.05) result is kept anyway.
        #expect(result.count == ImageProcessor.sizeCap + 1)
        #expect(result.first == 5)
    }

    @Test func compressionLoopStopsOnceWithinTheCap() throws {
        let bitmap = try #require(TestBitmaps.flat(width: 10, height: 10, value: 7))
        let stub = RecordingCodecStub(bitmap: bitmap, sizeAt: { $0 > 0.5 ? 600_000 : ImageProcessor.sizeCap })
        let result = ImageProcessor(codec: stub).compressed(Data([0xFF, 0xD8, 0xFF, 0xE0]))
        #expect(stub.qualities.value.count == 4)
        #expect(result.count == 524_288)
        #expect(result.first == 45)
    }

    @Test func compressionLoopStartsAt075EvenWhenSmall() throws {
        let bitmap = try #require(TestBitmaps.flat(width: 10, height: 10, value: 7))
        let stub = RecordingCodecStub(bitmap: bitmap, sizeAt: { _ in 10 })
        let result = ImageProcessor(codec: stub).compressed(Data([0xFF, 0xD8, 0xFF, 0xE0]))
        #expect(stub.qualities.value == [0.75])
        #expect(result.first == 75)
    }

    @Test func storageRunsTheLoopOnlyWhenQuality08IsOverTheCap() throws {
        let bitmap = try #require(TestBitmaps.flat(width: 10, height: 10, value: 7))
        let stub = RecordingCodecStub(bitmap: bitmap, sizeAt: { $0 > 0.7 ? 700_000 : 100 })
        let stored = try ImageProcessor(codec: stub).storageData(for: bitmap)
        let tried = stub.qualities.value
        #expect(tried.count == 3)
        for (quality, wanted) in zip(tried, [0.8, 0.75, 0.65]) {
            #expect(abs(quality - wanted) < 1e-9)
        }
        #expect(stored.first == 65)
    }

    @Test(arguments: [
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), Data("GIF89a".utf8), Data([0x01]), Data(),
    ])
    func undecodableDataIsLeftUnchanged(_ data: Data) throws {
        let bitmap = try #require(TestBitmaps.flat(width: 2, height: 2, value: 0))
        let stub = RecordingCodecStub(bitmap: bitmap, sizeAt: { _ in 10 })
        let processor = ImageProcessor(codec: stub)
        #expect(processor.compressed(data) == data)
        #expect(processor.storageData(for: data) == data)
        #expect(stub.qualities.value.isEmpty)
    }

    @Test func corruptJPEGIsLeftUnchangedByTheRealCodec() throws {
        let processor = ImageProcessor()
        let fixtureBytes = Data([0xFF, 0xD8, 0xFF, 0xD9])
        #expect(processor.compressed(fixtureBytes) == fixtureBytes)
        let jpeg = try LibJPEGCodec().encode(try #require(TestBitmaps.gradient(width: 32, height: 32)), quality: 0.8)
        let truncated = jpeg.prefix(jpeg.count / 2)
        #expect(processor.compressed(truncated) == truncated)
    }

    @Test func realPhotoIsCompressedUnderTheCap() throws {
        let photo = try #require(TestBitmaps.gradient(width: 1000, height: 750))
        let original = try LibJPEGCodec().encode(photo, quality: 1.0)
        let compressed = ImageProcessor().compressed(original)
        #expect(compressed.count <= ImageProcessor.sizeCap)
        #expect(try LibJPEGCodec().decode(compressed).width == 1000)
    }
}

/// Area-average resampling (used for the downscale).
struct ImageResamplerTests {
    @Test func exactHalvingAveragesBlocks() throws {
        // 4×2 RGB: left block values 0/100, right block 200/255 per pixel.
        let pixels: [UInt8] = [
            0, 0, 0, 100, 100, 100, 200, 200, 200, 255, 255, 255,
            100, 100, 100, 0, 0, 0, 255, 255, 255, 200, 200, 200,
        ]
        let bitmap = try #require(ImageBitmap(width: 4, height: 2, pixels: pixels))
        let half = try #require(ImageResampler.resize(bitmap, width: 2, height: 1))
        #expect(half.pixels == [50, 50, 50, 228, 228, 228])
    }

    @Test func flatColourStaysFlatAtFractionalScales() throws {
        let bitmap = try #require(TestBitmaps.flat(width: 37, height: 23, value: 123))
        let resized = try #require(ImageResampler.resize(bitmap, width: 11, height: 7))
        #expect(resized.width == 11 && resized.height == 7)
        #expect(resized.pixels.allSatisfy { $0 == 123 })
    }

    @Test func gradientStaysCloseWhenDownscaled() throws {
        let big = try #require(TestBitmaps.gradient(width: 300, height: 200))
        let small = try #require(ImageResampler.resize(big, width: 120, height: 80))
        let expected = try #require(TestBitmaps.gradient(width: 120, height: 80))
        #expect(TestBitmaps.meanDifference(small, expected) < 2)
    }

    @Test func invalidTargetSizesGiveNil() throws {
        let bitmap = try #require(TestBitmaps.flat(width: 4, height: 4, value: 1))
        #expect(ImageResampler.resize(bitmap, width: 0, height: 4) == nil)
        #expect(ImageResampler.resize(bitmap, width: 4, height: -1) == nil)
        #expect(ImageResampler.resize(bitmap, width: 4, height: 4) == bitmap)
    }

    @Test func bitmapRejectsMismatchedPixelCounts() {
        #expect(ImageBitmap(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 11)) == nil)
        #expect(ImageBitmap(width: 0, height: 2, pixels: []) == nil)
        #expect(ImageBitmap(width: 2, height: 2, layout: .rgba, pixels: [UInt8](repeating: 0, count: 16)) != nil)
    }
}
