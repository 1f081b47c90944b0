import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_users` (spec §3.2 `User`).
struct RushDayUser: Sendable, Hashable {
    struct Preferences: Sendable, Hashable {
        var time = "9:00"
        var tasks = true
        var agenda = true
        var share = true
        var onTheDay = true
        var weekBefore = false
    }

    var id: String
    var name: String
    var email: String
    var avatar: String?
    var currency: String
    var isPremium: Bool
    var preferences: Preferences
    var timezoneOffset: Int?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    static let columns =
        "id, name, email, avatar, currency, is_premium, pref_time, pref_tasks, pref_agenda, pref_share, pref_on_the_day, pref_week_before, timezone_offset, created_at, updated_at"

    init(row: SQLRow) throws {
        id = try row.string("id")
        name = try row.string("name")
        email = try row.string("email")
        avatar = try row.optionalString("avatar")
        currency = try row.string("currency")
        isPremium = try row.bool("is_premium")
        preferences = Preferences(
            time: try row.string("pref_time"), tasks: try row.bool("pref_tasks"), agenda: try row.bool("pref_agenda"),
            share: try row.bool("pref_share"), onTheDay: try row.bool("pref_on_the_day"), weekBefore: try row.bool("pref_week_before"))
        timezoneOffset = try row.optionalInt("timezone_offset").map { Int($0) }
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }

    var message: Rushday_V1_User {
        var user = Rushday_V1_User()
        user.id = id
        user.name = name
        user.email = email
        if let avatar { user.avatar = avatar }
        user.currency = currency
        user.isPremium = isPremium
        user.createdAt = .init(createdAt)
        user.updatedAt = .init(updatedAt)
        var preferences = Rushday_V1_NotificationPreferences()
        preferences.time = self.preferences.time
        preferences.tasks = self.preferences.tasks
        preferences.agenda = self.preferences.agenda
        preferences.share = self.preferences.share
        preferences.onTheDay = self.preferences.onTheDay
        preferences.weekBefore = self.preferences.weekBefore
        user.notificationPreferences = preferences
        return user
    }
}
