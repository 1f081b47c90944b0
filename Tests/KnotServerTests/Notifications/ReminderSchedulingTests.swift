import HearthCore
import HearthTesting
import Testing

@testable import KnotServer

/// Scheduling reminders (spec §8.2, §13 #8 and #50, decision 9) through the vault and
/// preference routes and the daily sweep, on both engines.
@Suite struct ReminderSchedulingTests {
    static let birthdaySeven = ReminderFixtures.thirteenthOfMarch
    static let birthdayThree = ReminderFixtures.seventeenthOfMarch
    /// Valentine's Day 2027: 14, 7 and 3 days before.
    static let valentines = [1_801_353_600_000, 1_801_958_400_000, 1_802_304_000_000].map(Timestamp.init(millisecondsSince1970:))

    @Test(arguments: TestEngine.available)
    func savingAVaultSchedulesTheRemindersStillAheadAndTheSweepAddsNothing(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let user = try await harness.server.signUp("schedule@example.com")
            _ = try await harness.server.createVault(user, ReminderFixtures.vault())
            let rows = try await harness.reminders(of: user)
            // The birthday's 14-day reminder (2026-03-06) has passed.
            #expect(rows.map(\.daysBefore) == [7, 3, 14, 7, 3])
            #expect(rows.map(\.scheduledFor) == [Self.birthdaySeven, Self.birthdayThree] + Self.valentines)
            #expect(rows.allSatisfy { $0.status == "pending" })
            let jobs = try await harness.jobs()
            #expect(jobs.map(\.kind) == Array(repeating: "notification.process", count: 5))
            #expect(jobs.map(\.runAt) == rows.map(\.scheduledFor))
            #expect(jobs.compactMap(\.dedupKey).contains { $0.hasSuffix("-7-2026-03-13") })

            let sweep = try await harness.components.scheduler.sweep()
            #expect(sweep.milestones == 2)
            #expect(sweep.remindersAdded == 0)
            #expect(try await harness.reminders(of: user).count == 5)
            #expect(try await harness.jobs().count == 5)
        }
    }

    @Test(arguments: TestEngine.available)
    func aPutThatKeepsTheMilestonesKeepsTheirPendingReminders(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let user = try await harness.server.signUp("keep@example.com")
            _ = try await harness.server.createVault(user, ReminderFixtures.vault())
            let before = try await harness.reminders(of: user).map(\.id)
            var renamed = ReminderFixtures.vault()
            renamed["partner_name"] = "Sam"
            #expect(try await harness.server.api(user, .PUT, "/api/v1/vault", renamed).status == 200)
            let after = try await harness.reminders(of: user)
            #expect(after.map(\.id) == before)
            #expect(after.allSatisfy { $0.status == "pending" })
        }
    }

    @Test(arguments: TestEngine.available)
    func aMilestoneRemovedByAPutTakesItsRemindersAndTheirJobsFindNothing(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let user = try await harness.server.signUp("removed@example.com")
            _ = try await harness.server.createVault(user, ReminderFixtures.vault())
            var birthdayOnly = ReminderFixtures.vault()
            birthdayOnly["milestones"] = .array([birthdayOnly["milestones"]?[0] ?? .null])
            #expect(try await harness.server.api(user, .PUT, "/api/v1/vault", birthdayOnly).status == 200)
            #expect(try await harness.reminders(of: user).map(\.daysBefore) == [7, 3])
            // Valentine's first job still runs when due and ends quietly as "not found";
            // the birthday's two are sent (with the recurring jobs due by then).
            harness.clock.set(Self.valentines[0])
            #expect(try await harness.runner.runDueJobs() >= 3)
            let states = try await harness.jobs().filter { $0.runAt <= Self.valentines[0] }.map(\.status)
            #expect(states == ["done", "done", "done"])
            #expect(try await harness.reminders(of: user).prefix(2).map(\.status) == ["sent", "sent"])
        }
    }

    @Test(arguments: TestEngine.available)
    func turningRemindersOffCancelsThemAtOnceAndTurningThemOnSchedulesThemAgain(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let server = harness.server
            let user = try await server.signUp("toggle@example.com")
            _ = try await server.createVault(user, ReminderFixtures.vault())
            let off = try await server.api(user, .PUT, "/api/v1/users/me/notification-preferences", ["notifications_enabled": false])
            #expect(off.status == 200)
            #expect(try await harness.reminders(of: user).allSatisfy { $0.status == "cancelled" })
            #expect(try await harness.jobs().allSatisfy { $0.status == "cancelled" })
            // The sweep leaves a user with reminders off alone.
            #expect(try await harness.components.scheduler.sweep().remindersAdded == 0)
            harness.clock.set(Self.birthdaySeven)
            try await harness.runner.runDueJobs()
            #expect(try await harness.reminders(of: user).allSatisfy { $0.status == "cancelled" })

            let on = try await server.signIn("toggle@example.com")
            #expect(try await server.api(on, .PUT, "/api/v1/users/me/notification-preferences", ["notifications_enabled": true]).status == 200)
            let rows = try await harness.reminders(of: user)
            // Now is the 7-day reminder's own time, so it is still ahead; the rest too.
            #expect(rows.map(\.daysBefore) == [7, 3, 14, 7, 3])
            #expect(rows.allSatisfy { $0.status == "pending" })
            #expect(try await harness.jobs().filter { $0.status == "queued" }.count == 5)
        }
    }

    @Test(arguments: TestEngine.available)
    func theSweepAndLearningAreAlwaysQueuedOnceAndRequeueThemselves(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            // The start-up housekeeping queued the next run of each, once however often it runs.
            let services = await harness.server.platform.services(for: KnotApp())
            try await KnotJobs.queueNext(.milestoneSweep, services: services)
            try await KnotJobs.queueNext(.feedbackAnalysis, services: services)
            let sweeps = try await harness.jobs(kind: "milestone.sweep")
            #expect(sweeps.map(\.runAt) == [Timestamp(millisecondsSince1970: 1_773_187_500_000)])  // 2026-03-11T00:05Z
            #expect(try await harness.jobs(kind: "feedback.analyze").map(\.runAt) == [Timestamp(millisecondsSince1970: 1_773_630_000_000)])
            harness.clock.set(sweeps[0].runAt)
            #expect(try await harness.runner.runDueJobs() == 1)
            #expect(try await harness.jobs(kind: "milestone.sweep").map(\.status) == ["done", "queued"])
            #expect(try await harness.jobs(kind: "milestone.sweep").last?.runAt == Timestamp(millisecondsSince1970: 1_773_273_900_000))
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheAccountCancelsItsQueuedJobs(engine: TestEngine) async throws {
        try await KnotReminderHarness.run(engine: engine, at: ReminderFixtures.tenthOfMarch) { harness in
            let user = try await harness.server.signUp("gone@example.com")
            _ = try await harness.server.createVault(user, ReminderFixtures.vault())
            #expect(try await harness.server.api(user, .DELETE, "/api/v1/users/me").status == 200)
            #expect(try await harness.jobs().map(\.status) == Array(repeating: "cancelled", count: 5))
            #expect(try await harness.server.count("knot_notification_queue") == 0)
        }
    }
}
