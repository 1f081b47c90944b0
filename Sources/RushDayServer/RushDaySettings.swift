import HearthServer

/// Rush Day's own settings (issue "Rush Day", spec `rushday.md` §2.2, §5.4), beside the
/// platform's ``ServerConfiguration``. Read from `HEARTH_RD_*` variables by
/// ``fromEnvironment(_:)``; tests build them directly.
public struct RushDaySettings: Sendable {
    /// Whose tokens the gRPC services accept (§2.2).
    public enum AuthMode: String, Sendable, CaseIterable {
        /// Rush Day accounts on Hearth's auth core (`/api/v1/auth/…`): no cloud account needed.
        case hearth
        /// RS256 Firebase ID tokens checked against Google's key set.
        case firebase
        /// HMAC-SHA256 tokens with ``hs256Secret`` (development and tests).
        case hs256
    }

    public var authMode: AuthMode = .hearth
    /// `HEARTH_RD_FIREBASE_PROJECT_ID`: the `aud` and the issuer's last path segment.
    public var firebaseProjectID: String?
    /// Where Firebase's signing keys are published (a local fake in tests).
    public var firebaseKeySetURL = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
    /// `HEARTH_RD_HS256_SECRET`, at least 32 bytes.
    public var hs256Secret: [UInt8]?
    /// `HEARTH_RD_PUBLIC_BASE_URL`: where guests open their invitation links
    /// (`<base>/g/<encoded_data>`); `nil`: the server's public origin and Rush Day's mount.
    public var publicBaseURL: String?
    /// `HEARTH_RD_PLANNER_STEP_DELAY_MS`: the pause between the planner's progress messages
    /// (§5.4): 250 ms by default, 0 in tests.
    public var plannerStepDelayMilliseconds: Int64 = 250

    public init() {}

    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> RushDaySettings {
        var settings = RushDaySettings()
        func value(_ name: String) -> String? {
            environment["HEARTH_RD_" + name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        if let mode = value("AUTH") {
            guard let parsed = AuthMode(rawValue: mode.lowercased()) else {
                throw ConfigurationError(setting: "HEARTH_RD_AUTH", message: "expected hearth, firebase or hs256, got '\(mode)'")
            }
            settings.authMode = parsed
        }
        settings.firebaseProjectID = value("FIREBASE_PROJECT_ID")
        settings.firebaseKeySetURL = value("FIREBASE_JWKS_URL") ?? settings.firebaseKeySetURL
        if let secret = value("HS256_SECRET") {
            guard secret.utf8.count >= 32 else {
                throw ConfigurationError(setting: "HEARTH_RD_HS256_SECRET", message: "use at least 32 characters")
            }
            settings.hs256Secret = Array(secret.utf8)
        }
        if let base = value("PUBLIC_BASE_URL") { settings.publicBaseURL = try PublicURL.validated(base) }
        if let delay = value("PLANNER_STEP_DELAY_MS") {
            guard let milliseconds = Int64(delay), (0...10_000).contains(milliseconds) else {
                throw ConfigurationError(setting: "HEARTH_RD_PLANNER_STEP_DELAY_MS", message: "expected 0…10000, got '\(delay)'")
            }
            settings.plannerStepDelayMilliseconds = milliseconds
        }
        switch settings.authMode {
        case .firebase where settings.firebaseProjectID == nil:
            throw ConfigurationError(setting: "HEARTH_RD_AUTH", message: "firebase needs HEARTH_RD_FIREBASE_PROJECT_ID")
        case .hs256 where settings.hs256Secret == nil:
            throw ConfigurationError(setting: "HEARTH_RD_AUTH", message: "hs256 needs HEARTH_RD_HS256_SECRET")
        default:
            break
        }
        return settings
    }
}
