import HearthCore
import HearthStore

/// Imports the original's invite codes, used and expired ones included (they are the
/// household's history), ids and codes kept. Expiry becomes an instant Hearth compares
/// as such (spec W7), so a code the original would have honoured until the end of its
/// expiry day now lapses exactly at its expiry time.
enum InvitesImport {
    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let fields = rows.map(OriginalRowFields.init)
        let present = try await target.existing("pp_invite_codes", among: fields.compactMap { try? $0.id() })
        var codeHolders: [String: String] = [:]
        for row in try await target.rows("pp_invite_codes", selecting: "id, code", where: "code", among: fields.compactMap { try? $0.text("code") }) {
            codeHolders[try row.string("code")] = try row.string("id")
        }
        for invite in fields {
            let values: [SQLValue]
            let id: String
            do throws(ImportRefusal) {
                id = try invite.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.invites, id)
                    continue
                }
                let householdID = try invite.id("household_id")
                try ledger.requireAccepted(.households, householdID, column: "household_id")
                let creator = try invite.id("created_by")
                try ledger.requireAccepted(.users, creator, column: "created_by")
                let code = try invite.requiredText("code", limit: 64)
                if let holder = codeHolders[code] { throw ImportRefusal("code \(code) is already used by invite \(holder)") }
                guard let expires = try invite.instant("expires_at") else { throw ImportRefusal("expires_at is missing") }
                codeHolders[code] = id
                values = [
                    .text(id), .text(householdID), .text(code), .text(creator), .text(PantryTime.isoMillis(expires)), .init(expires),
                    // Who used a code only marks it used; that account need not have been imported.
                    .init(try invite.optionalID("used_by")), .init(try invite.text("used_at", limit: 64)),
                    .text(try invite.storedTime("created_at", fallback: target.nowText)),
                ]
            } catch {
                ledger.refused(.invites, invite.originalID, error.reason)
                continue
            }
            try await target.executor.execute(
                """
                INSERT INTO pp_invite_codes (id, household_id, code, created_by, expires_at, expires_at_ms, used_by, used_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values)
            ledger.imported(.invites, id)
        }
    }
}
