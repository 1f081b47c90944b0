import HearthServer
import Foundation
import HearthCore

/// Who the provider says signed in (spec §3.1), normalised: emails trimmed and
/// lower-cased (empty or malformed = absent), names trimmed and cut to what a profile
/// may hold.
struct ProviderIdentity: Sendable, Hashable {
    let provider: OAuthProviderSettings.Provider
    let providerUserID: String
    let email: String?
    /// The provider vouches that `email` belongs to this person, so it may sign in to an
    /// existing account with that email (spec §8.27).
    let emailIsVerified: Bool
    let name: String?
    let avatarURL: String?
    /// The provider's user-info payload as received, kept in the social-account record.
    let raw: JSONValue

    static let maxNameLength = 100

    /// Parses a user-info response; `nil` when it names no user.
    init?(userInfo: JSONValue, settings: OAuthProviderSettings) {
        guard userInfo.objectValue != nil else { return nil }
        let id: String?
        let email: String?
        let claimsVerified: Bool
        let name: String?
        let avatarURL: String?
        switch settings.provider {
        case .google:
            id = userInfo["sub"]?.stringValue
            email = userInfo["email"]?.stringValue
            let verified = userInfo["email_verified"]
            claimsVerified = verified?.boolValue == true || verified?.stringValue == "true"
            name = userInfo["name"]?.stringValue
            avatarURL = userInfo["picture"]?.stringValue
        case .yandex:
            id = userInfo["id"]?.stringValue ?? userInfo["id"]?.intValue.map(String.init)
            email = userInfo["default_email"]?.stringValue
            claimsVerified = true
            name = Self.nonEmpty(userInfo["real_name"]?.stringValue) ?? userInfo["display_name"]?.stringValue
            let avatarID = userInfo["is_avatar_empty"]?.boolValue == true ? nil : userInfo["default_avatar_id"]?.stringValue
            avatarURL = Self.nonEmpty(avatarID).map { "https://avatars.yandex.net/get-yapic/\(URLQuery.escape($0))/islands-200" }
        }
        guard let id, !id.isEmpty, id.utf8.count <= 255, id.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { return nil }
        provider = settings.provider
        providerUserID = id
        self.email = Self.normalizedEmail(email)
        emailIsVerified = self.email != nil && settings.trustsEmails && claimsVerified
        self.name = Self.nonEmpty(name).map { String($0.prefix(Self.maxNameLength)) }
        self.avatarURL = Self.nonEmpty(avatarURL)
        raw = userInfo
    }

    /// `social:{provider}:{provider_user_id}` (spec §3.9).
    var socialAccountID: String { "social:\(provider.rawValue):\(providerUserID)" }

    /// The email of a new account when the provider gave none (spec §3.5).
    var fallbackEmail: String { "\(providerUserID.lowercased())@\(provider.rawValue).oauth" }

    /// `profile_data` of the social-account record (spec §3.9).
    var profileData: JSONValue {
        [
            "name": name.map(JSONValue.string) ?? .null, "avatar_url": avatarURL.map(JSONValue.string) ?? .null,
            "birthday": .null, "raw": raw,
        ]
    }

    private static func normalizedEmail(_ text: String?) -> String? {
        guard let trimmed = nonEmpty(text) else { return nil }
        return try? EmailAddress.validated(trimmed)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
