import HearthCore
import Testing
import WishWithMeKit

/// Spec §2.2–2.7: auth bodies use snake_case keys; the iOS app needs all five response keys
/// and the six always-present user fields.
struct AuthWireTests {
    @Test func authResponseFromSpecDecodes() throws {
        let response = try WireCoding.decode(AuthResponse.self, SpecFixtures.authResponse)
        #expect(response.tokenType == "bearer")
        #expect(response.expiresIn == 900)
        #expect(response.refreshToken.count == 43)
        #expect(response.user.id == "user:11111111-1111-4111-8111-111111111111")
        #expect(response.user.locale == "ru")
        #expect(response.user.socialLinks == nil)
        #expect(response.user.birthday == nil)
        #expect(response.tokens.accessToken == response.accessToken)
    }

    @Test(arguments: ["user", "access_token", "refresh_token", "token_type", "expires_in"])
    func authResponseWithoutKeyIsRejected(_ key: String) throws {
        #expect(WireCoding.bothReject(AuthResponse.self, try WireCoding.removing(key, from: SpecFixtures.authResponse)))
    }

    static func userJSON() throws -> String {
        try #require(WireCoding.parse(SpecFixtures.authResponse)["user"]).serializedString()
    }

    @Test(arguments: ["id", "email", "name", "locale", "created_at", "updated_at"])
    func accountUserRequiresTheSixCoreFields(_ key: String) throws {
        let user = try Self.userJSON()
        #expect(WireCoding.bothReject(AccountUser.self, try WireCoding.removing(key, from: user)))
        #expect(WireCoding.bothReject(AccountUser.self, try WireCoding.setting(key, to: .null, in: user)))
    }

    @Test(arguments: ["bio", "public_url_slug", "social_links", "birthday", "avatar_base64"])
    func accountUserOptionalFieldsMayBeAbsent(_ key: String) throws {
        let json = try WireCoding.removing(key, from: try Self.userJSON())
        #expect(throws: Never.self) { try WireCoding.decode(AccountUser.self, json) }
    }

    @Test func accountUserReadsSocialLinksWhenPresent() throws {
        let links: JSONValue = ["telegram": "@anna", "vk": nil, "instagram": 5]
        let json = try WireCoding.setting("social_links", to: links, in: try Self.userJSON())
        let user = try WireCoding.decode(AccountUser.self, json)
        #expect(user.socialLinks == SocialLinks(telegram: "@anna"))
    }

    @Test func refreshAnswerDecodesWithoutUser() throws {
        let json = try WireCoding.removing("user", from: SpecFixtures.authResponse)
        let pair = try WireCoding.decode(TokenPairResponse.self, json)
        #expect(pair.expiresIn == 900)
        #expect(pair.refreshToken == "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c")
    }

    @Test func registerRequestOmitsLocaleWhenUnset() throws {
        let members = try WireCoding.members(RegisterRequest(email: "a@b.c", password: "secret-pw", name: "Anna"))
        #expect(Set(members.keys) == ["email", "password", "name"])
        let withLocale = try WireCoding.members(RegisterRequest(email: "a@b.c", password: "secret-pw", name: "A", locale: "en"))
        #expect(withLocale["locale"] == "en")
    }

    @Test func loginRefreshAndLogoutUseWireKeys() throws {
        #expect(Set(try WireCoding.members(LoginRequest(email: "a@b.c", password: "x")).keys) == ["email", "password"])
        #expect(try WireCoding.members(RefreshRequest(refreshToken: "r1")) == ["refresh_token": "r1"])
        #expect(try WireCoding.members(LogoutRequest(refreshToken: "r2")) == ["refresh_token": "r2"])
        #expect(try WireCoding.foundationMembers(RefreshRequest(refreshToken: "r1")) == ["refresh_token": "r1"])
    }
}
