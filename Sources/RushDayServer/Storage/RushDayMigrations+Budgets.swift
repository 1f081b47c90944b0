import HearthStore

extension RushDayMigrations {
    static let agendaAndBudgets = Migration(
        module: module, version: 4, name: "rush day agenda, expenses, payments and event budgets",
        sql: [])
}
