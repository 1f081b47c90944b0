import HearthCore
import HearthServer

/// Knot's jobs on Hearth's durable runner (spec §9.3): reminders, the daily milestone
/// sweep and the weekly feedback learning. There is no second scheduler.
struct KnotJobs: Sendable {
    let components: KnotComponents
    let services: AppServices
    let settings: NotificationSettings

    var definitions: [JobDefinition] {
        let (components, services) = (components, services)
        let recurring = settings.schedulerEnabled
        return [
            JobDefinition(
                kind: ReminderQueue.processKind, maxAttempts: ReminderQueue.maxAttempts, timeout: .seconds(120),
                retryDelay: { attempt in 30_000 * Int64(1 << max(0, min(attempt - 1, 10))) },
                onFinalFailure: { context, _ in
                    guard let id = context.payload["notification_id"]?.stringValue else { return }
                    try await services.database.transaction { sql in
                        guard let reminder = try await components.reminders.find(id: id, on: sql), reminder.status == .pending else { return }
                        try await components.reminders.setStatus(.failed, id: id, on: sql)
                    }
                },
                run: { context in
                    guard let id = context.payload["notification_id"]?.stringValue else { return }
                    // A row gone with its milestone ends the job as "not found".
                    _ = try await components.processor.process(notificationID: id)
                }),
            JobDefinition(kind: RecurringJob.milestoneSweep.kind, maxAttempts: 3, timeout: .seconds(600)) { _ in
                try await components.scheduler.sweep()
                if recurring { try await Self.queueNext(.milestoneSweep, services: services) }
            },
            JobDefinition(kind: RecurringJob.feedbackAnalysis.kind, maxAttempts: 3, timeout: .seconds(600)) { _ in
                _ = try await components.learning.run()
                if recurring { try await Self.queueNext(.feedbackAnalysis, services: services) }
            },
        ]
    }

    /// Hourly (and at start-up): a future run of each recurring job exists.
    static func housekeeping(services: AppServices, settings: NotificationSettings) -> [Housekeeping] {
        guard settings.schedulerEnabled else { return [] }
        return [
            Housekeeping(name: "knot recurring jobs") {
                try await Self.queueNext(.milestoneSweep, services: services)
                try await Self.queueNext(.feedbackAnalysis, services: services)
            }
        ]
    }

    static func queueNext(_ job: RecurringJob, services: AppServices) async throws {
        try await services.database.transaction { sql in
            try await job.queueNext(after: services.clock.now, jobs: services.jobs, on: sql)
        }
    }
}
