import Foundation

/// Why a JPEG could not be read or written.
public enum JPEGCodecError: Error, Sendable, Hashable {
    /// Not a JPEG, or corrupt or truncated; `reason` is the codec's own message.
    case undecodable(reason: String)
    /// The header announces more pixels than the codec is willing to allocate.
    case tooManyPixels(width: Int, height: Int)
    case unencodable(reason: String)
}

/// JPEG coding behind a protocol (spec §1.3): Linux has no UIKit, and tests substitute stubs.
public protocol JPEGCodec: Sendable {
    /// Decodes JPEG bytes to pixels.
    func decode(_ data: Data) throws(JPEGCodecError) -> ImageBitmap
    /// Encodes pixels at `quality` 0…1, as UIKit's `jpegData(compressionQuality:)` takes it.
    func encode(_ bitmap: ImageBitmap, quality: Double) throws(JPEGCodecError) -> Data
}
