import Foundation
import HearthImaging
import Testing

/// The libjpeg-turbo codec behind `JPEGCodec` (spec §1.3): real round trips, and errors (never
/// a crash or an `exit`) for data libjpeg cannot read.
struct ImageCodecTests {
    let codec = LibJPEGCodec()

    @Test func gradientRoundTripsThroughLibJPEG() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 64, height: 48))
        let jpeg = try codec.encode(bitmap, quality: 0.9)
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])

        let decoded = try codec.decode(jpeg)
        #expect(decoded.width == 64)
        #expect(decoded.height == 48)
        #expect(decoded.layout == .rgb)
        #expect(TestBitmaps.meanDifference(bitmap, decoded) < 3)
        // Corners keep their colour within JPEG's tolerance.
        #expect(decoded.pixel(x: 0, y: 0).allSatisfy { $0 < 12 })
        #expect(decoded.pixel(x: 63, y: 47).allSatisfy { $0 > 243 })
    }

    @Test func lowerQualityGivesFewerBytes() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 256, height: 256))
        let high = try codec.encode(bitmap, quality: 0.95)
        let low = try codec.encode(bitmap, quality: 0.05)
        #expect(low.count < high.count)
        #expect(try codec.decode(low).width == 256)
    }

    @Test func rgbaIsEncodedWithoutItsAlpha() throws {
        let rgba = try #require(TestBitmaps.gradient(width: 40, height: 30, layout: .rgba))
        let rgb = try #require(TestBitmaps.gradient(width: 40, height: 30))
        let decoded = try codec.decode(try codec.encode(rgba, quality: 0.9))
        #expect(decoded.layout == .rgb)
        #expect(TestBitmaps.meanDifference(rgb, decoded) < 3)
    }

    @Test func largeOutputGrowsTheBuffer() throws {
        // Noise at top quality compresses badly: far more than the 64 KiB first buffer.
        var state: UInt32 = 12345
        let pixels = (0..<(400 * 300 * 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let bitmap = try #require(ImageBitmap(width: 400, height: 300, pixels: pixels))
        let jpeg = try codec.encode(bitmap, quality: 1.0)
        #expect(jpeg.count > 65_536)
        #expect(try codec.decode(jpeg).height == 300)
    }

    @Test(arguments: [
        Data(), Data([0xFF, 0xD8, 0xFF, 0xD9]), Data("not a picture at all".utf8),
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), Data([0xFF, 0xD8]) + Data(repeating: 0x42, count: 200),
    ])
    func corruptDataIsAnErrorNotACrash(_ data: Data) {
        let error = #expect(throws: JPEGCodecError.self) { try codec.decode(data) }
        guard case .undecodable(let reason) = error else {
            Issue.record("expected undecodable, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func truncatedJPEGIsAnError() throws {
        let jpeg = try codec.encode(try #require(TestBitmaps.gradient(width: 64, height: 64)), quality: 0.8)
        for length in [2, 20, jpeg.count / 2, jpeg.count - 2] {
            #expect(throws: JPEGCodecError.self) { try codec.decode(jpeg.prefix(length)) }
        }
    }

    @Test func mutatedJPEGsDecodeOrThrowButNeverCrash() throws {
        let jpeg = try codec.encode(try #require(TestBitmaps.gradient(width: 48, height: 32)), quality: 0.9)
        var state: UInt32 = 2025
        func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8)
        }
        var outcomes = (decoded: 0, failed: 0)
        for round in 0..<300 {
            var bytes = [UInt8](jpeg)
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(next() % bytes.count + 1))
            } else {
                for _ in 0..<(1 + next() % 8) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            }
            if let bitmap = try? codec.decode(Data(bytes)) {
                outcomes.decoded += 1
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 3)
            } else {
                outcomes.failed += 1
            }
        }
        #expect(outcomes.decoded + outcomes.failed == 300)
        #expect(outcomes.failed > 0)
    }

    @Test func oversizedImagesAreRefusedBeforeDecoding() throws {
        let jpeg = try codec.encode(try #require(TestBitmaps.gradient(width: 64, height: 48)), quality: 0.8)
        #expect(throws: JPEGCodecError.tooManyPixels(width: 64, height: 48)) {
            try LibJPEGCodec(maximumPixelCount: 3071).decode(jpeg)
        }
        #expect(try LibJPEGCodec(maximumPixelCount: 3072).decode(jpeg).width == 64)
    }

    @Test func concurrentCodingIsIndependent() async throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 96, height: 64))
        let codec = codec
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try codec.decode(try codec.encode(bitmap, quality: 0.7)).width }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sizes == Array(repeating: 96, count: 8))
    }
}
