import HearthCore

/// One alert for one device (spec Knot §8.5), whichever platform delivers it.
public struct PushNotification: Sendable, Hashable {
    /// APNs `apns-priority`: 10 delivers at once, 5 when the device's power allows, 1 may
    /// be grouped and delayed.
    public enum Priority: Int, Sendable, Hashable {
        case immediate = 10
        case powerConsiderate = 5
        case low = 1
    }

    public var deviceToken: String
    public var title: String
    public var body: String
    /// Extra top-level payload keys (`notification_id`, …) next to `aps`; an `aps` key here
    /// is ignored.
    public var custom: [String: JSONValue]
    /// `aps.category`, for actionable notifications (`MILESTONE_REMINDER`).
    public var category: String?
    /// `apns-collapse-id`: a later notification with the same id replaces this one.
    public var collapseID: String?
    /// Until when the platform keeps retrying; `nil` leaves it to the platform.
    public var expiration: Timestamp?
    public var priority: Priority

    public init(
        deviceToken: String, title: String, body: String, custom: [String: JSONValue] = [:], category: String? = nil,
        collapseID: String? = nil, expiration: Timestamp? = nil, priority: Priority = .immediate
    ) {
        self.deviceToken = deviceToken
        self.title = title
        self.body = body
        self.custom = custom
        self.category = category
        self.collapseID = collapseID
        self.expiration = expiration
        self.priority = priority
    }

    /// The APNs JSON payload: `{"aps": {"alert": {"title", "body"}, "sound": "default",
    /// "category"?}, …custom}`.
    public var payload: JSONValue {
        var aps: [String: JSONValue] = [
            "alert": ["title": .string(title), "body": .string(body)], "sound": "default",
        ]
        if let category { aps["category"] = .string(category) }
        var payload = custom
        payload["aps"] = .object(aps)
        return .object(payload)
    }
}

/// What became of a notification.
public enum PushResult: Sendable, Hashable {
    /// Accepted by the platform; `id` is its id for the notification (`apns-id`), if any.
    case delivered(id: String?)
    /// The device token is no longer valid (APNs 410 `Unregistered`, 400 `BadDeviceToken`):
    /// the caller should forget it.
    case tokenNoLongerValid(reason: String)
    /// Refused for any other reason (HTTP status and the platform's reason, if given).
    case refused(status: Int, reason: String?)

    public var isDelivered: Bool { if case .delivered = self { true } else { false } }

    /// Whether the caller should stop sending to this device token.
    public var forgetsToken: Bool { if case .tokenNoLongerValid = self { true } else { false } }
}

/// Delivers push notifications (APNs, or a development outbox). Throws only when delivery
/// could not be attempted or its outcome is unknown (network, timeout); the platform's
/// answers are ``PushResult``s.
public protocol PushSender: Sendable {
    func send(_ notification: PushNotification) async throws -> PushResult
}
