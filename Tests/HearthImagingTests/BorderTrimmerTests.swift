import HearthImaging
import Testing

/// `BorderTrimmer`: uniform margins go, within a tolerance; the picture itself never does.
struct BorderTrimmerTests {
    let trimmer = BorderTrimmer()
    static let white: [UInt8] = [255, 255, 255]
    static let red: [UInt8] = [200, 0, 0]

    @Test func uniformMarginsAreRemovedOnEverySide() throws {
        // A 4 × 3 red block at (3, 2) on a 10 × 8 white canvas.
        let bitmap = try #require(TestBitmaps.canvas(width: 10, height: 8, background: Self.white) { x, y in
            (3..<7).contains(x) && (2..<5).contains(y) ? Self.red : nil
        })
        let trimmed = trimmer.trimmed(bitmap)
        #expect(trimmed.width == 4 && trimmed.height == 3)
        #expect(trimmed.pixels == [UInt8](repeating: 0, count: 12).flatMap { _ in Self.red })
    }

    @Test func differencesWithinTheToleranceCountAsBorder() throws {
        // Noise of up to 10 per channel in the margin, one pixel 11 off inside.
        let bitmap = try #require(TestBitmaps.canvas(width: 12, height: 12, background: [240, 240, 240]) { x, y in
            if x == 8 && y == 5 { return [229, 240, 240] }
            return (x + y) % 3 == 1 ? [250, 230, 245] : nil
        })
        let trimmed = trimmer.trimmed(bitmap)
        #expect(trimmed.width == 1 && trimmed.height == 1)
        #expect(Array(trimmed.pixels) == [229, 240, 240])
    }

    @Test func theReferenceIsTheTopLeftCornerAndInteriorMatchesAreKept() throws {
        // Grey margin; the content has a grey pixel in its middle, which must survive.
        let bitmap = try #require(TestBitmaps.canvas(width: 9, height: 9, background: [128, 128, 128]) { x, y in
            (2..<7).contains(x) && (2..<7).contains(y) && !(x == 4 && y == 4) ? Self.red : nil
        })
        let trimmed = trimmer.trimmed(bitmap)
        #expect(trimmed.width == 5 && trimmed.height == 5)
        #expect(Array(trimmed.pixel(x: 2, y: 2)) == [128, 128, 128])
        #expect(Array(trimmed.pixel(x: 0, y: 0)) == Self.red)
    }

    @Test func aUniformPictureIsNeverTrimmedToNothing() throws {
        let bitmap = try #require(TestBitmaps.canvas(width: 6, height: 4, background: Self.white) { x, y in
            (x + y) % 2 == 0 ? [250, 250, 250] : nil
        })
        #expect(trimmer.trimmed(bitmap) == bitmap)
    }

    @Test func aPictureWithoutMarginIsUnchanged() throws {
        let bitmap = try #require(TestBitmaps.gradient(width: 20, height: 10))
        #expect(trimmer.trimmed(bitmap) == bitmap)
    }

    @Test func transparentMarginsAreRemovedWhateverColourTheyCarry() throws {
        // Transparent black and transparent white both count as margin; the alpha is kept.
        let bitmap = try #require(TestBitmaps.canvas(width: 8, height: 6, background: [0, 0, 0, 0]) { x, y in
            if (2..<5).contains(x) && (1..<4).contains(y) { return [0, 0, 255, 128] }
            return x % 2 == 0 ? [255, 255, 255, 0] : nil
        })
        let trimmed = trimmer.trimmed(bitmap)
        #expect(trimmed.layout == .rgba)
        #expect(trimmed.width == 3 && trimmed.height == 3)
        #expect(Array(trimmed.pixel(x: 2, y: 2)) == [0, 0, 255, 128])
    }

    @Test func aZeroToleranceTrimsOnlyExactMatches() throws {
        let bitmap = try #require(TestBitmaps.canvas(width: 5, height: 5, background: Self.white) { x, _ in
            x == 4 ? [254, 255, 255] : nil
        })
        #expect(BorderTrimmer().trimmed(bitmap) == bitmap)
        let exact = BorderTrimmer(tolerance: 0).trimmed(bitmap)
        #expect(exact.width == 1 && exact.height == 5)
    }
}
