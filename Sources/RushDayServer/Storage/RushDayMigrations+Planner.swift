import HearthStore

extension RushDayMigrations {
    static let planner = Migration(
        module: module, version: 6, name: "rush day planner generations, AI drafts, chat and checklists",
        sql: [])
}
