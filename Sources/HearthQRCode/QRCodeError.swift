/// Everything that can go wrong while turning text into a QR code image.
public enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text to encode was empty.
    case emptyInput
    /// The UTF-8 encoded text does not fit in a version 40 symbol at the requested error correction.
    case inputTooLong(byteCount: Int)
    /// `moduleSize` or `quietZone` is outside the supported range.
    case invalidLayout(moduleSize: Int, quietZone: Int)
    /// libqrencode failed for another reason; carries its `errno`.
    case encodingFailed(errno: Int32)
    /// libpng failed to write the image; carries libpng's message.
    case pngFailed(message: String)

    public var description: String {
        switch self {
        case .emptyInput:
            "QR code input is empty"
        case .inputTooLong(let byteCount):
            "QR code input of \(byteCount) bytes is too long for the requested error correction"
        case .invalidLayout(let moduleSize, let quietZone):
            "invalid QR code layout: moduleSize \(moduleSize) (allowed \(QRCodeLayout.moduleSizes)), "
                + "quietZone \(quietZone) (allowed \(QRCodeLayout.quietZones))"
        case .encodingFailed(let errno):
            "libqrencode failed (errno \(errno))"
        case .pngFailed(let message):
            "PNG encoding failed: \(message)"
        }
    }
}
