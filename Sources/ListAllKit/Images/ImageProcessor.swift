import Foundation
import HearthImaging

/// The storage rules for pictures (spec §1.3): downscale, encode as JPEG, keep under 512 KiB.
/// The codec is injected so the rules run against libjpeg in production and stubs in tests.
public struct ImageProcessor: Sendable {
    /// Longest side of a stored picture.
    public static let maximumSide = 1200
    /// Longest side of a panorama-like picture (width/height > 3.0 or < 0.33).
    public static let narrowMaximumSide = 800
    public static let storageQuality = 0.8
    /// 512 KiB.
    public static let sizeCap = 524_288
    public static let compressionStartQuality = 0.75
    public static let compressionStep = 0.1
    /// The loop lowers the quality only while it is above this.
    public static let compressionFloor = 0.1

    public let codec: any JPEGCodec

    public init(codec: any JPEGCodec = LibJPEGCodec()) {
        self.codec = codec
    }

    /// The size a `width` × `height` picture is stored at: the aspect ratio is kept and the
    /// longest side brought down to 1200 px (800 px for very wide or tall pictures); pictures
    /// already within the limit keep their size. A side never rounds down to 0.
    public static func storageSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (width, height) }
        let aspect = Double(width) / Double(height)
        let limit = aspect > 3.0 || aspect < 0.33 ? narrowMaximumSide : maximumSide
        guard max(width, height) > limit else { return (width, height) }
        if width >= height {
            return (limit, max(1, Int((Double(limit) * Double(height) / Double(width)).rounded())))
        }
        return (max(1, Int((Double(limit) * Double(width) / Double(height)).rounded())), limit)
    }

    /// A captured or picked picture as stored: downscaled, encoded at quality 0.8, and, when
    /// that is still over the cap, put through the compression loop.
    public func storageData(for bitmap: ImageBitmap) throws(JPEGCodecError) -> Data {
        let size = Self.storageSize(width: bitmap.width, height: bitmap.height)
        let scaled = ImageResampler.resize(bitmap, width: size.width, height: size.height) ?? bitmap
        let encoded = try codec.encode(scaled, quality: Self.storageQuality)
        guard encoded.count > Self.sizeCap else { return encoded }
        return try compressionLoop(scaled)
    }

    /// Picture bytes as stored: decoded, then as `storageData(for:)`. Data the codec cannot
    /// decode (PNG, GIF, corrupt JPEG, anything else) is returned unchanged.
    public func storageData(for data: Data) -> Data {
        guard let bitmap = try? codec.decode(data), let stored = try? storageData(for: bitmap) else { return data }
        return stored
    }

    /// The size-cap loop the repository runs when it attaches an image: re-encodes at 0.75,
    /// then 0.1 lower while the result is over 512 KiB and the quality above 0.1 (0.75, 0.65 …
    /// 0.15, ≈0.05), and keeps the last result even if it is still over the cap. Data the
    /// codec cannot decode or re-encode is returned unchanged.
    public func compressed(_ data: Data) -> Data {
        guard let bitmap = try? codec.decode(data), let compressed = try? compressionLoop(bitmap) else { return data }
        return compressed
    }

    private func compressionLoop(_ bitmap: ImageBitmap) throws(JPEGCodecError) -> Data {
        var quality = Self.compressionStartQuality
        var result = try codec.encode(bitmap, quality: quality)
        while result.count > Self.sizeCap && quality > Self.compressionFloor {
            quality -= Self.compressionStep
            result = try codec.encode(bitmap, quality: quality)
        }
        return result
    }
}
