import Foundation

/// Why `PictureDecoder` could not turn bytes into pixels.
public enum PictureDecodingError: Error, Sendable, Hashable {
    /// GIF, a format not recognised at all, or fewer than the 4 bytes sniffing needs (`.unknown`).
    case unsupportedFormat(ImageFormat)
    /// The format was recognised but the data is corrupt or truncated; `reason` is the codec's own message.
    case undecodable(format: ImageFormat, reason: String)
    /// The header announces more pixels than the decoder is willing to allocate.
    case tooManyPixels(width: Int, height: Int)
}
