import GRPCCore
import HearthCore
import HearthStore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Reminders implied by notification preferences (§9 decision 8, ``ReminderRules``):
/// queued as durable jobs, sent through the `NotificationSender` when the clock gets there.
@Suite struct ReminderTests {
    @Test(arguments: TestEngine.available)
    func taskReminderReachesMembersWithTasksOnAtItsTime(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let event = try await h.rd.createEvent(.ann, date: "2026-03-20T18:00:00Z")
            try await h.rd.addCoHost(.bob, to: event)
            try await h.setPreferences(.bob) { $0.tasks = false }
            let task = try await h.rd.createTask(.ann, event.id, name: "Order the cake") { $0.notification = .iso("2026-03-02T10:00:00Z") }
            try await h.runJobs()
            #expect(try await h.queuedReminders(of: .ann).map(\.kind) == ["task_reminder", "event_today"])
            #expect(try await h.queuedReminders(of: .ann).first?.runAt == "2026-03-02T10:00:00.000Z")
            try await h.runJobs(at: "2026-03-02T09:59:59Z")
            #expect(h.reminders.isEmpty)
            try await h.runJobs(at: "2026-03-02T10:00:00Z")
            #expect(h.reminders.map(\.user) == ["user-a"])
            let delivery = try #require(h.rd.notifications.deliveries.last)
            #expect(delivery.notification.data == ["type": "task_reminder", "eventId": event.id, "taskId": task.id])
            #expect(delivery.notification.body == "Order the cake · Mia's 30th")
        }
    }

    @Test(arguments: TestEngine.available)
    func deletedOrDoneTaskSendsNothing(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let event = try await h.rd.createEvent(.ann, date: "2026-03-20T18:00:00Z")
            let deleted = try await h.rd.createTask(.ann, event.id, name: "Book DJ") { $0.notification = .iso("2026-03-02T10:00:00Z") }
            let done = try await h.rd.createTask(.ann, event.id, name: "Send invites") { $0.notification = .iso("2026-03-02T10:00:00Z") }
            try await h.runJobs()
            #expect(try await h.queuedReminders(of: .ann).filter { $0.kind == "task_reminder" }.count == 2)
            _ = try await h.rd.deleteTask(.ann, deleted.id)
            _ = try await h.rd.toggleTask(.ann, done.id)
            try await h.runJobs(at: "2026-03-02T10:00:00Z")
            #expect(h.reminders.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheAccountCancelsItsQueuedReminders(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let event = try await h.rd.createEvent(.ann, date: "2026-03-20T18:00:00Z")
            try await h.rd.createTask(.ann, event.id, name: "Order the cake") { $0.notification = .iso("2026-03-02T10:00:00Z") }
            try await h.runJobs()
            #expect(try await h.queuedReminders(of: .ann).count == 2)
            _ = try await h.rd.users.deleteUser(.init(), metadata: try await h.rd.auth(.ann))
            #expect(try await h.queuedReminders(of: .ann).isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func preferenceSwitchedOffAfterSchedulingSendsNothing(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let event = try await h.rd.createEvent(.ann, date: "2026-03-03T18:00:00Z")
            try await h.rd.createTask(.ann, event.id, name: "Buy balloons") { $0.notification = .iso("2026-03-02T10:00:00Z") }
            try await h.runJobs()
            #expect(try await h.queuedReminders(of: .ann).map(\.kind) == ["task_reminder", "event_today"])
            try await h.setPreferences(.ann) {
                $0.tasks = false
                $0.onTheDay = false
            }
            try await h.runJobs(at: "2026-03-02T10:00:00Z")
            try await h.runJobs(at: "2026-03-03T09:00:00Z")
            #expect(h.reminders.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func dayOfAndWeekBeforeComeAtThePreferredTimeInTheUsersZone(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            try await h.registerDevice(.ann, token: "ann-phone", offsetMinutes: 120)
            try await h.setPreferences(.ann) {
                $0.time = "8:30"
                $0.weekBefore = true
            }
            // 01:30 on 13 March in UTC+2: the 13th is the event's day there.
            try await h.rd.createEvent(.ann, date: "2026-03-12T23:30:00Z")
            try await h.runJobs()
            let queued = try await h.queuedReminders(of: .ann)
            #expect(queued.map(\.kind) == ["event_week_before", "event_today"])
            #expect(queued.map(\.runAt) == ["2026-03-06T06:30:00.000Z", "2026-03-13T06:30:00.000Z"])
            try await h.runJobs(at: "2026-03-06T06:30:00Z")
            #expect(h.reminders.map(\.type) == ["event_week_before"])
            try await h.runJobs(at: "2026-03-13T06:30:00Z")
            #expect(h.reminders.map(\.type) == ["event_week_before", "event_today"])
        }
    }

    @Test(arguments: TestEngine.available)
    func movedEventRemindsOnlyOnItsNewDay(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let event = try await h.rd.createEvent(.ann, date: "2026-03-10T18:00:00Z")
            try await h.runJobs()
            var update = h.rd.updateRequest(from: event)
            update.date = .iso("2026-03-11T18:00:00Z")
            _ = try await h.rd.events.updateEvent(update, metadata: try await h.rd.auth(.ann))
            try await h.runJobs()
            #expect(try await h.queuedReminders(of: .ann).map(\.runAt) == ["2026-03-10T09:00:00.000Z", "2026-03-11T09:00:00.000Z"])
            try await h.runJobs(at: "2026-03-10T09:00:00Z")
            #expect(h.reminders.isEmpty)
            try await h.runJobs(at: "2026-03-11T09:00:00Z")
            #expect(h.reminders.map(\.type) == ["event_today"])
        }
    }

    @Test(arguments: TestEngine.available)
    func draftsGetNoReminders(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let draft = try await h.rd.createEvent(.ann, date: "2026-03-10T18:00:00Z", isDraft: true)
            try await h.rd.createTask(.ann, draft.id, name: "Pick a venue") { $0.notification = .iso("2026-03-02T10:00:00Z") }
            try await h.runJobs()
            #expect(try await h.queuedReminders(of: .ann).isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func coHostWhoJoinsLaterIsRemindedAfterTheHourlySweep(_ engine: TestEngine) async throws {
        try await RushDayJobHarness.run(engine) { h in
            let event = try await h.rd.createEvent(.ann, date: "2026-03-05T18:00:00Z")
            try await h.runJobs()
            try await h.rd.addCoHost(.bob, to: event)
            #expect(try await h.queuedReminders(of: .bob).isEmpty)
            try await h.sweep()
            #expect(try await h.queuedReminders(of: .bob).map(\.runAt) == ["2026-03-05T09:00:00.000Z"])
            try await h.runJobs(at: "2026-03-05T09:00:00Z")
            #expect(h.reminders.map(\.user).sorted() == ["user-a", "user-b"])
        }
    }
}
