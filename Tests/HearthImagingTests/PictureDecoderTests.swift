import Foundation
import HearthImaging
import Testing

/// `PictureDecoder`: JPEG, PNG and WebP sniffed and decoded; everything else, corrupt data and
/// oversized headers refused with a typed error, never a crash.
struct PictureDecoderTests {
    let decoder = PictureDecoder()

    /// Transparent, half-transparent and opaque pixels of different colours.
    static let translucent = ImageBitmap(
        width: 3, height: 2, layout: .rgba,
        pixels: [
            255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
            10, 20, 30, 255, 200, 100, 50, 1, 255, 255, 255, 254,
        ])

    @Test func pngWithAlphaDecodesToItsExactRGBAPixels() throws {
        let bitmap = try #require(Self.translucent)
        let decoded = try decoder.decode(try TestPictures.png(bitmap))
        #expect(decoded == bitmap)
    }

    @Test func opaquePNGDecodesToRGBAWithFullAlpha() throws {
        let rgb = try #require(TestBitmaps.gradient(width: 20, height: 10))
        let decoded = try decoder.decode(try TestPictures.png(rgb))
        #expect(decoded.layout == .rgba)
        #expect(decoded.width == 20 && decoded.height == 10)
        #expect(decoded.pixel(x: 19, y: 9).elementsEqual(rgb.pixel(x: 19, y: 9) + [255]))
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == 255 })
    }

    @Test func losslessWebPDecodesToItsRGBAPixels() throws {
        let bitmap = try #require(TestBitmaps.canvas(width: 17, height: 9, background: [0, 0, 0, 0]) { x, y in
            x > 3 && y > 2 ? [UInt8(x * 15), UInt8(y * 28), 99, 255] : nil
        })
        let webP = try TestPictures.webP(bitmap)
        #expect(ImageFormat.sniff(webP) == .webP)
        let decoded = try decoder.decode(webP)
        #expect(decoded.layout == .rgba)
        #expect(decoded.width == 17 && decoded.height == 9)
        // The encoder may change the colour of fully transparent pixels, never their alpha.
        for y in 0..<9 {
            for x in 0..<17 {
                let expected = bitmap.pixel(x: x, y: y)
                let actual = decoded.pixel(x: x, y: y)
                #expect(actual.last == expected.last)
                if expected.last == 255 { #expect(actual.elementsEqual(expected)) }
            }
        }
    }

    @Test func lossyWebPDecodesCloseToTheOriginal() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 64, height: 48, layout: .rgba))
        let decoded = try decoder.decode(try TestPictures.webP(bitmap, lossyQuality: 90))
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(TestBitmaps.meanDifference(bitmap, decoded) < 4)
    }

    @Test func jpegDecodesToRGB() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 32, height: 24))
        let decoded = try decoder.decode(try LibJPEGCodec().encode(bitmap, quality: 0.9))
        #expect(decoded.layout == .rgb)
        #expect(TestBitmaps.meanDifference(bitmap, decoded) < 3)
    }

    @Test(arguments: [
        (Data("GIF89a".utf8) + Data(repeating: 0, count: 20), ImageFormat.gif),
        (Data("<html>not a picture</html>".utf8), .unknown), (Data([0xFF, 0xD8]), .unknown), (Data(), .unknown),
    ])
    func gifAndUnknownDataAreUnsupported(_ data: Data, _ format: ImageFormat) {
        #expect(throws: PictureDecodingError.unsupportedFormat(format)) { try decoder.decode(data) }
    }

    @Test func corruptAndTruncatedPNGsAreUndecodable() throws {
        let png = try TestPictures.png(try #require(TestBitmaps.gradient(width: 40, height: 30, layout: .rgba)))
        var flipped = [UInt8](png)
        flipped[png.count / 2] ^= 0xFF
        let samples = [
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 0x42, count: 100),
            png.prefix(png.count / 2), png.prefix(30), Data(flipped),
        ]
        for data in samples {
            expectUndecodable(data, as: .png)
        }
    }

    @Test func corruptAndTruncatedWebPsAreUndecodable() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 40, height: 30, layout: .rgba))
        let webP = try TestPictures.webP(bitmap, lossyQuality: 80)
        let samples = [
            Data("RIFF".utf8) + Data(repeating: 0x42, count: 100), Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8),
            webP.prefix(webP.count / 2), webP.prefix(24),
        ]
        for data in samples {
            expectUndecodable(data, as: .webP)
        }
    }

    @Test func mutatedPNGsAndWebPsDecodeOrThrowButNeverCrash() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 24, height: 16, layout: .rgba))
        var noise = TestBitmaps.Noise(state: 7)
        let originals = [
            try TestPictures.png(bitmap), try TestPictures.webP(bitmap), try TestPictures.webP(bitmap, lossyQuality: 70),
        ]
        for original in originals {
            var failed = 0
            for round in 0..<200 {
                var bytes = [UInt8](original)
                if round % 3 == 0 {
                    bytes = Array(bytes.prefix(noise.next() % bytes.count + 1))
                } else {
                    // Keep the signature so the mutation reaches the format's own decoder.
                    for _ in 0..<(1 + noise.next() % 8) {
                        bytes[4 + noise.next() % (bytes.count - 4)] = UInt8(truncatingIfNeeded: noise.next())
                    }
                }
                do {
                    let decoded = try decoder.decode(Data(bytes))
                    #expect(decoded.pixels.count == decoded.width * decoded.height * 4)
                } catch {
                    failed += 1
                }
            }
            #expect(failed > 0)
        }
    }

    @Test func everyFormatRefusesMorePixelsThanTheLimit() throws {
        let rgba = try #require(TestBitmaps.gradient(width: 64, height: 48, layout: .rgba))
        let rgb = try #require(TestBitmaps.gradient(width: 64, height: 48))
        let pictures = [try TestPictures.png(rgba), try TestPictures.webP(rgba), try LibJPEGCodec().encode(rgb, quality: 0.8)]
        for picture in pictures {
            #expect(throws: PictureDecodingError.tooManyPixels(width: 64, height: 48)) {
                try PictureDecoder(maximumPixelCount: 3071).decode(picture)
            }
            #expect(try PictureDecoder(maximumPixelCount: 3072).decode(picture).width == 64)
        }
    }

    @Test func hugeAnnouncedSizesAreRefusedFromTheHeaderAlone() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 8, height: 8, layout: .rgba))
        // 400 and 268 megapixels in a file of a few hundred bytes: refused before any allocation.
        let png = TestPictures.png(try TestPictures.png(bitmap), announcing: 20_000, by: 20_000)
        #expect(throws: PictureDecodingError.tooManyPixels(width: 20_000, height: 20_000)) { try decoder.decode(png) }

        let lossless = try TestPictures.webP(bitmap)
        try #require(lossless.count > 25 && String(decoding: lossless[12..<16], as: UTF8.self) == "VP8L")
        let webP = TestPictures.webP(lossless, announcing: 16_384, by: 16_384)
        #expect(throws: PictureDecodingError.tooManyPixels(width: 16_384, height: 16_384)) { try decoder.decode(webP) }
    }

    @Test func concurrentDecodingIsIndependent() async throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 48, height: 32, layout: .rgba))
        let pictures = [try TestPictures.png(bitmap), try TestPictures.webP(bitmap)]
        let decoder = decoder
        let widths = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask { try decoder.decode(pictures[index % 2]).width }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(widths == Array(repeating: 48, count: 8))
    }

    private func expectUndecodable(
        _ data: Data, as format: ImageFormat, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let bitmap = try decoder.decode(data)
            Issue.record(
                "decoded \(bitmap.width)x\(bitmap.height) from corrupt \(format.rawValue)", sourceLocation: sourceLocation)
        } catch {
            guard case .undecodable(let actual, let reason) = error else {
                Issue.record("expected undecodable, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(actual == format, sourceLocation: sourceLocation)
            #expect(!reason.isEmpty, sourceLocation: sourceLocation)
        }
    }
}
