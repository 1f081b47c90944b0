/// The app-specific call that trades a refresh token for new credentials. It throws
/// ``ClientError/server(status:code:message:)`` when the server refuses the refresh token,
/// and a transient error (``ClientError/offline(_:)``) when it could not ask.
public protocol TokenRefresher: Sendable {
    func refresh(_ credentials: Credentials, transport: any HTTPTransport) async throws -> Credentials
}
