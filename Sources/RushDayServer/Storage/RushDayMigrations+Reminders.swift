import HearthStore

extension RushDayMigrations {
    static let reminders = Migration(
        module: module, version: 7, name: "rush day reminders",
        sql: [])
}
