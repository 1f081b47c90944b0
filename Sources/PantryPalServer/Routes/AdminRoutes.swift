import HearthCore
import HearthServer
import HearthStore
import HTTPTypes
import Hummingbird

/// `/api/admin` (spec §2.11): mounted only when an admin key is configured; every request
/// carries it in `x-admin-key`. Grants and removes premium.
struct AdminRoutes: Sendable {
    let adminKey: String
    let database: any HearthDatabase
    let clock: any WallClock

    func register(on group: RouterGroup<HearthRequestContext>) {
        let admin = group.group().add(middleware: OperatorKeyMiddleware.admin(key: adminKey))
        admin.post("households/:householdId/premium") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let isPremium = try? fields.bool("isPremium") else { throw PantryError.badRequest("isPremium must be a boolean") }
            var expiresAt: Timestamp?
            if isPremium, let text = try fields.text("expiresAt") {
                guard let time = PantryTime.parseInstant(text) else { throw PantryError.invalidField("expiresAt must be an ISO 8601 time") }
                expiresAt = time
            }
            let household = try await setPremium(householdID: try context.pantryParameter("householdId"), isPremium: isPremium, expiresAt: expiresAt)
            return Response.json([
                "householdId": .string(household.id), "name": .string(household.name), "isPremium": .bool(household.isPremiumFlag),
                "premiumExpiresAt": household.premiumExpiresAtText,
            ])
        }
        admin.post("remove-premium") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            guard let email = try fields.text("email") else { throw PantryError.badRequest("email is required") }
            let user = try await database.read { executor in
                try await UserRecord.find(normalizedEmail: UserRecord.normalizedEmail(email), in: executor)
            }
            guard let user else { throw PantryError.notFound("User not found") }
            guard let householdID = user.householdID else { throw PantryError.badRequest("User has no household") }
            let household = try await setPremium(householdID: householdID, isPremium: false, expiresAt: nil)
            return Response.json([
                "success": true, "message": .string("Premium removed from \(user.email)'s household"),
                "householdId": .string(household.id), "householdName": .string(household.name),
            ])
        }
    }

    private func setPremium(householdID: String, isPremium: Bool, expiresAt: Timestamp?) async throws -> HouseholdRecord {
        try await PremiumGrant.set(householdID: householdID, on: isPremium, expiresAt: expiresAt, now: clock.now, in: database)
    }
}
