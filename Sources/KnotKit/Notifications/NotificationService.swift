/// Milestone reminders: what was sent, marking one seen, and when reminders may come.
public struct NotificationService: Sendable {
    let api: KnotAPI

    /// Sent and failed reminders, newest first (`limit` 1…100).
    public func history(limit: Int = 50, offset: Int = 0) async throws -> NotificationHistory {
        try await api.json(
            NotificationHistory.self, .get, "notifications/history", query: ["limit": String(limit), "offset": String(offset)])
    }

    /// Marks a reminder as seen (again: the time is replaced).
    @discardableResult
    public func markViewed(_ id: String) async throws -> NotificationViewed {
        try await api.json(NotificationViewed.self, .patch, "notifications/" + KnotAPI.segment(id) + "/viewed")
    }

    public func preferences() async throws -> NotificationPreferences {
        try await api.json(NotificationPreferences.self, .get, "users/me/notification-preferences")
    }

    /// Applies `change` (hours 0…23, an IANA zone) and answers the preferences now in force.
    public func updatePreferences(_ change: NotificationPreferencesChange) async throws -> NotificationPreferences {
        for (hour, field) in [(change.quietHoursStart, "quiet_hours_start"), (change.quietHoursEnd, "quiet_hours_end")] {
            if let hour, !(0...23).contains(hour) { throw KnotError.invalid(field: field, message: "An hour is 0 to 23") }
        }
        return try await api.json(NotificationPreferences.self, .put, "users/me/notification-preferences", body: change)
    }
}
