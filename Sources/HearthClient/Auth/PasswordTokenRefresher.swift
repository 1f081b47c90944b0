import Foundation
import HearthCore

/// Renews credentials at `<path>/refresh` (`{"refresh_token"}` in, `{"access_token",
/// "refresh_token","expires_in"}` out, as the platform's password accounts and Wish With
/// Me's v2 auth answer); the refresh token rotates, so the new pair replaces the old one at once.
public struct PasswordTokenRefresher: TokenRefresher {
    public let baseURL: URL
    public let path: String
    public let clock: any WallClock

    public init(baseURL: URL, path: String, clock: any WallClock) {
        self.baseURL = baseURL
        self.path = path
        self.clock = clock
    }

    public func refresh(_ credentials: Credentials, transport: any HTTPTransport) async throws -> Credentials {
        let request = try HearthAPI.request(baseURL: baseURL, .post, "\(path)/refresh", body: ["refresh_token": credentials.refreshToken])
        let response = try await transport.send(request)
        guard response.isSuccess else { throw ClientError.from(response) }
        let answer = try HearthAPI.decode(RefreshedTokens.self, from: response.body)
        return Credentials(
            userID: credentials.userID, accessToken: answer.accessToken, refreshToken: answer.refreshToken,
            accessExpiresAt: clock.now.adding(seconds: Int64(answer.expiresIn)))
    }
}

/// The token pair a refresh answers (a user, when the answer carries one, is not needed).
struct RefreshedTokens: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in"
    }
}
