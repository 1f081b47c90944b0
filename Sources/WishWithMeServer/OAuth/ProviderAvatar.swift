import AsyncHTTPClient
import Foundation
import Logging

/// Downloads a provider's profile picture as a `data:` URL (spec §3.1): HTTPS only, at
/// most 3 redirects, 10 s, 5 MB, an `image/*` content type. Any failure yields `nil`, and
/// the caller keeps the avatar it had.
struct ProviderAvatar: Sendable {
    let http: HTTPClient
    let logger: Logger

    static let maxBytes = 5 * 1024 * 1024
    static let maxRedirects = 3

    func download(_ url: String) async -> String? {
        guard url.lowercased().hasPrefix("https://") else { return nil }
        do {
            let response = try await OAuthClient.fetch(HTTPClientRequest(url: url), http: http, maxBytes: Self.maxBytes)
            // The shared client follows redirects itself; a hop off HTTPS or one too many
            // discards the answer.
            let hops = response.requestedURLs
            guard response.status == 200, hops.count <= Self.maxRedirects + 1,
                hops.allSatisfy({ $0.lowercased().hasPrefix("https://") }),
                let mediaType = Self.imageMediaType(response.contentType), response.body.readableBytes > 0
            else { return nil }
            let dataURL = "data:\(mediaType);base64,\(Data(response.body.readableBytesView).base64EncodedString())"
            // An avatar the profile rule would refuse would make every later push of the
            // user document fail, so a larger one is not kept.
            return dataURL.utf8.count <= UserProfileRule.maxAvatarBytes ? dataURL : nil
        } catch {
            logger.info("Provider avatar not downloaded", metadata: ["error": "\(type(of: error))"])
            return nil
        }
    }

    /// `image/…` without parameters, lower-cased, or `nil` for anything else.
    static func imageMediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let mediaType, mediaType.hasPrefix("image/"), mediaType.count > 6, mediaType.count <= 64,
            mediaType.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") })
        else { return nil }
        return mediaType
    }
}
