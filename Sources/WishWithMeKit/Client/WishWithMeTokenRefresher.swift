import Foundation
import HearthClient
import HearthCore

/// Renews credentials with `POST /api/v2/auth/refresh` (spec §2.4): the refresh token is
/// rotated, so the new pair replaces the old one at once.
struct WishWithMeTokenRefresher: TokenRefresher {
    let baseURL: URL
    let clock: any WallClock

    func refresh(_ credentials: Credentials, transport: any HTTPTransport) async throws -> Credentials {
        let request = try HearthAPI.request(
            baseURL: baseURL, .post, "/api/v2/auth/refresh", body: RefreshRequest(refreshToken: credentials.refreshToken))
        let response = try await transport.send(request)
        guard response.isSuccess else { throw ClientError.from(response) }
        let pair = try HearthAPI.decode(TokenPairResponse.self, from: response.body)
        return Credentials(
            userID: credentials.userID, accessToken: pair.accessToken, refreshToken: pair.refreshToken,
            accessExpiresAt: clock.now.adding(seconds: Int64(pair.expiresIn)))
    }
}
