import Foundation

/// Resizes bitmaps by area averaging: every output pixel is the mean of the source area it
/// covers, with partly covered source pixels weighted by their coverage. This is the right
/// filter for the downscaling the storage rule does (no aliasing, no ringing); upscaling
/// works too but gives blocky results.
public enum ImageResampler {
    /// `bitmap` resized to `width` × `height`; the same bitmap when the size already matches,
    /// `nil` when a side is not positive.
    public static func resize(_ bitmap: ImageBitmap, width: Int, height: Int) -> ImageBitmap? {
        guard width > 0, height > 0 else { return nil }
        if width == bitmap.width && height == bitmap.height { return bitmap }
        let channels = bitmap.layout.bytesPerPixel
        let columns = coverage(source: bitmap.width, target: width)
        let rowsBySource = contributions(of: coverage(source: bitmap.height, target: height), sourceCount: bitmap.height)

        // Each source row is averaged horizontally once, then added into the output rows it covers.
        let outRowLength = width * channels
        var sums = [Float](repeating: 0, count: outRowLength * height)
        var rowBuffer = [Float](repeating: 0, count: outRowLength)
        let inRowLength = bitmap.width * channels
        bitmap.pixels.withUnsafeBufferPointer { source in
            sums.withUnsafeMutableBufferPointer { sums in
                rowBuffer.withUnsafeMutableBufferPointer { row in
                    for sourceY in 0..<bitmap.height {
                        let sourceRow = sourceY * inRowLength
                        for (x, taps) in columns.enumerated() {
                            for channel in 0..<channels {
                                var total: Float = 0
                                for tap in taps {
                                    total += Float(source[sourceRow + tap.index * channels + channel]) * tap.weight
                                }
                                row[x * channels + channel] = total
                            }
                        }
                        for tap in rowsBySource[sourceY] {
                            let outRow = tap.index * outRowLength
                            for offset in 0..<outRowLength {
                                sums[outRow + offset] += row[offset] * tap.weight
                            }
                        }
                    }
                }
            }
        }
        let pixels = sums.map { UInt8(min(255, max(0, $0.rounded()))) }
        return ImageBitmap(width: width, height: height, layout: bitmap.layout, pixels: pixels)
    }

    struct Tap {
        var index: Int
        var weight: Float
    }

    /// For each target pixel, the source pixels it covers with normalized weights (summing to 1).
    static func coverage(source: Int, target: Int) -> [[Tap]] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { position in
            let start = Double(position) * scale
            let end = min(Double(source), Double(position + 1) * scale)
            var taps: [Tap] = []
            var index = Int(start.rounded(.down))
            while Double(index) < end && index < source {
                let covered = min(end, Double(index + 1)) - max(start, Double(index))
                if covered > 1e-9 { taps.append(Tap(index: index, weight: Float(covered / (end - start)))) }
                index += 1
            }
            return taps
        }
    }

    /// The same weights, grouped by source pixel: which target pixels each one feeds.
    private static func contributions(of coverage: [[Tap]], sourceCount: Int) -> [[Tap]] {
        var bySource = [[Tap]](repeating: [], count: sourceCount)
        for (target, taps) in coverage.enumerated() {
            for tap in taps { bySource[tap.index].append(Tap(index: target, weight: tap.weight)) }
        }
        return bySource
    }
}
