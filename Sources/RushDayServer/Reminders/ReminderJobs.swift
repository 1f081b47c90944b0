import HearthCore
import HearthServer

/// Rush Day's jobs on the platform runner: re-planning and sending reminders, and the
/// hourly sweep.
struct ReminderJobs: Sendable {
    let components: RushDayComponents

    var definitions: [JobDefinition] {
        let scheduler = components.reminders
        let delivery = ReminderDelivery(
            database: components.services.database, sender: components.notifier.sender, clock: components.services.clock,
            logger: components.services.logger)
        return [
            JobDefinition(kind: ReminderScheduler.planEventKind, maxAttempts: 3, timeout: .seconds(120)) { context in
                guard let eventID = context.payload["event_id"]?.stringValue else { return }
                try await scheduler.plan(eventID)
            },
            JobDefinition(kind: ReminderScheduler.planUserKind, maxAttempts: 3, timeout: .seconds(300)) { context in
                guard let userID = context.payload["user_id"]?.stringValue else { return }
                try await scheduler.planUser(userID)
            },
            JobDefinition(kind: ReminderScheduler.sendKind, maxAttempts: 3, timeout: .seconds(60)) { context in
                _ = try await delivery.deliver(context.payload)
            },
        ]
    }

    var housekeeping: [Housekeeping] {
        let scheduler = components.reminders
        return [Housekeeping(name: "rush day reminders") { try await scheduler.sweep() }]
    }
}

extension RushDayComponents {
    var reminders: ReminderScheduler {
        ReminderScheduler(database: services.database, jobs: services.jobs, clock: services.clock, logger: services.logger)
    }
}
