import HearthCore
import HearthServer
import HearthStore
import Logging

/// Runs one `reminder.send` job: recomputes the event's plan from the stored records and
/// pushes only if the job's reminder is still in it, so whatever changed since it was
/// queued (task deleted or done, event moved or deleted, preference off, co-host gone)
/// sends nothing. A reminder more than ``lateness`` overdue (the server was down) is
/// dropped rather than sent out of context.
struct ReminderDelivery: Sendable {
    static let lateness: Int64 = 6 * 3600 * 1000

    let database: any HearthDatabase
    let sender: any NotificationSender
    let clock: any WallClock
    let logger: Logger

    /// - Returns: whether the push went out.
    @discardableResult
    func deliver(_ payload: JSONValue) async throws -> Bool {
        guard let kind = payload["kind"]?.stringValue.flatMap(ReminderRules.Kind.init(rawValue:)),
            let eventID = payload["event_id"]?.stringValue, let userID = payload["user_id"]?.stringValue,
            let at = payload["at"]?.intValue
        else {
            logger.warning("malformed reminder job dropped", metadata: ["payload": "\(payload)"])
            return false
        }
        let itemID = payload["item_id"]?.stringValue
        guard clock.now.millisecondsSince1970 - at <= Self.lateness else { return false }
        let event = try await database.read { sql in try await ReminderSources.event(eventID, onlyUser: userID, sql) }
        guard let event,
            let reminder = ReminderRules.plan(event).first(where: {
                $0.kind == kind && $0.itemID == itemID && $0.at.millisecondsSince1970 == at
            })
        else { return false }
        await sender.send(reminder.notification, to: userID)
        return true
    }
}
