import Foundation
import NIOCore

/// Where and as whom a server talks to Firebase Cloud Messaging (HTTP v1).
///
/// Platform-level, so every app that pushes to Android/iOS through FCM shares one
/// configuration (``fromEnvironment(_:)``):
/// - `HEARTH_FCM_CREDENTIALS_FILE`: path of the service-account JSON key file (required
///   to enable FCM; without it ``fromEnvironment(_:)`` returns `nil`);
/// - `HEARTH_FCM_PROJECT_ID`: the Firebase project, when not the key file's `project_id`;
/// - `HEARTH_FCM_API_URL`: the FCM API base (default `https://fcm.googleapis.com`);
/// - `HEARTH_FCM_TOKEN_URL`: the OAuth2 token endpoint, when not the key file's `token_uri`.
/// The two URLs exist so tests (and proxies) can point them elsewhere.
public struct FCMSettings: Sendable {
    public static let defaultAPIBase = "https://fcm.googleapis.com"

    public var account: FCMServiceAccount
    public var projectID: String
    /// `scheme://host[:port]`, no trailing slash.
    public var apiBase: String
    public var tokenURL: String
    /// How long one request (answer included) may take.
    public var timeout: TimeAmount

    public init(
        account: FCMServiceAccount, projectID: String? = nil, apiBase: String = FCMSettings.defaultAPIBase, tokenURL: String? = nil,
        timeout: TimeAmount = .seconds(10)
    ) {
        self.account = account
        self.projectID = projectID ?? account.projectID
        self.apiBase = apiBase.hasSuffix("/") ? String(apiBase.dropLast()) : apiBase
        self.tokenURL = tokenURL ?? account.tokenURI
        self.timeout = timeout
    }

    /// `POST` here to send one message.
    public var sendURL: String { apiBase + "/v1/projects/" + projectID + "/messages:send" }

    /// The settings of `HEARTH_FCM_*`, or `nil` when no credentials file is configured.
    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> FCMSettings? {
        func value(_ name: String) -> String? {
            environment["HEARTH_FCM_" + name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        guard let path = value("CREDENTIALS_FILE") else { return nil }
        let account: FCMServiceAccount
        do {
            account = try FCMServiceAccount(contentsOfFile: path)
        } catch {
            throw ConfigurationError(setting: "HEARTH_FCM_CREDENTIALS_FILE", message: error.description)
        }
        for name in ["API_URL", "TOKEN_URL"] {
            if let url = value(name), !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
                throw ConfigurationError(setting: "HEARTH_FCM_" + name, message: "expected an http(s) URL, got '\(url)'")
            }
        }
        return FCMSettings(
            account: account, projectID: value("PROJECT_ID"), apiBase: value("API_URL") ?? defaultAPIBase, tokenURL: value("TOKEN_URL"))
    }
}
