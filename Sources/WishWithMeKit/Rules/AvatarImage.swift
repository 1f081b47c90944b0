import Foundation

/// Why picked image bytes cannot become an avatar.
public enum AvatarImageError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case tooLarge(bytes: Int, maximum: Int)
    case unsupportedFormat

    public var message: String {
        switch self {
        case .empty: "The picked file is empty; choose another picture."
        case .tooLarge(_, let maximum):
            "The picture is larger than \(maximum / 1024 / 1024) MB; choose a smaller one or crop it."
        case .unsupportedFormat: "Use a PNG, JPEG, GIF, WebP or SVG picture."
        }
    }

    public var description: String { message }
}

/// Avatar pictures as the `data:` URLs stored in `avatar_base64` (spec §7.1, §8 item 17).
public enum AvatarImage {
    /// Raw bytes accepted before base64 (the server caps stored avatars near 1 MB).
    public static let maxBytes = 1_048_576

    /// The avatar every account starts with. Must stay byte-identical: the iOS app and the
    /// OAuth flow recognise "still the default" by comparing this exact string.
    public static let defaultDataURL =
        "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMDAiIGhlaWdodD0iMTAwIiB2aWV3Qm94PSIwIDAgMTAwIDEwMCI+PGNpcmNsZSBjeD0iNTAiIGN5PSI1MCIgcj0iNTAiIGZpbGw9IiM2MzY2ZjEiLz48Y2lyY2xlIGN4PSI1MCIgY3k9IjM2IiByPSIxNiIgZmlsbD0id2hpdGUiLz48cGF0aCBkPSJNNTAgNTZjLTE4IDAtMzIgMTAtMzIgMjJ2MjJoNjR2LTIyYzAtMTItMTQtMjItMzItMjJ6IiBmaWxsPSJ3aGl0ZSIvPjwvc3ZnPgo="

    /// Whether `dataURL` is the default avatar. `nil` (no avatar stored) is not.
    public static func isDefaultAvatar(_ dataURL: String?) -> Bool {
        dataURL == defaultDataURL
    }

    /// The picture formats an avatar may use, recognised by content, not file name.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case png, jpeg, gif, webp, svg

        public var mimeType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .gif: "image/gif"
            case .webp: "image/webp"
            case .svg: "image/svg+xml"
            }
        }

        /// Detects the format from magic bytes; SVG by an `<svg` tag near the start.
        public init?(detecting bytes: [UInt8]) {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
                self = .webp
            } else if Self.looksLikeSVG(bytes) {
                self = .svg
            } else {
                return nil
            }
        }

        /// `<svg` within the first 1 KiB (after any XML prolog, doctype or comment), in
        /// text that starts with `<` once a UTF-8 byte-order mark and whitespace are skipped.
        private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
            var head = bytes.prefix(1024)[...]
            if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
            head = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            guard head.first == UInt8(ascii: "<") else { return false }
            let text = String(decoding: head, as: UTF8.self).lowercased()
            return text.contains("<svg")
        }
    }

    /// `data:{mime};base64,{…}` for the picture in `bytes`.
    public static func dataURL(from bytes: [UInt8]) throws(AvatarImageError) -> String {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maxBytes else { throw .tooLarge(bytes: bytes.count, maximum: maxBytes) }
        guard let format = Format(detecting: bytes) else { throw .unsupportedFormat }
        return "data:\(format.mimeType);base64,\(Data(bytes).base64EncodedString())"
    }
}
