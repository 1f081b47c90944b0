import Foundation

/// The picture format named by the first bytes (spec §1.3).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"
    case gif = "GIF"
    /// Any RIFF container, as in the original.
    case webP = "WebP"
    case unknown = "Unknown"

    /// `FF D8` JPEG, `89 50 4E 47` PNG, `47 49 46` GIF, `52 49 46 46` WebP, otherwise unknown;
    /// `nil` for fewer than 4 bytes.
    public static func sniff(_ data: Data) -> ImageFormat? {
        let head = [UInt8](data.prefix(4))
        guard head.count == 4 else { return nil }
        if head.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if head == [0x89, 0x50, 0x4E, 0x47] { return .png }
        if head.starts(with: [0x47, 0x49, 0x46]) { return .gif }
        if head == [0x52, 0x49, 0x46, 0x46] { return .webP }
        return .unknown
    }
}
