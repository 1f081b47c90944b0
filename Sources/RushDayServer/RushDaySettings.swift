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
    /// `HEARTH_RD_INVITATION_KEYS`: the keys that sign guest invitation links (§4.5.2), as
    /// `id:secret,id:secret` — ids 0…255, secrets of at least 32 bytes of text. The first
    /// is current (signs new links); the others only verify links signed before a
    /// rotation. Empty (the default): one random key, generated on first use and kept in
    /// the database beside the signing secret, shared by every process on that database.
    public var invitationKeys: [InvitationKey] = []
    /// `HEARTH_RD_PUBLIC_RATE_LIMIT`: calls a minute per client address to each public RPC
    /// (`GetPublicGuestInvitation`, `RespondToGuestInvitation`, `GetPublicInvitation`) and
    /// its web page; beyond it `RESOURCE_EXHAUSTED`. 0 turns the limit off.
    public var publicRequestsPerMinute = 60
    /// Push delivery (spec §2.9, reminders of §9 decision 8) through FCM HTTP v1, from the
    /// platform-level `HEARTH_FCM_CREDENTIALS_FILE` (a service-account JSON key) and the
    /// optional `HEARTH_FCM_PROJECT_ID`, `HEARTH_FCM_API_URL`, `HEARTH_FCM_TOKEN_URL`
    /// (see ``FCMSettings``), shared with any other app; `nil`: notifications are logged.
    public var fcm: FCMSettings?

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
        settings.fcm = try FCMSettings.fromEnvironment(environment)
        if let delay = value("PLANNER_STEP_DELAY_MS") {
            guard let milliseconds = Int64(delay), (0...10_000).contains(milliseconds) else {
                throw ConfigurationError(setting: "HEARTH_RD_PLANNER_STEP_DELAY_MS", message: "expected 0…10000, got '\(delay)'")
            }
            settings.plannerStepDelayMilliseconds = milliseconds
        }
        if let keys = value("INVITATION_KEYS") { settings.invitationKeys = try InvitationKey.parseList(keys) }
        if let limit = value("PUBLIC_RATE_LIMIT") {
            guard let perMinute = Int(limit), (0...100_000).contains(perMinute) else {
                throw ConfigurationError(setting: "HEARTH_RD_PUBLIC_RATE_LIMIT", message: "expected 0…100000 calls a minute, got '\(limit)'")
            }
            settings.publicRequestsPerMinute = perMinute
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
