import HTTPTypes
import HearthServer
import Hummingbird

/// Wish With Me's own settings, beside the platform's ``ServerConfiguration``.
///
/// Read from `HEARTH_WWM_*` environment variables by ``fromEnvironment(_:)``; tests build
/// them directly.
public struct WishWithMeSettings: Sendable {
    /// The public web origin of share links (`{origin}/s/{token}`); `nil` uses the origin
    /// the request came to.
    public var publicWebURL: String?
    /// The API's external origin, for OAuth redirect URIs; `nil` uses the request's.
    public var apiBaseURL: String?
    /// Where OAuth ends when the client named no callback (the PWA).
    public var frontendCallbackURL = "https://wishwith.me/auth/callback"
    /// The only callback URLs an OAuth flow may end at (spec §3.3 hardened).
    public var allowedCallbackURLs = ["https://wishwith.me/auth/callback", "wishwithme://auth/callback"]
    /// Configured OAuth providers; an unconfigured one is absent from `/providers`.
    public var oauthProviders: [OAuthProviderSettings] = []
    /// Leave `Strict-Transport-Security` off (local development over plain HTTP).
    public var debug = false
    /// The language model item resolution asks when a page's structured data falls short;
    /// `nil` (no `HEARTH_WWM_LLM_BASE_URL`) resolves from structured data only.
    public var llm: ProductModelSettings?

    public init() {}

    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> WishWithMeSettings {
        var settings = WishWithMeSettings()
        func value(_ name: String) -> String? { environment["HEARTH_WWM_" + name].flatMap { $0.isEmpty ? nil : $0 } }
        settings.publicWebURL = try value("PUBLIC_URL").map { url throws(ConfigurationError) in try origin(url, setting: "HEARTH_WWM_PUBLIC_URL") }
        settings.apiBaseURL = try value("API_URL").map { url throws(ConfigurationError) in try origin(url, setting: "HEARTH_WWM_API_URL") }
        if let callback = value("FRONTEND_CALLBACK_URL") {
            settings.frontendCallbackURL = callback
            settings.allowedCallbackURLs = [callback, "wishwithme://auth/callback"]
        }
        if let extra = value("CALLBACK_URLS") {
            settings.allowedCallbackURLs += extra.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        settings.debug = value("DEBUG") == "1" || value("DEBUG") == "true"
        settings.oauthProviders = try OAuthProviderSettings.fromEnvironment(environment)
        settings.llm = try ProductModelSettings.fromEnvironment(environment)
        return settings
    }

    private static func origin(_ text: String, setting: String) throws(ConfigurationError) -> String {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") else {
            throw ConfigurationError(setting: setting, message: "'\(text)' must start with https:// or http://")
        }
        return trimmed
    }

    /// Where share links point (`{base}/s/{token}`): the configured public web URL, or
    /// where this request came to plus the app's mount, so the link opens its web page.
    func shareURLBase(for request: Request, mountPath: String) -> String {
        publicWebURL ?? (RequestOrigin.origin(of: request) + mountPath)
    }

    func apiBaseURL(for request: Request) -> String {
        apiBaseURL ?? RequestOrigin.origin(of: request)
    }
}

/// The origin a request was addressed to, from `Host` (and `X-Forwarded-Proto` behind a
/// proxy); anything that is not a plain host[:port] falls back to localhost.
enum RequestOrigin {
    static func origin(of request: Request) -> String {
        let host = request.head.authority ?? ""
        let isPlainHost = !host.isEmpty && host.count <= 255
            && host.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0)) }
        let forwarded = HTTPField.Name("X-Forwarded-Proto").flatMap { request.headers[$0] }
        let scheme = forwarded == "https" ? "https" : (request.head.scheme == "https" ? "https" : "http")
        return "\(scheme)://\(isPlainHost ? host : "localhost")"
    }
}
