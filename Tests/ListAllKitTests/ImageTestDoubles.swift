import Foundation
import HearthImaging
import ListAllKit

/// A value shared between a test and the stubs it drives.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

/// A codec that "decodes" anything starting with `FF D8` to a fixed bitmap and "encodes" to
/// `sizeAt(quality)` bytes whose first byte is the quality in percent, recording each quality.
struct RecordingCodecStub: JPEGCodec {
    let bitmap: ImageBitmap
    let sizeAt: @Sendable (Double) -> Int
    let qualities = LockedBox<[Double]>([])
    let encodedSizes = LockedBox<[(width: Int, height: Int)]>([])

    func decode(_ data: Data) throws(JPEGCodecError) -> ImageBitmap {
        guard data.starts(with: [0xFF, 0xD8]) else { throw .undecodable(reason: "stub: not a JPEG") }
        return bitmap
    }

    func encode(_ bitmap: ImageBitmap, quality: Double) throws(JPEGCodecError) -> Data {
        qualities.update { $0.append(quality) }
        encodedSizes.update { $0.append((bitmap.width, bitmap.height)) }
        var bytes = [UInt8](repeating: 0, count: max(1, sizeAt(quality)))
        bytes[0] = UInt8(clamping: Int((quality * 100).rounded()))
        return Data(bytes)
    }
}

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

    /// Every channel of every pixel is `value`.
    static func flat(width: Int, height: Int, value: UInt8) -> ImageBitmap? {
        ImageBitmap(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height * 3))
    }

    /// Mean absolute difference per channel value of two bitmaps of the same size and layout.
    static func meanDifference(_ lhs: ImageBitmap, _ rhs: ImageBitmap) -> Double {
        let total = zip(lhs.pixels, rhs.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, lhs.pixels.count))
    }
}
