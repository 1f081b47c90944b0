/// Removes the uniform margin around a picture, as product photos often have: whole rows and
/// columns at the edges whose pixels all match the top-left corner's colour within `tolerance`.
/// The tolerance absorbs JPEG noise around an otherwise flat background.
public struct BorderTrimmer: Sendable {
    /// Per channel: enough for compression noise, far below any visible edge.
    public static let defaultTolerance = 10

    /// Largest per-channel difference (0…255) that still counts as the border colour.
    public let tolerance: Int

    public init(tolerance: Int = BorderTrimmer.defaultTolerance) {
        self.tolerance = tolerance
    }

    /// `bitmap` without its uniform border, in the same layout. A bitmap that is uniform all over
    /// (nothing would be left) or has no such border is returned unchanged. In `.rgba`, pixels that
    /// are both (nearly) fully transparent match whatever colour they carry.
    public func trimmed(_ bitmap: ImageBitmap) -> ImageBitmap {
        let width = bitmap.width
        let height = bitmap.height
        let channels = bitmap.layout.bytesPerPixel
        let hasAlpha = bitmap.layout == .rgba
        let tolerance = tolerance
        let bounds = bitmap.pixels.withUnsafeBufferPointer { pixels -> (x: Range<Int>, y: Range<Int>)? in
            func isBorder(_ x: Int, _ y: Int) -> Bool {
                let offset = (y * width + x) * channels
                if hasAlpha && Int(pixels[offset + 3]) <= tolerance && Int(pixels[3]) <= tolerance { return true }
                for channel in 0..<channels where abs(Int(pixels[offset + channel]) - Int(pixels[channel])) > tolerance {
                    return false
                }
                return true
            }
            func rowIsBorder(_ y: Int) -> Bool { (0..<width).allSatisfy { isBorder($0, y) } }
            guard let top = (0..<height).first(where: { !rowIsBorder($0) }),
                let bottom = (top..<height).last(where: { !rowIsBorder($0) })
            else { return nil }
            let rows = top..<bottom + 1
            func columnIsBorder(_ x: Int) -> Bool { rows.allSatisfy { isBorder(x, $0) } }
            guard let left = (0..<width).first(where: { !columnIsBorder($0) }),
                let right = (left..<width).last(where: { !columnIsBorder($0) })
            else { return nil }
            return (left..<right + 1, rows)
        }
        guard let bounds, bounds.x.count < width || bounds.y.count < height else { return bitmap }
        return Self.crop(bitmap, columns: bounds.x, rows: bounds.y)
    }

    private static func crop(_ bitmap: ImageBitmap, columns: Range<Int>, rows: Range<Int>) -> ImageBitmap {
        let channels = bitmap.layout.bytesPerPixel
        var pixels: [UInt8] = []
        pixels.reserveCapacity(columns.count * rows.count * channels)
        for y in rows {
            let rowStart = (y * bitmap.width + columns.lowerBound) * channels
            pixels.append(contentsOf: bitmap.pixels[rowStart..<rowStart + columns.count * channels])
        }
        return ImageBitmap(derivedWidth: columns.count, height: rows.count, layout: bitmap.layout, pixels: pixels)
    }
}
