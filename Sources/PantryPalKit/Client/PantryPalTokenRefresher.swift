import Foundation
import HearthClient
import HearthCore

/// Renews credentials with `POST auth/refresh` `{refreshToken}` (docs/PANTRYPAL.md): the
/// refresh token rotates, so the new pair replaces the old one at once.
struct PantryPalTokenRefresher: TokenRefresher {
    let baseURL: URL
    let clock: any WallClock

    func refresh(_ credentials: Credentials, transport: any HTTPTransport) async throws -> Credentials {
        let request = try HearthAPI.request(
            baseURL: baseURL, .post, "auth/refresh", body: ["refreshToken": .string(credentials.refreshToken)] as JSONValue)
        let response = try await transport.send(request)
        guard response.isSuccess else { throw ErrorBody.clientError(from: response) }
        let body = try PantryPalAPI.parse(response.body)
        guard let token = body["token"]?.stringValue, let refreshToken = body["refreshToken"]?.stringValue else {
            throw ClientError.invalidResponse("auth/refresh answered without a token pair")
        }
        return Credentials(
            userID: credentials.userID, accessToken: token, refreshToken: refreshToken,
            accessExpiresAt: clock.now.adding(seconds: Int64(body["expiresIn"]?.looseInt ?? 900)))
    }
}
