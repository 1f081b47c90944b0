import Logging
import Synchronization

/// A push to one user's devices (spec §2.9): `type` and camelCase data keys.
public struct RushDayNotification: Sendable, Hashable {
    public var type: String
    public var eventID: String
    public var extra: [String: String]
    /// The alert's text; `nil`: the wording of ``PushText`` for `type`.
    public var title: String?
    public var body: String?

    public init(type: String, eventID: String, extra: [String: String] = [:], title: String? = nil, body: String? = nil) {
        self.type = type
        self.eventID = eventID
        self.extra = extra
        self.title = title
        self.body = body
    }

    /// The data payload: `type`, `eventId` and the extra keys.
    public var data: [String: String] { extra.merging(["type": type, "eventId": eventID]) { _, new in new } }
}

/// Delivers side-effect notifications. Failures are the sender's to log; they never fail
/// the RPC that caused them.
public protocol NotificationSender: Sendable {
    func send(_ notification: RushDayNotification, to userID: String) async
}

/// The default until a push provider is configured: logs what would have been sent.
public struct LoggingNotificationSender: NotificationSender {
    let logger: Logger

    public init(logger: Logger) { self.logger = logger }

    public func send(_ notification: RushDayNotification, to userID: String) async {
        logger.debug(
            "push not configured; notification dropped",
            metadata: ["type": "\(notification.type)", "event": "\(notification.eventID)", "user": "\(userID)"])
    }
}

/// Keeps every notification in memory, for tests.
public final class RecordingNotificationSender: NotificationSender {
    public struct Delivery: Sendable, Hashable {
        public let userID: String
        public let notification: RushDayNotification
    }

    private let recorded = Mutex<[Delivery]>([])

    public init() {}

    public func send(_ notification: RushDayNotification, to userID: String) async {
        recorded.withLock { $0.append(Delivery(userID: userID, notification: notification)) }
    }

    public var deliveries: [Delivery] { recorded.withLock { $0 } }

    /// The users who received a notification of `type` about `eventID`.
    public func recipients(of type: String, eventID: String) -> [String] {
        deliveries.filter { $0.notification.type == type && $0.notification.eventID == eventID }.map(\.userID)
    }
}
