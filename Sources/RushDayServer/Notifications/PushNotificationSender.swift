import HearthCore
import HearthServer
import HearthStore
import Logging

/// Delivers Rush Day's notifications through a platform ``PushSender`` (FCM HTTP v1 in
/// production) to every device token the recipient registered (spec §2.9). A token the
/// provider calls invalid (FCM 404 `UNREGISTERED`, 400 `INVALID_ARGUMENT`) loses its
/// `rd_devices` row; any other failure is logged and never reaches the caller.
public struct PushNotificationSender: NotificationSender {
    let push: any PushSender
    let database: any HearthDatabase
    let logger: Logger

    public init(push: any PushSender, database: any HearthDatabase, logger: Logger) {
        self.push = push
        self.database = database
        self.logger = logger
    }

    public func send(_ notification: RushDayNotification, to userID: String) async {
        let tokens: [String]
        do {
            tokens = try await database.read { sql in
                try await sql.query("SELECT fcm_token FROM rd_devices WHERE user_id = ? ORDER BY fcm_token", [.text(userID)])
                    .map { try $0.string("fcm_token") }
            }
        } catch {
            logger.warning("push skipped: devices unreadable", metadata: ["user": "\(userID)", "error": "\(error)"])
            return
        }
        let custom = notification.data.mapValues(JSONValue.string)
        for token in tokens {
            let message = PushNotification(
                deviceToken: token, title: PushText.title(of: notification), body: PushText.body(of: notification), custom: custom)
            do {
                let result = try await push.send(message)
                switch result {
                case .delivered:
                    break
                case .tokenNoLongerValid(let reason):
                    logger.info("device token no longer valid; forgotten", metadata: ["user": "\(userID)", "reason": "\(reason)"])
                    try await forget(token, of: userID)
                case .refused(let status, let reason):
                    logger.warning(
                        "push refused", metadata: ["user": "\(userID)", "status": "\(status)", "reason": "\(reason ?? "")"])
                }
            } catch {
                logger.warning("push failed", metadata: ["user": "\(userID)", "type": "\(notification.type)", "error": "\(error)"])
            }
        }
    }

    /// The row goes only if it still belongs to `userID` (the token may have moved since).
    private func forget(_ token: String, of userID: String) async throws {
        try await database.transaction { sql in
            try await sql.execute("DELETE FROM rd_devices WHERE fcm_token = ? AND user_id = ?", [.text(token), .text(userID)])
        }
    }
}
