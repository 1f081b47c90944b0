import HearthCore
import HearthStore

/// Sends the side effects of spec §2.9 after the change committed; gated ones only to
/// recipients whose `share` preference is on.
struct EventNotifier: Sendable {
    let sender: any NotificationSender
    let database: any HearthDatabase

    func notify(_ type: String, eventID: String, to userIDs: [String], gatedByShare: Bool) async {
        for userID in userIDs {
            if gatedByShare {
                guard let user = try? await database.read({ sql in try await UserStore.user(userID, sql) }), user.preferences.share
                else { continue }
            }
            await sender.send(RushDayNotification(type: type, eventID: eventID), to: userID)
        }
    }
}
