import Foundation
import Hummingbird
import NIOCore

/// The request context of every Hearth route.
///
/// Middleware fills it in this order: request id, client address (at creation), the
/// mounted app's body limit, then the authenticated user for protected routes.
public struct HearthRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address of the peer that opened the connection (before proxy resolution).
    public let peerAddress: String?
    /// The client's address after `X-Forwarded-For` resolution (see ``ClientAddressResolver``).
    public var clientAddress: String?
    /// Set by ``BearerAuthMiddleware`` once the access token checked out.
    public var userID: String?
    /// The server-side session the token belongs to, for apps that keep sessions.
    public var sessionID: String?
    public var maxUploadSize: Int

    public var requestDecoder: HearthJSONRequestDecoder { HearthJSONRequestDecoder() }
    public var responseEncoder: HearthJSONResponseEncoder { HearthJSONResponseEncoder() }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
        // Lowered by every BodyLimitMiddleware on the way in (server-wide, then per app).
        maxUploadSize = .max
    }

    /// The authenticated user, or a 401 when the route was reached without one.
    public func requireUser() throws -> String {
        guard let userID else { throw APIError(.unauthorized, code: .unauthorized, message: "Sign in first: send a valid Bearer access token") }
        return userID
    }

    /// A path parameter, percent-decoded (clients may send `wishlist%3A…` for `wishlist:…`);
    /// empty when absent or not decodable.
    public func pathParameter(_ name: String) -> String {
        guard let raw = parameters.get(name) else { return "" }
        return raw.removingPercentEncoding ?? ""
    }
}
