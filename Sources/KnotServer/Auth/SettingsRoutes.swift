import HearthCore
import HearthServer
import Hummingbird

/// `GET /auth/v1/settings` and `GET /auth/v1/health` (research doc §5.9): no client reads
/// them, but the shapes are GoTrue's, every provider key present.
struct SettingsRoutes: Sendable {
    let core: KnotAuthCore

    static let providers = [
        "anonymous_users", "apple", "azure", "bitbucket", "discord", "facebook", "snapchat", "figma", "fly", "github", "gitlab",
        "google", "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion", "spotify", "slack", "slack_oidc", "workos", "twitch",
        "twitter", "email", "phone", "zoom",
    ]

    func settings(_ request: Request, _ context: HearthRequestContext) -> Response {
        var external: [String: JSONValue] = [:]
        for provider in Self.providers { external[provider] = false }
        external["email"] = true
        external["apple"] = .bool(core.apple != nil)
        external["google"] = .bool(core.google != nil)
        return Response.json([
            "external": .object(external), "disable_signup": false, "mailer_autoconfirm": .bool(core.settings.mailerAutoconfirm),
            "phone_autoconfirm": false, "sms_provider": "", "saml_enabled": false, "saml_private_key_next_configured": false,
            "passkeys_enabled": false,
        ])
    }

    func health(_ request: Request, _ context: HearthRequestContext) -> Response {
        Response.json([
            "version": .string(HearthVersion.current), "name": "GoTrue",
            "description": "Knot auth on Hearth: a GoTrue-compatible user registration and authentication API",
        ])
    }
}
