import Foundation
import HearthImaging

enum TestBitmaps {
    /// A smooth colour gradient: red across, green down, blue along the diagonal.
    static func gradient(width: Int, height: Int, layout: ImageBitmap.Layout = .rgb) -> ImageBitmap? {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * layout.bytesPerPixel)
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(UInt8(x * 255 / max(1, width - 1)))
                pixels.append(UInt8(y * 255 / max(1, height - 1)))
                pixels.append(UInt8((x + y) * 255 / max(1, width + height - 2)))
                if layout == .rgba { pixels.append(0x80) }
            }
        }
        return ImageBitmap(width: width, height: height, layout: layout, pixels: pixels)
    }

    /// `width` × `height` pixels of `background`, with `paint` giving the colour of some of them.
    static func canvas(
        width: Int, height: Int, background: [UInt8], paint: (_ x: Int, _ y: Int) -> [UInt8]? = { _, _ in nil }
    ) -> ImageBitmap? {
        let layout: ImageBitmap.Layout = background.count == 4 ? .rgba : .rgb
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * layout.bytesPerPixel)
        for y in 0..<height {
            for x in 0..<width { pixels.append(contentsOf: paint(x, y) ?? background) }
        }
        return ImageBitmap(width: width, height: height, layout: layout, pixels: pixels)
    }

    /// Mean absolute difference per channel value of two bitmaps of the same size and layout.
    static func meanDifference(_ lhs: ImageBitmap, _ rhs: ImageBitmap) -> Double {
        let total = zip(lhs.pixels, rhs.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, lhs.pixels.count))
    }

    /// A deterministic pseudo-random sequence, for mutation tests.
    struct Noise {
        var state: UInt32

        mutating func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8)
        }
    }
}
