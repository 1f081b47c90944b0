import HearthCore
import HearthServer
import HearthTesting
import Testing

@testable import KnotServer

/// Processing due reminders (spec §8.3, §13 #57–60, #62, #70) on both engines: what is
/// generated, pushed, skipped and rescheduled, and the history the app shows afterwards.
@Suite struct ReminderProcessingTests {
    static let device = String(repeating: "ab", count: 32)

    /// A user with the reminder vault (and a device unless `device` is nil), at 2026-03-10T15:00Z.
    static func prepare(_ harness: KnotReminderHarness, email: String, vibes: [String] = ["quiet_luxury", "romantic"], device: String? = device)
        async throws -> KnotTestUser
    {
        let user = try await harness.server.signUp(email)
        _ = try await harness.server.createVault(user, ReminderFixtures.vault(vibes: vibes))
        if let device {
            let registered = try await harness.server.api(user, .POST, "/api/v1/users/device-token", ["device_token": .string(device)])
            #expect(registered.status == 200)
        }
        return user
    }

    @Test(arguments: TestEngine.available)
    func aDueReminderFiresThroughAPNsWithThreeRecommendationsAttached(engine: TestEngine) async throws {
        let apns = FakeAPNsServer()
        let clock = ManualWallClock(ReminderFixtures.tenthOfMarch)
        try await apns.run(clock: clock) { sender in
            let collaborators = KnotCollaborators(push: sender, catalog: ReminderFixtures.catalog)
            try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch, collaborators: collaborators) { harness in
                let user = try await Self.prepare(harness, email: "fires@example.com")
                // Three days on, 19:00 in Austin: the 7-day reminder is due.
                harness.clock.set(ReminderFixtures.thirteenthOfMarch)
                clock.set(ReminderFixtures.thirteenthOfMarch)
                #expect(try await harness.runner.runDueJobs() >= 1)

                let pushes = apns.received
                try #require(pushes.count == 1)
                #expect(pushes[0].device == Self.device)
                #expect(pushes[0].topic == "com.ronniejay.knot")
                #expect(pushes[0].signedByKey)
                let aps = pushes[0].payload["aps"]
                #expect(aps?["alert"]?["title"] == "Alex's Birthday is in 7 days")
                #expect(aps?["alert"]?["body"] == "I've found 3 Quiet luxury options based on their interests. Tap to see them.")
                #expect(aps?["category"] == "MILESTONE_REMINDER")
                let reminder = try #require(try await harness.reminders(of: user).first)
                #expect(reminder.status == "sent")
                #expect(pushes[0].payload["notification_id"]?.stringValue == reminder.id)

                let fresh = try await harness.server.signIn("fires@example.com")
                let milestoneID = try #require(pushes[0].payload["milestone_id"]?.stringValue)
                let stored = try await harness.server.api(fresh, .GET, "/api/v1/recommendations/by-milestone/\(milestoneID)")
                #expect(stored.json["count"] == 3)

                // §13 #62: the history lists the sent reminder, not the pending ones.
                let history = try await harness.server.api(fresh, .GET, "/api/v1/notifications/history")
                #expect(history.status == 200)
                #expect(history.json["total"] == 1)
                let item = try #require(history.json["notifications"]?[0])
                #expect(item["milestone_name"] == "Birthday")
                #expect(item["status"] == "sent")
                #expect(item["viewed_at"] == .null)
                #expect(item["recommendations_count"] == 3)
                #expect(item["days_before"] == 7)

                let viewed = try await harness.server.api(fresh, .PATCH, "/api/v1/notifications/\(reminder.id)/viewed")
                #expect(viewed.status == 200)
                #expect(viewed.json["viewed_at"]?.stringValue?.hasPrefix("2026-03-13T00:00:00") == true)
                let again = try await harness.server.api(fresh, .GET, "/api/v1/notifications/history")
                #expect(again.json["notifications"]?[0]?["viewed_at"] != .null)

                let export = try await harness.server.api(fresh, .GET, "/api/v1/users/me/export")
                let exported = try #require(export.json["notifications"]?.arrayValue)
                #expect(exported.count == 5)
                #expect(exported.first?["status"] == "sent")
                #expect(exported.first?["id"]?.stringValue == reminder.id)
                #expect(exported.first?["viewed_at"] != .null)

                let stranger = try await harness.server.signUp("stranger@example.com")
                #expect(try await harness.server.api(stranger, .PATCH, "/api/v1/notifications/\(reminder.id)/viewed").status == 404)
                #expect(try await harness.server.api(stranger, .GET, "/api/v1/notifications/history").json["total"] == 0)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func withoutVibesTheBodySaysCuratedAndWithoutADeviceTheReminderIsStillSent(engine: TestEngine) async throws {
        let push = RecordingPushSender()
        let collaborators = KnotCollaborators(push: push, catalog: ReminderFixtures.catalog)
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch, collaborators: collaborators) { harness in
            let withDevice = try await Self.prepare(harness, email: "curated@example.com", vibes: ["outdoorsy"])
            try await harness.database.transaction { sql in
                try await sql.execute("DELETE FROM knot_partner_vibes WHERE vault_id IN (SELECT id FROM knot_partner_vaults WHERE user_id = ?)", [.text(withDevice.userID)])
            }
            let first = try #require(try await harness.reminders(of: withDevice).first)
            let outcome = try #require(try await harness.components.processor.process(notificationID: first.id))
            #expect(outcome.status == .processed)
            #expect(outcome.pushDelivered)
            #expect(push.notifications.first?.body.contains("3 curated options") == true)

            let noDevice = try await Self.prepare(harness, email: "nodevice@example.com", device: nil)
            let row = try #require(try await harness.reminders(of: noDevice).first)
            let silent = try #require(try await harness.components.processor.process(notificationID: row.id))
            #expect(silent.status == .processed)
            #expect(silent.recommendationsGenerated == 3)
            #expect(!silent.pushDelivered)
            #expect(try await harness.reminders(of: noDevice).first?.status == "sent")
        }
    }

