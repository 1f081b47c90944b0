import Foundation
import Testing
import WishWithMeKit

/// Avatar bytes → `data:` URL, by content, at most 1 MiB (spec §7.1, §8 item 17).
struct AvatarImageTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]
    static let gif = Array("GIF89a\u{01}\u{00}".utf8)
    static let webp = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)
    static let svg = Array("\u{FEFF}\n<?xml version=\"1.0\"?>\n<SVG xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)

    @Test(arguments: [
        (png, "image/png"), (jpeg, "image/jpeg"), (gif, "image/gif"), (webp, "image/webp"), (svg, "image/svg+xml"),
    ])
    func knownFormatsBecomeDataURLs(_ bytes: [UInt8], _ mime: String) throws {
        let url = try AvatarImage.dataURL(from: bytes)
        let prefix = "data:\(mime);base64,"
        #expect(url.hasPrefix(prefix))
        let payload = try #require(Data(base64Encoded: String(url.dropFirst(prefix.count))))
        #expect(Array(payload) == bytes)
    }

    @Test(arguments: [
        Array("hello, world".utf8), Array("<html><body>svg</body></html>".utf8), [0x42, 0x4D, 0x36, 0x00],
        Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), Array("GIF90a".utf8),
    ])
    func otherFilesAreRejected(_ bytes: [UInt8]) {
        #expect(throws: AvatarImageError.unsupportedFormat) { try AvatarImage.dataURL(from: bytes) }
    }

    @Test func emptyFileIsRejected() {
        #expect(throws: AvatarImageError.empty) { try AvatarImage.dataURL(from: []) }
    }

    @Test func sizeCapIsOneMebibyteOfRawBytes() {
        let atCap = Self.png + [UInt8](repeating: 0, count: AvatarImage.maxBytes - Self.png.count)
        #expect(atCap.count == 1_048_576)
        #expect(throws: Never.self) { try AvatarImage.dataURL(from: atCap) }
        #expect(throws: AvatarImageError.tooLarge(bytes: 1_048_577, maximum: 1_048_576)) {
            try AvatarImage.dataURL(from: atCap + [0])
        }
        #expect(AvatarImageError.tooLarge(bytes: 2, maximum: 1_048_576).message.contains("1 MB"))
    }

    @Test func defaultAvatarIsTheSpecSVG() throws {
        let prefix = "data:image/svg+xml;base64,"
        #expect(AvatarImage.defaultDataURL.hasPrefix(prefix))
        let svg = try #require(Data(base64Encoded: String(AvatarImage.defaultDataURL.dropFirst(prefix.count))))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\""))
        #expect(text.contains("fill=\"#6366f1\""))
        #expect(text.hasSuffix("</svg>\n"))
        #expect(AvatarImage.defaultDataURL.hasSuffix("Pjwvc3ZnPgo="))
        #expect(AvatarImage.defaultDataURL.utf8.count == 378)
    }

    @Test func onlyTheExactDefaultCountsAsDefault() throws {
        #expect(AvatarImage.isDefaultAvatar(AvatarImage.defaultDataURL))
        #expect(AvatarImage.isDefaultAvatar(nil) == false)
        #expect(AvatarImage.isDefaultAvatar(AvatarImage.defaultDataURL + "=") == false)
        #expect(AvatarImage.isDefaultAvatar(try AvatarImage.dataURL(from: Self.png)) == false)
        let user = UserProfile(avatarBase64: AvatarImage.defaultDataURL, createdAt: "2025-03-04T10:15:30Z")
        #expect(user.hasDefaultAvatar)
    }
}
