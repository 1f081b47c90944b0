import Foundation

/// Decodes the picture formats found on the web: JPEG (through `LibJPEGCodec`), PNG and WebP.
/// The format is sniffed from the first bytes (`ImageFormat`), not taken from a file name or a
/// `Content-Type`. Every format gets the same pixel-count guard, checked against the header's
/// size before any pixel memory is allocated. Corrupt data is an error, never a crash.
/// Stateless, so one value may be used from any number of tasks at once.
public struct PictureDecoder: Sendable {
    /// The formats `decode(_:)` reads; GIF and anything unknown are refused.
    public static let supportedFormats: Set<ImageFormat> = [.jpeg, .png, .webP]

    /// Pictures with more pixels are refused; 0 or less means no limit, as for `LibJPEGCodec`.
    public let maximumPixelCount: Int

    public init(maximumPixelCount: Int = LibJPEGCodec.defaultMaximumPixelCount) {
        self.maximumPixelCount = maximumPixelCount
    }

    /// JPEG decodes to `.rgb`; PNG and WebP decode to `.rgba` (straight alpha, 255 when opaque).
    public func decode(_ data: Data) throws(PictureDecodingError) -> ImageBitmap {
        let format = ImageFormat.sniff(data) ?? .unknown
        let budget = PixelBudget(maximumPixelCount: maximumPixelCount)
        switch format {
        case .jpeg:
            return try decodeJPEG(data)
        case .png:
            return try PNGDecoder(budget: budget).decode(data)
        case .webP:
            return try WebPDecoder(budget: budget).decode(data)
        case .gif, .unknown:
            throw .unsupportedFormat(format)
        }
    }

    /// Bytes as downloaded; the same as `decode(Data(bytes))`.
    public func decode(_ bytes: [UInt8]) throws(PictureDecodingError) -> ImageBitmap {
        try decode(Data(bytes))
    }

    private func decodeJPEG(_ data: Data) throws(PictureDecodingError) -> ImageBitmap {
        do {
            return try LibJPEGCodec(maximumPixelCount: maximumPixelCount).decode(data)
        } catch {
            switch error {
            case .tooManyPixels(let width, let height): throw .tooManyPixels(width: width, height: height)
            case .undecodable(let reason), .unencodable(let reason): throw .undecodable(format: .jpeg, reason: reason)
            }
        }
    }
}
