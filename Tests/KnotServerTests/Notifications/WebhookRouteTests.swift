import HearthCore
import HearthServer
import HearthTesting
import Testing

@testable import KnotServer

/// The QStash-compatible webhooks over HTTP (spec §5.6 process, §5.8 analyze, §9.4,
/// §13 #61), on both engines.
@Suite struct WebhookRouteTests {
    static let site = "https://knot.example.com"

    static var settings: KnotSettings {
        var settings = KnotSettings.behaviouralTestDefaults
        settings.siteURL = site
        settings.notifications.webhookCurrentSigningKey = "sig_current_key"
        settings.notifications.webhookNextSigningKey = "sig_next_key"
        return settings
    }

    static func post(_ server: TestServer, _ path: String, _ body: JSONValue, key: String?, signedBody: JSONValue? = nil) async throws -> TestResponse {
        var headers: [(String, String)] = []
        if let key {
            let signed = (signedBody ?? body).serialized()
            let token = WebhookSignatureTests.token(
                key: key, claims: ["sub": .string(site + path), "exp": .int(2_000_000_000), "nbf": .int(1_700_000_000), "iat": .int(1_700_000_000)],
                body: signed)
            headers.append(("Upstash-Signature", token))
        }
        return try await server.request(.POST, path, json: body, headers: headers)
    }

    @Test(arguments: TestEngine.available)
    func aSignedProcessCallRunsTheReminderAndBadSignaturesAreRefused(engine: TestEngine) async throws {
        let push = RecordingPushSender()
        try await KnotReminderHarness.run(
            engine: engine, at: ReminderFixtures.tenthOfMarch, settings: Self.settings, collaborators: KnotCollaborators(push: push)
        ) { harness in
            let user = try await ReminderProcessingTests.prepare(harness, email: "webhook@example.com")
            let row = try #require(try await harness.reminders(of: user).first)
            let body: JSONValue = [
                "notification_id": .string(row.id), "user_id": .string(user.userID), "milestone_id": "m", "days_before": .int(row.daysBefore),
            ]
            let path = "/api/v1/notifications/process"
            #expect(try await Self.post(harness.server, path, body, key: "someone_else").status == 401)
            #expect(try await Self.post(harness.server, path, body, key: nil).status == 401)
            #expect(try await Self.post(harness.server, path, body, key: "sig_current_key", signedBody: ["other": 1]).status == 401)
            #expect(try await harness.reminders(of: user).first?.status == "pending")

            let processed = try await Self.post(harness.server, path, body, key: "sig_next_key")
            #expect(processed.status == 200)
            #expect(processed.json["status"] == "processed")
            #expect(processed.json["notification_id"]?.stringValue == row.id)
            #expect(processed.json["recommendations_generated"] == 3)
            #expect(processed.json["push_delivered"] == true)
            let repeated = try await Self.post(harness.server, path, body, key: "sig_current_key")
            #expect(repeated.json["status"] == "skipped")

            var unknown = body
            unknown["notification_id"] = .string(KnotID.make())
            #expect(try await Self.post(harness.server, path, unknown, key: "sig_current_key").status == 404)
            #expect(try await Self.post(harness.server, path, ["notification_id": 5], key: "sig_current_key").status == 422)
        }
    }

    @Test(arguments: TestEngine.available)
    func withoutSigningKeysTheWebhooksAreClosed(engine: TestEngine) async throws {
        var open = Self.settings
        open.notifications.webhookCurrentSigningKey = nil
        open.notifications.webhookNextSigningKey = nil
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch, settings: open) { harness in
            let process = try await Self.post(harness.server, "/api/v1/notifications/process", ["notification_id": "x"], key: "sig_current_key")
            #expect(process.status == 401)
            #expect(process.json["detail"] != nil)
            #expect(try await Self.post(harness.server, "/api/v1/feedback/analyze", [:], key: "sig_current_key").status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func analyzeLearnsWeightsOnlyForUsersWithThreeFeedbackRowsAndTheEngineUsesThem(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch, settings: Self.settings) { harness in
            let server = harness.server
            let keen = try await server.signUp("keen@example.com")
            let quiet = try await server.signUp("quiet-feedback@example.com")
            for user in [keen, quiet] { _ = try await server.createVault(user) }
            let keenItems = try await RecommendationRoutesTests.generate(server, keen, ["occasion_type": "just_because"])
            let quietItems = try await RecommendationRoutesTests.generate(server, quiet, ["occasion_type": "just_because"])
            for item in keenItems {
                let sent = try await server.api(keen, .POST, "/api/v1/recommendations/feedback", ["recommendation_id": item["id"] ?? .null, "action": "purchased"])
                #expect(sent.status == 201)
            }
            for item in quietItems.prefix(2) {
                _ = try await server.api(quiet, .POST, "/api/v1/recommendations/feedback", ["recommendation_id": item["id"] ?? .null, "action": "saved"])
            }
            let analyzed = try await Self.post(server, "/api/v1/feedback/analyze", [:], key: "sig_current_key")
            #expect(analyzed.status == 200)
            #expect(analyzed.json == ["status": "completed", "users_analyzed": 2, "weights_updated": 1])
            #expect(try await server.count("knot_user_preference_weights", where: "user_id = ?", [keen.userID]) == 1)
            #expect(try await server.count("knot_user_preference_weights", where: "user_id = ?", [quiet.userID]) == 0)

            let weights = try #require(await harness.components.recommendations.weights.load(userID: keen.userID))
            #expect((weights.types.values.first ?? 0) > 1.0)
            // The next run scores with them: a purchased type weighs more than 1.0.
            let next = try await RecommendationRoutesTests.generate(server, keen, ["occasion_type": "just_because"])
            let unweighted = try await RecommendationRoutesTests.generate(server, quiet, ["occasion_type": "just_because"])
            let boosted = next.compactMap { $0["final_score"]?.doubleValue }.reduce(0, +)
            let plain = unweighted.compactMap { $0["final_score"]?.doubleValue }.reduce(0, +)
            #expect(boosted > plain)

            let one = try await Self.post(server, "/api/v1/feedback/analyze", ["user_id": .string(quiet.userID)], key: "sig_current_key")
            #expect(one.json["users_analyzed"] == 1)
            #expect(one.json["weights_updated"] == 0)
        }
    }
}
