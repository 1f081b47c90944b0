import AsyncHTTPClient
import GRPCCore
import GRPCNIOTransportHTTP2
import HearthCore
import HearthGRPC
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Spec §2.2 (auth classes, verifiers, auto-provisioning) and §6 cases 1–2.
@Suite struct AuthenticationTests {
    @Test(arguments: TestEngine.available)
    func requiredAuthRejectsAMissingHeader(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            #expect(await rpcCode { _ = try await rd.users.getCurrentUser(.init()) } == .unauthenticated)
            #expect(await rpcCode { _ = try await rd.events.listEvents(.init()) } == .unauthenticated)
        }
    }

    @Test(arguments: TestEngine.available)
    func requiredAuthRejectsExpiredForgedAndMalformedTokens(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let expired = try await rd.token(.ann, lifetimeSeconds: -1)
            let forged = try await rd.token(.ann, secret: Array("another-secret-that-is-32-bytes-long".utf8))
            for metadata: Metadata in [
                ["authorization": "Bearer \(expired)"], ["authorization": "Bearer \(forged)"], ["authorization": "Bearer not.a.jwt"],
                ["authorization": "Basic abc"],
            ] {
                #expect(await rpcCode { _ = try await rd.users.getCurrentUser(.init(), metadata: metadata) } == .unauthenticated)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func bearerWordIsAcceptedInAnyCase(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let token = try await rd.token(.ann)
            let user = try await rd.users.getCurrentUser(.init(), metadata: ["authorization": "bEaReR \(token)"])
            #expect(user.id == "user-a")
        }
    }

    @Test(arguments: TestEngine.available)
    func tokensWithoutUsableSubjectOrIssuedInTheFutureAreRejected(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let now = rd.clock.now.millisecondsSince1970 / 1000
            let noSubject = try await RushDayHarness.sign(["exp": .int(now + 60)], secret: RushDayHarness.secret)
            let longSubject = try await RushDayHarness.sign(
                ["sub": .string(String(repeating: "x", count: 129)), "exp": .int(now + 60)], secret: RushDayHarness.secret)
            let future = try await RushDayHarness.sign(
                ["sub": "user-a", "iat": .int(now + 120), "exp": .int(now + 600)], secret: RushDayHarness.secret)
            for token in [noSubject, longSubject, future] {
                #expect(
                    await rpcCode { _ = try await rd.users.getCurrentUser(.init(), metadata: ["authorization": "Bearer \(token)"]) }
                        == .unauthenticated)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func publicRPCsIgnoreTheHeaderWhileOthersRequireIt(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            // Public: even a forged header is ignored, so the request itself is judged (no link given).
            let code = await rpcCode {
                _ = try await rd.events.getPublicGuestInvitation(.init(), metadata: ["authorization": "Bearer forged"])
            }
            #expect(code == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.events.listGuests(.init()) } == .unauthenticated)
            #expect(await rpcCode { _ = try await rd.events.listGuests(.init(), metadata: try await rd.auth(.ann)) } == .invalidArgument)
        }
    }

    @Test func authPolicyTableNamesOptionalAndPublicMethods() {
        #expect(AuthPolicy.of(Rushday_V1_EventService.Method.GetPublicGuestInvitation.descriptor) == .public)
        #expect(AuthPolicy.of(Rushday_V1_EventService.Method.RespondToGuestInvitation.descriptor) == .public)
        #expect(AuthPolicy.of(Rushday_V1_AIEventPlannerService.Method.GenerateEventPlans.descriptor) == .optional)
        #expect(AuthPolicy.of(Rushday_V1_AIEventPlannerService.Method.CreateAIDraftEvent.descriptor) == .optional)
        #expect(AuthPolicy.of(Rushday_V1_InvitationService.Method.GetPublicInvitation.descriptor) == .public)
        #expect(AuthPolicy.of(Rushday_V1_UserService.Method.GetCurrentUser.descriptor) == .required)
    }

    @Test func listenerPermitsClientPingsWithoutCallsEveryTwentySeconds() {
        let keepalive = GRPCListener.transportConfig.connection.keepalive.clientBehavior
        #expect(keepalive.allowWithoutCalls)
        #expect(keepalive.minPingIntervalWithoutCalls <= .seconds(20))
    }

    @Test(arguments: TestEngine.available)
    func firebaseTokensAreVerifiedAgainstThePublishedKeySet(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "firebase-key-1")
        try await key.serve { url in
            var settings = RushDaySettings()
            settings.authMode = .firebase
            settings.firebaseProjectID = "rush-day-test"
            settings.firebaseKeySetURL = url
            try await RushDayHarness.run(engine, settings: settings) { rd in
                let now = rd.clock.now.millisecondsSince1970 / 1000
                var claims: [String: JSONValue] = [
                    "iss": "https://securetoken.google.com/rush-day-test", "aud": "rush-day-test", "sub": "firebase-uid-1",
                    "iat": .int(now), "exp": .int(now + 3600), "email": "fay@x.io", "name": "Fay",
                ]
                let valid = try await key.sign(claims)
                let user = try await rd.users.getCurrentUser(.init(), metadata: ["authorization": "Bearer \(valid)"])
                #expect(user.id == "firebase-uid-1")
                #expect(user.name == "Fay")
                #expect(user.email == "fay@x.io")

                claims["aud"] = "another-project"
                let wrongAudience = try await key.sign(claims)
                claims["aud"] = "rush-day-test"
                claims["exp"] = .int(now - 3600)
                let expired = try await key.sign(claims)
                let otherKey = try IdentityProviderKey(keyID: "firebase-key-1")
                claims["exp"] = .int(now + 3600)
                let forged = try await otherKey.sign(claims)
                for token in [wrongAudience, expired, forged] {
                    #expect(
                        await rpcCode { _ = try await rd.users.getCurrentUser(.init(), metadata: ["authorization": "Bearer \(token)"]) }
                            == .unauthenticated)
                }
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func hearthAccountAccessTokensAreAcceptedByTheGRPCServices(engine: TestEngine) async throws {
        var settings = RushDaySettings()
        settings.authMode = .hearth
        try await RushDayHarness.run(engine, settings: settings) { rd in
            let registered = try await rd.server.request(
                .POST, "/rushday/api/v1/auth/register", json: ["email": "hal@x.io", "password": "correct horse battery", "name": "Hal"])
            #expect(registered.status == 201)
            guard case .string(let access) = registered.json["access_token"] ?? .null else {
                Issue.record("no access token: \(registered.text)")
                return
            }
            let user = try await rd.users.getCurrentUser(.init(), metadata: ["authorization": "Bearer \(access)"])
            #expect(user.name == "Hal")
            #expect(user.email == "hal@x.io")
            let forged = try await rd.token(.ann)
            #expect(
                await rpcCode { _ = try await rd.users.getCurrentUser(.init(), metadata: ["authorization": "Bearer \(forged)"]) }
                    == .unauthenticated)
        }
    }
}
