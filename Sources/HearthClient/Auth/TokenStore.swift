/// Where a client keeps its ``Credentials`` between launches. Implementations must make a
/// `save` durable before returning: a rotated refresh token that is lost signs the user out.
public protocol TokenStore: Sendable {
    func load() throws -> Credentials?
    func save(_ credentials: Credentials) throws
    func clear() throws
}
