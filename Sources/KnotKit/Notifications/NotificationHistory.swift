/// A milestone reminder that was sent (or failed), as `GET /api/v1/notifications/history`
/// lists it (spec §5.6). A deleted milestone reads "Deleted Milestone", type `unknown`.
public struct SentNotification: Codable, Sendable, Hashable {
    public var id: String
    public var milestoneID: String
    public var milestoneName: String
    public var milestoneType: String
    public var milestoneDate: String
    /// 14, 7 or 3 days before the milestone.
    public var daysBefore: Int
    /// `sent` or `failed`.
    public var status: String
    public var sentAt: String?
    public var viewedAt: String?
    public var createdAt: String
    /// Recommendations made for the milestone.
    public var recommendationsCount: Int

    enum CodingKeys: String, CodingKey {
        case id, milestoneID = "milestone_id", milestoneName = "milestone_name", milestoneType = "milestone_type"
        case milestoneDate = "milestone_date", daysBefore = "days_before", status, sentAt = "sent_at", viewedAt = "viewed_at"
        case createdAt = "created_at", recommendationsCount = "recommendations_count"
    }
}

/// One page of the reminder history, newest first, and how many there are in all.
public struct NotificationHistory: Codable, Sendable, Hashable {
    public var notifications: [SentNotification]
    public var total: Int
}

/// What `PATCH …/viewed` answers.
public struct NotificationViewed: Codable, Sendable, Hashable {
    public var id: String
    public var viewedAt: String

    enum CodingKeys: String, CodingKey {
        case id, viewedAt = "viewed_at"
    }
}

/// When reminders may arrive (spec §5.7).
public struct NotificationPreferences: Codable, Sendable, Hashable {
    public var notificationsEnabled: Bool
    /// Quiet hours, 0…23, in ``timezone``.
    public var quietHoursStart: Int
    public var quietHoursEnd: Int
    /// An IANA zone such as `America/New_York`; `nil` until the app sets one.
    public var timezone: String?

    enum CodingKeys: String, CodingKey {
        case notificationsEnabled = "notifications_enabled", quietHoursStart = "quiet_hours_start", quietHoursEnd = "quiet_hours_end"
        case timezone
    }
}

/// A change to the preferences: fields left `nil` stay as they are.
public struct NotificationPreferencesChange: Codable, Sendable, Hashable {
    public var notificationsEnabled: Bool?
    public var quietHoursStart: Int?
    public var quietHoursEnd: Int?
    public var timezone: String?

    public init(notificationsEnabled: Bool? = nil, quietHoursStart: Int? = nil, quietHoursEnd: Int? = nil, timezone: String? = nil) {
        self.notificationsEnabled = notificationsEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.timezone = timezone
    }

    enum CodingKeys: String, CodingKey {
        case notificationsEnabled = "notifications_enabled", quietHoursStart = "quiet_hours_start", quietHoursEnd = "quiet_hours_end"
        case timezone
    }
}
