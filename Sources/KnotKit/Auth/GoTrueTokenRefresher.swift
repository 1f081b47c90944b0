import HearthClient
import HearthCore

/// Renews credentials with `POST /auth/v1/token?grant_type=refresh_token`: the refresh
/// token rotates, so the answer's pair replaces the old one at once. The server's refusal
/// (`refresh_token_not_found`, `refresh_token_already_used`: 400) ends the session.
struct GoTrueTokenRefresher: TokenRefresher {
    let endpoint: GoTrueEndpoint
    let clock: any WallClock

    func refresh(_ credentials: Credentials, transport: any HTTPTransport) async throws -> Credentials {
        // Like the SDK: the api key (if any) as bearer, never the expiring access token.
        let request = try endpoint.request(
            .post, "token", query: ["grant_type": "refresh_token"], body: ["refresh_token": .string(credentials.refreshToken)])
        let response = try await transport.send(request)
        guard response.isSuccess else { throw GoTrueEndpoint.error(from: response) }
        return try HearthAPI.decode(GoTrueSessionAnswer.self, from: response.body).credentials(now: clock.now)
    }
}
