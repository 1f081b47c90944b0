import HearthCore
import HearthStore

/// Brings the original PantryPal server's SQLite database (spec §4) into Hearth's
/// PantryPal tables: households, users (bcrypt hashes and Apple subjects kept, so people
/// sign in as before), locations, products, inventory, invites, checkout history, grocery
/// lists, the change log, device tokens and notification preferences.
///
/// - Ids are kept, so the original app's cached rows and sync cursor stay valid; a row
///   whose id Hearth already holds is left untouched. Running the import again therefore
///   changes nothing and reports every row as already present.
/// - Rows Hearth's rules (spec §6) do not accept are refused and listed with the reason,
///   as are rows that refer to one that is refused or missing.
/// - Everything happens in one transaction: a failure, or a dry run, leaves Hearth as it was.
/// - The original file is opened read-only.
public struct OriginalPantryPalImport: Sendable {
    public let file: String
    public let database: any HearthDatabase
    public let clock: any WallClock

    public init(file: String, into database: any HearthDatabase, clock: any WallClock = SystemWallClock()) {
        self.file = file
        self.database = database
        self.clock = clock
    }

    /// Checks that `path` is an original PantryPal database without importing anything,
    /// so a command can refuse a wrong file before it opens Hearth's database.
    public static func checkFile(_ path: String) async throws(OriginalPantryPalFileError) {
        let original = try await OriginalDatabase.open(path: path)
        original.close()
    }

    /// Imports the file (with `dryRun`, only reports what it would import), calling
    /// `progress` as rows are handled. Throws ``OriginalPantryPalFileError`` for a file that is
    /// not an original PantryPal database, and database errors (nothing is then changed).
    public func run(dryRun: Bool = false, progress: @escaping @Sendable (PantryImportProgress) -> Void = { _ in }) async throws -> PantryImportReport {
        let original = try await OriginalDatabase.open(path: file)
        var tables: [OriginalTable: [SQLRow]] = [:]
        do {
            for table in OriginalTable.allCases { tables[table] = try await original.rows(of: table) }
            original.close()
        } catch {
            original.close()
            throw error
        }
        let rows = tables
        let now = clock.now
        let file = file
        do {
            return try await database.transaction { executor in
                let target = ImportTarget(executor: executor, now: now, dryRun: dryRun)
                var ledger = ImportLedger(
                    report: PantryImportReport(source: file, dryRun: dryRun), total: rows.values.reduce(0) { $0 + $1.count }, progress: progress)
                try await Self.importAll(rows, into: target, ledger: &ledger)
                if dryRun { throw DryRunRollback(report: ledger.report) }
                return ledger.report
            }
        } catch let rollback as DryRunRollback {
            return rollback.report
        }
    }

    /// Every kind, in an order where each row's references are settled before it.
    private static func importAll(_ rows: [OriginalTable: [SQLRow]], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        func of(_ table: OriginalTable) -> [SQLRow] { rows[table] ?? [] }
        try await HouseholdsAndUsersImport.run(households: of(.households), users: of(.users), into: target, ledger: &ledger)
        try await LocationsImport.run(of(.locations), into: target, ledger: &ledger)
        try await ProductsImport.run(of(.products), into: target, ledger: &ledger)
        try await InventoryImport.run(of(.inventory), into: target, ledger: &ledger)
        try await InvitesImport.run(of(.inviteCodes), into: target, ledger: &ledger)
        try await CheckoutHistoryImport.run(of(.checkoutHistory), into: target, ledger: &ledger)
        try await GroceryImport.run(of(.groceryItems), into: target, ledger: &ledger)
        try await ChangeLogImport.run(of(.syncLog), into: target, ledger: &ledger)
        try await NotificationSettingsImport.runDeviceTokens(of(.deviceTokens), into: target, ledger: &ledger)
        try await NotificationSettingsImport.runPreferences(of(.notificationPreferences), into: target, ledger: &ledger)
    }

    /// Thrown at the end of a dry run so the transaction rolls back; carries the report.
    private struct DryRunRollback: Error {
        let report: PantryImportReport
    }
}
