import HearthClient
import HearthCore

/// Answer of `GET auth/me`: the user, their household (or none) and the free limit.
struct MeAnswer: Sendable {
    var user: PantryUser
    var household: Household?

    init(_ body: JSONValue) throws {
        guard let user = PantryUser(json: body["user"]) else { throw ClientError.invalidResponse("auth/me has no user") }
        self.user = user
        let freeLimit = body["config"]?["freeLimit"]?.looseInt ?? FreeLimit.rows
        if let household = body["household"], let id = household["id"]?.stringValue {
            self.household = Household(
                id: id, name: household["name"]?.stringValue ?? "", isPremium: household["isPremium"]?.looseBool ?? false,
                premiumExpiresAt: household["premiumExpiresAt"]?.stringValue, freeLimit: freeLimit)
        }
    }
}
