import HearthStore

extension RushDayMigrations {
    static let vendorsAndDrafts = Migration(
        module: module, version: 5, name: "rush day vendors and wizard drafts",
        sql: [])
}
