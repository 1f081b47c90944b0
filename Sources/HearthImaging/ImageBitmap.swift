import Foundation

/// Decoded pixels: 8 bits per channel, rows tightly packed, top row first.
public struct ImageBitmap: Sendable, Hashable {
    public enum Layout: Int, Sendable, Hashable {
        case rgb = 3
        /// The alpha channel is carried along but JPEG drops it on encoding.
        case rgba = 4

        public var bytesPerPixel: Int { rawValue }
    }

    public let width: Int
    public let height: Int
    public let layout: Layout
    public let pixels: [UInt8]

    /// `nil` unless both sides are positive and `pixels` holds exactly `width * height` pixels.
    public init?(width: Int, height: Int, layout: Layout = .rgb, pixels: [UInt8]) {
        guard width > 0, height > 0 else { return nil }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area.multipliedReportingOverflow(by: layout.bytesPerPixel) == (pixels.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
    }

    /// For bitmaps derived inside this module from a valid one, whose sizes hold by construction.
    init(derivedWidth width: Int, height: Int, layout: Layout, pixels: [UInt8]) {
        assert(width > 0 && height > 0 && pixels.count == width * height * layout.bytesPerPixel, "inconsistent bitmap")
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
    }

    /// The channel values of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = (y * width + x) * layout.bytesPerPixel
        return pixels[start..<start + layout.bytesPerPixel]
    }
}
