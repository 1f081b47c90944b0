import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import NIOCore
import NIOPosix
import Testing
import WishWithMeServer

/// "Continue with Google" on the sign-in page: the API's OAuth flow, finished with a
/// browser session instead of tokens in a URL, and only in the browser that started it.
@Suite struct WebOAuthTests {
    @Test(arguments: TestEngine.available)
    func continuingWithAProviderSignsThisBrowserInWithoutATokenInAnyURL(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let browser = WebBrowser(oauth.server)
            do {
                #expect(try await browser.get("/login").text.contains("/oauth/google/start"))
                let start = try await browser.get("/oauth/google/start")
                #expect(start.status == 302)
                let authorization = try #require(start.location)
                let code = try await oauth.fake.approve(authorization, as: OAuthHarness.google("web-1", email: "web@example.com", name: "Web User"))
                let state = try #require(try FakeOAuthProvider.query(of: authorization)["state"])
                let callback = try await browser.get("/api/v1/oauth/google/callback?code=\(code)&state=\(state)")
                #expect(callback.status == 302)
                let location = try #require(callback.location)
                #expect(location == "/login")
                #expect(!location.contains("token"))
                #expect(await browser.cookies["hearth_session"] != nil)
                #expect(await browser.cookies["hearth_oauth_state"] == nil, "the state cookie is used up")
                let list = try await browser.get("/wishlists")
                #expect(list.status == 200)
                #expect(list.text.contains("id=\"logout-form\""))
                try await browser.close()
            } catch {
                try await browser.close()
                throw error
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aFlowStartedInOneBrowserCannotBeFinishedInAnother(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let attacker = WebBrowser(oauth.server)
            let victim = WebBrowser(oauth.server)
            do {
                let start = try await attacker.get("/oauth/google/start")
                let authorization = try #require(start.location)
                let code = try await oauth.fake.approve(authorization, as: OAuthHarness.google("attacker", email: "attacker@example.com"))
                let state = try #require(try FakeOAuthProvider.query(of: authorization)["state"])
                let callback = try await victim.get("/api/v1/oauth/google/callback?code=\(code)&state=\(state)")
                #expect(callback.status == 302)
                #expect(callback.location?.hasPrefix("/login?error=auth_failed") == true)
                #expect(await victim.cookies["hearth_session"] == nil)
                #expect(try await victim.get("/login?error=auth_failed").text.contains("role=\"alert\""))
                try await attacker.close()
                try await victim.close()
            } catch {
                try await attacker.close()
                try await victim.close()
                throw error
            }
        }
    }
}
