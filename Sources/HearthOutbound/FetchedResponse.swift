import NIOCore
import NIOHTTP1

/// A complete 2xx response, its body read in full and within the policy's cap.
public struct FetchedResponse: Sendable {
    /// The URL that answered, after redirects.
    public let url: String
    public let status: Int
    public let headers: HTTPHeaders
    public let body: ByteBuffer

    public init(url: String, status: Int, headers: HTTPHeaders, body: ByteBuffer) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The `Content-Type` header as sent.
    public var contentType: String? { headers.first(name: "content-type") }

    /// The media type alone, lowercased: `text/html` for `Text/HTML; charset=utf-8`.
    public var mediaType: String? {
        guard let contentType else { return nil }
        let type = (contentType.split(separator: ";", maxSplits: 1).first ?? "")
            .filter { !$0.isWhitespace }.lowercased()
        return type.isEmpty ? nil : type
    }

    public var bytes: [UInt8] { Array(body.readableBytesView) }
}
