import Foundation
import HearthImaging

/// The product photo kept with a resolved item, as a self-contained `data:` URL: whatever the shop
/// served (JPEG, PNG or WebP) becomes one small, white-backed JPEG, so every client can show it
/// without fetching from the shop again and no transparent PNG turns black.
///
/// The steps: decode; trim the uniform margin shops put around products (so the product fills
/// the picture); blend transparency onto white; scale so the longest side is at most 800 px
/// (never up); encode at quality 0.75. Over the size cap the quality is lowered step by step,
/// and if even the lowest is too big there is no photo rather than a huge one.
public struct ProductPhoto: Sendable {
    /// Longest side of the stored photo, in pixels.
    public static let maximumSide = 800
    public static let quality = 0.75
    /// Tried in order while the JPEG is still over the cap.
    public static let fallbackQualities = [0.65, 0.55, 0.45, 0.35, 0.25]
    /// 200 KiB of JPEG (the data URL is a third larger).
    public static let sizeCap = 200 * 1024
    public static let dataURLPrefix = "data:image/jpeg;base64,"

    public let decoder: PictureDecoder
    public let codec: any JPEGCodec
    /// The size cap applied; `sizeCap` unless a test injects another.
    public let maximumByteCount: Int
    private let trimmer = BorderTrimmer()

    public init(
        decoder: PictureDecoder = PictureDecoder(), codec: any JPEGCodec = LibJPEGCodec(),
        maximumByteCount: Int = ProductPhoto.sizeCap
    ) {
        self.decoder = decoder
        self.codec = codec
        self.maximumByteCount = maximumByteCount
    }

    /// `data:image/jpeg;base64,…`; nil when the bytes are not a picture we can read, or no quality fits the cap.
    public func dataURL(from bytes: [UInt8]) -> String? {
        guard let jpeg = jpeg(from: bytes) else { return nil }
        return Self.dataURLPrefix + jpeg.base64EncodedString()
    }

    /// The JPEG behind `dataURL(from:)`.
    public func jpeg(from bytes: [UInt8]) -> Data? {
        guard let decoded = try? decoder.decode(bytes) else { return nil }
        let flattened = AlphaCompositor.onWhite(trimmer.trimmed(decoded))
        let size = Self.scaledSize(width: flattened.width, height: flattened.height)
        guard let scaled = ImageResampler.resize(flattened, width: size.width, height: size.height) else { return nil }
        for quality in [Self.quality] + Self.fallbackQualities {
            guard let encoded = try? codec.encode(scaled, quality: quality) else { return nil }
            if encoded.count <= maximumByteCount { return encoded }
        }
        return nil
    }

    /// The aspect ratio kept and the longest side brought down to `maximumSide`; pictures already
    /// within it keep their size. A side never rounds down to 0.
    public static func scaledSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > maximumSide, width > 0, height > 0 else { return (width, height) }
        func scaled(_ side: Int) -> Int { max(1, Int((Double(side) * Double(maximumSide) / Double(longest)).rounded())) }
        return (scaled(width), scaled(height))
    }
}
