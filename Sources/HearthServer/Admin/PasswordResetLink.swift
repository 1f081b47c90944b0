import HearthCore

/// A one-time link to an app's password reset page, as `hearth admin reset-password`
/// prints it: `<public URL><mount>/reset-password?token=…`.
public struct PasswordResetLink: Sendable, Hashable {
    public let url: String
    public let expiresAt: Timestamp

    /// The page's path below the app's mount.
    public static let path = "reset-password"

    public static func url(configuration: ServerConfiguration, app: String, token: String) -> String {
        "\(configuration.publicOrigin)\(configuration.mountPath(of: app))/\(path)?token=\(token)"
    }
}
