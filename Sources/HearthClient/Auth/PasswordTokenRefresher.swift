import Foundation
import HearthCore

/// Renews credentials at `<path>/refresh`; the refresh token rotates, so the new pair
/// replaces the old one at once.
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
        let answer = try HearthAPI.decode(PasswordSignInAnswer.self, from: response.body)
        return Credentials(
            userID: credentials.userID, accessToken: answer.accessToken, refreshToken: answer.refreshToken,
            accessExpiresAt: clock.now.adding(seconds: Int64(answer.expiresIn)))
    }
}