    @Test(arguments: TestEngine.available)
    func twoRunsOfOneReminderPushItOnce(engine: TestEngine) async throws {
        let push = RecordingPushSender()
        let collaborators = KnotCollaborators(push: push, catalog: ReminderFixtures.catalog)
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch, collaborators: collaborators) { harness in
            let user = try await Self.prepare(harness, email: "twice@example.com")
            let row = try #require(try await harness.reminders(of: user).first)
            let processor = harness.components.processor
            async let first = processor.process(notificationID: row.id)
            async let second = processor.process(notificationID: row.id)
            let statuses = [try await first?.status, try await second?.status].compactMap { $0 }
            #expect(statuses.filter { $0 == .processed }.count == 1)
            #expect(statuses.filter { $0 == .skipped }.count == 1)
            #expect(push.notifications.count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func aSettledReminderIsSkippedAndASwitchedOffUserHasItCancelled(engine: TestEngine) async throws {
        let push = RecordingPushSender()
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch, collaborators: KnotCollaborators(push: push)) { harness in
            let user = try await Self.prepare(harness, email: "settled@example.com")
            let rows = try await harness.reminders(of: user)
            try await harness.database.transaction { sql in
                try await sql.execute("UPDATE knot_notification_queue SET status = 'sent' WHERE id = ?", [.text(rows[0].id)])
            }
            let skipped = try #require(try await harness.components.processor.process(notificationID: rows[0].id))
            #expect(skipped.status == .skipped)
            #expect(skipped.recommendationsGenerated == 0)
            #expect(try await harness.server.count("knot_recommendations") == 0)

            // Switched off behind the routes' back (the route cancels at once): processing checks again.
            try await harness.database.transaction { sql in
                try await sql.execute("UPDATE knot_users SET notifications_enabled = 0 WHERE id = ?", [.text(user.userID)])
            }
            let disabled = try #require(try await harness.components.processor.process(notificationID: rows[1].id))
            #expect(disabled.status == .skipped)
            #expect(disabled.message == "Notifications disabled by user.")
            #expect(try await harness.reminders(of: user)[1].status == "cancelled")
            #expect(push.notifications.isEmpty)
            #expect(try await harness.components.processor.process(notificationID: KnotID.make()) == nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func duringQuietHoursTheReminderWaitsForTheirEnd(engine: TestEngine) async throws {
        // 2026-03-13T05:00Z is 00:00 in Austin (CDT): quiet until 08:00 local, 13:00Z.
        let midnightInAustin = Timestamp(millisecondsSince1970: 1_773_378_000_000)
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let user = try await Self.prepare(harness, email: "quiet@example.com")
            harness.clock.set(midnightInAustin)
            let row = try #require(try await harness.reminders(of: user).first)
            let outcome = try #require(try await harness.components.processor.process(notificationID: row.id))
            #expect(outcome.status == .rescheduled)
            #expect(try await harness.reminders(of: user).first?.status == "pending")
            #expect(try await harness.reminders(of: user).first?.scheduledFor == row.scheduledFor)
            let retries = try await harness.jobs().filter { $0.dedupKey?.contains("-quiet-") == true }
            #expect(retries.map(\.runAt) == [Timestamp(millisecondsSince1970: 1_773_406_800_000)])
        }
    }

    @Test(arguments: TestEngine.available)
    func afterTheLastFailedAttemptTheReminderIsMarkedFailed(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let user = try await Self.prepare(harness, email: "failed@example.com")
            let row = try #require(try await harness.reminders(of: user).first)
            let services = await harness.server.platform.services(for: KnotApp())
            let definition = try #require(
                KnotJobs(components: harness.components, services: services, settings: NotificationSettings()).definitions.first {
                    $0.kind == "notification.process"
                })
            #expect(definition.maxAttempts == 3)
            #expect(definition.retryDelay?(1) == 30_000)
            #expect(definition.retryDelay?(2) == 60_000)
            let onFinalFailure = try #require(definition.onFinalFailure)
            let context = JobContext(id: "j", app: "knot", kind: definition.kind, payload: ["notification_id": .string(row.id)], attempt: 3)
            try await onFinalFailure(context, "push service down")
            #expect(try await harness.reminders(of: user).first?.status == "failed")
        }
    }
}
