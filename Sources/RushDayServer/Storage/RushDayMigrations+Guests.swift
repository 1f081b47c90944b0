import HearthStore

extension RushDayMigrations {
    static let guests = Migration(
        module: module, version: 3, name: "rush day guests, guest invitations and public invitations",
        sql: [])
}
