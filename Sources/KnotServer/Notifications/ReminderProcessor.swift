import HearthCore
import HearthServer
import HearthStore
import Logging

/// Processes one due reminder (spec §8.3): skips what is settled, honours the user's
/// switch and quiet hours, generates the milestone's recommendations and pushes them.
///
/// Generation and push are isolated — their failures are logged and the reminder is still
/// sent; anything else throws, so the job is retried and finally marked failed.
struct ReminderProcessor: Sendable {
    static let disabledMessage = "Notifications disabled by user."

    let database: any HearthDatabase
    let queue: ReminderQueue
    let recommendations: RecommendationService
    /// `nil`: push is not available (unconfigured in production).
    let push: (any PushSender)?
    let devices: DeviceTokens
    let clock: any WallClock
    let logger: Logger

    /// What became of a reminder: the webhook's response body (§5.6).
    struct Outcome: Sendable, Hashable {
        enum Status: String, Sendable {
            case processed, skipped, failed, rescheduled
        }

        var status: Status
        var notificationID: String
        var message: String
        var recommendationsGenerated = 0
        var pushDelivered = false

        var json: JSONValue {
            [
                "status": .string(status.rawValue), "notification_id": .string(notificationID), "message": .string(message),
                "recommendations_generated": .int(Int64(recommendationsGenerated)), "push_delivered": .bool(pushDelivered),
            ]
        }
    }

    /// - Returns: `nil` when the queue row does not exist (its milestone was deleted).
    func process(notificationID: String) async throws -> Outcome? {
        guard let reminder = try await database.read({ sql in try await queue.find(id: notificationID, on: sql) }) else { return nil }
        guard reminder.status == .pending else {
            return Outcome(status: .skipped, notificationID: reminder.id, message: "Notification already \(reminder.status.rawValue).")
        }
        let (isQuiet, nextDelivery, enabled) = await quietHoursCheck(userID: reminder.userID)
        if !enabled {
            try await database.transaction { sql in try await queue.setStatus(.cancelled, id: reminder.id, on: sql) }
            return Outcome(status: .skipped, notificationID: reminder.id, message: Self.disabledMessage)
        }
        if isQuiet, let nextDelivery {
            // Never sooner than a minute from now, so a wrong answer cannot loop.
            let runAt = max(nextDelivery, clock.now.adding(seconds: 60))
            try await database.transaction { sql in try await queue.retry(reminder, at: runAt, on: sql) }
            return Outcome(
                status: .rescheduled, notificationID: reminder.id, message: "Quiet hours; rescheduled for \(KnotTime.format(runAt)).")
        }
        let generated = try await generateRecommendations(for: reminder)
        // Claimed before the push: of two runs of one reminder (a retry after a timeout,
        // the webhook beside the job), only the one that marks it sent pushes.
        guard try await queue.markSent(id: reminder.id, at: clock.now, in: database) else {
            return Outcome(status: .skipped, notificationID: reminder.id, message: "Notification already sent.")
        }
        var delivered = false
        if generated.count > 0, let push, let vault = generated.vault, let milestone = generated.milestone {
            delivered = try await deliver(reminder, count: generated.count, vault: vault, milestone: milestone, through: push)
        }
        return Outcome(
            status: .processed, notificationID: reminder.id, message: "Reminder sent.", recommendationsGenerated: generated.count,
            pushDelivered: delivered)
    }

    /// §8.4: `(is_quiet, next_delivery, enabled)`; a missing user or any error counts as
    /// `(false, nil, true)`.
    func quietHoursCheck(userID: String) async -> (Bool, Timestamp?, Bool) {
        do {
            let found = try await database.read { sql in
                (try await UserProfiles.profile(userID: userID, on: sql), try await StoredVault.load(userID: userID, on: sql))
            }
            guard let profile = found.0 else { return (false, nil, true) }
            let preferences = profile.preferences
            guard preferences.notificationsEnabled else { return (false, nil, false) }
            let zone = ReminderTimeZone.resolve(
                explicit: preferences.timezone, state: found.1?.locationState, country: found.1?.locationCountry)
            let hours = QuietHours(start: Int(preferences.quietHoursStart), end: Int(preferences.quietHoursEnd), zone: zone)
            let now = clock.now
            guard hours.isQuiet(at: now) else { return (false, nil, true) }
            return (true, hours.nextDelivery(after: now), true)
        } catch {
            logger.warning("quiet hours unknown; sending now", metadata: ["user": "\(userID)", "error": "\(error)"])
            return (false, nil, true)
        }
    }

    private struct Generated {
        var count = 0
        var vault: StoredVault?
        var milestone: StoredVault.Milestone?
    }

    /// How long generating may take, well inside the job's own limit.
    static let generationTimeout: Duration = .seconds(60)

    /// §8.3 step 6, isolated: any failure means none generated — but a cancelled job stops.
    private func generateRecommendations(for reminder: QueuedReminder) async throws -> Generated {
        do {
            guard let vault = try await recommendations.vault(of: reminder.userID),
                let milestone = vault.milestones.first(where: { $0.id == reminder.milestoneID })
            else { return Generated() }
            let recommendations = recommendations
            let count = try await withTimeout(Self.generationTimeout) {
                let input = await recommendations.input(vault: vault, occasionType: milestone.content.budgetTier, milestone: milestone)
                return try await recommendations.generate(input).count
            }
            return Generated(count: count, vault: vault, milestone: milestone)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            logger.warning("reminder recommendations failed", metadata: ["notification": "\(reminder.id)", "error": "\(error)"])
            return Generated()
        }
    }

    /// §8.3 step 7, isolated: to every device of the user (decision 8); delivered when any
    /// device accepted it. Tokens the platform calls invalid are forgotten.
    private func deliver(
        _ reminder: QueuedReminder, count: Int, vault: StoredVault, milestone: StoredVault.Milestone, through push: any PushSender
    ) async throws -> Bool {
        do {
            let targets = try await devices.devices(userID: reminder.userID)
            guard !targets.isEmpty else {
                logger.info("reminder not pushed", metadata: ["notification": "\(reminder.id)", "reason": "no_device_token"])
                return false
            }
            var delivered = false
            for target in targets {
                let notification = ReminderPush.notification(
                    deviceToken: target.token, reminder: reminder, partnerName: vault.partnerName,
                    milestoneName: milestone.content.milestoneName, recommendationCount: count, vibes: vault.vibes)
                do {
                    let result = try await push.send(notification)
                    delivered = delivered || result.isDelivered
                    if result.forgetsToken { try await devices.forget(token: target.token, userID: reminder.userID) }
                } catch {
                    if Task.isCancelled { throw CancellationError() }
                    logger.warning("push failed", metadata: ["notification": "\(reminder.id)", "error": "\(error)"])
                }
            }
            return delivered
        } catch {
            if Task.isCancelled { throw CancellationError() }
            logger.warning("push failed", metadata: ["notification": "\(reminder.id)", "error": "\(error)"])
            return false
        }
    }
}
