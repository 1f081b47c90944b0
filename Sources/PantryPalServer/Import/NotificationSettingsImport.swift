import HearthCore
import HearthStore

/// Imports the original's push-notification device tokens and preferences, so alerts keep
/// reaching the same phones with the same settings.
///
/// A device token follows its user's household (spec W21) and belongs to one account:
/// where the original registered one token for several accounts, the most recently
/// updated registration is kept and the others are refused.
enum NotificationSettingsImport {
    static func runDeviceTokens(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let fields = rows.map(OriginalRowFields.init)
        let present = try await target.existing("pp_device_tokens", among: fields.compactMap { try? $0.id() })
        var holders: [String: String] = [:]  // token → user id
        for row in try await target.rows("pp_device_tokens", selecting: "user_id, token", where: "token", among: fields.compactMap { try? $0.text("token") }) {
            holders[try row.string("token")] = try row.string("user_id")
        }
        // Newest registration first, so it is the one kept.
        let newestFirst = fields.sorted { left, right in
            ((try? left.text("updated_at")) ?? "", left.rowNumber) > ((try? right.text("updated_at")) ?? "", right.rowNumber)
        }
        for device in newestFirst {
            let values: [SQLValue]
            let id: String
            do throws(ImportRefusal) {
                id = try device.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.deviceTokens, id)
                    continue
                }
                let userID = try device.id("user_id")
                try ledger.requireAccepted(.users, userID, column: "user_id")
                let token = try device.requiredText("token", limit: 512)
                if let holder = holders[token] {
                    guard holder != userID else {
                        ledger.alreadyPresent(.deviceTokens, id)
                        continue
                    }
                    throw ImportRefusal("the same device token is registered to account \(holder) (a device belongs to its latest account)")
                }
                holders[token] = userID
                values = [
                    .text(id), .text(userID), .init(ledger.userHouseholds[userID]), .text(token),
                    .text(String((try device.text("platform") ?? "ios").prefix(20))),
                    .text(try device.storedTime("created_at", fallback: target.nowText)),
                    .text(try device.storedTime("updated_at", fallback: target.nowText)),
                ]
            } catch {
                ledger.refused(.deviceTokens, device.originalID, error.reason)
                continue
            }
            try await target.executor.execute(
                """
                INSERT INTO pp_device_tokens (id, user_id, household_id, session_id, token, platform, created_at, updated_at)
                VALUES (?, ?, ?, NULL, ?, ?, ?, ?)
                """, values)
            ledger.imported(.deviceTokens, id)
        }
    }

    /// One row per user; days and thresholds 1…365 (0 or NULL: the default, as `PUT
    /// /notifications/preferences` treats them).
    static func runPreferences(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let fields = rows.map(OriginalRowFields.init)
        let present = try await target.existing("pp_notification_preferences", among: fields.compactMap { try? $0.id() })
        var configured = try await target.existing(
            "pp_notification_preferences", column: "user_id", among: fields.compactMap { try? $0.optionalID("user_id") })
        for preferences in fields {
            let values: [SQLValue]
            let id: String
            do throws(ImportRefusal) {
                id = try preferences.id()
                let userID = try preferences.id("user_id")
                if present.contains(id) || configured.contains(userID) {
                    ledger.alreadyPresent(.notificationPreferences, id)
                    continue
                }
                try ledger.requireAccepted(.users, userID, column: "user_id")
                func number(_ column: String, default value: Int64) throws(ImportRefusal) -> Int64 {
                    let number = try preferences.wholeNumber(column, in: 0...365) ?? 0
                    return number == 0 ? value : number
                }
                values = [
                    .text(id), .text(userID), .init(preferences.flag("expiration_enabled") ?? true),
                    .integer(try number("expiration_days_before", default: 3)), .init(preferences.flag("low_stock_enabled") ?? true),
                    .integer(try number("low_stock_threshold", default: 2)), .init(preferences.flag("checkout_enabled") ?? true),
                    .text(try preferences.storedTime("created_at", fallback: target.nowText)),
                    .text(try preferences.storedTime("updated_at", fallback: target.nowText)),
                ]
                configured.insert(userID)
            } catch {
                ledger.refused(.notificationPreferences, preferences.originalID, error.reason)
                continue
            }
            try await target.executor.execute(
                """
                INSERT INTO pp_notification_preferences (id, user_id, expiration_enabled, expiration_days_before, low_stock_enabled,
                    low_stock_threshold, checkout_enabled, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values)
            ledger.imported(.notificationPreferences, id)
        }
    }
}
