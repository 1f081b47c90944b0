import HearthCore

extension AuthSession {
    /// Renews the credentials ahead of time when the access token expires at or before
    /// `deadline` (a token whose expiry is unknown is left alone). Shares the single-flight
    /// refresh of ``send(_:)``; a refusal signs out as it does there.
    public func renewIfExpiring(before deadline: Timestamp) async throws {
        guard let current = try tokens.load(), let expiry = current.accessExpiresAt, expiry <= deadline else { return }
        _ = try await renewedCredentials(replacing: current)
    }

    /// Trades the refresh token for new credentials now, whatever the access token's expiry.
    @discardableResult
    public func renew() async throws -> Credentials {
        guard let current = try tokens.load() else { throw ClientError.signedOut }
        return try await renewedCredentials(replacing: current)
    }
}
