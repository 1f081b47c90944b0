import Foundation
import HearthClient
import HearthCore

/// Creating, joining and sharing a household (spec §2.2, W7, W8). These need the server;
/// the household itself is remembered for offline use.
public struct HouseholdService: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    /// The household as last synced, if any.
    public func current() throws -> Household? { try context.store.household() }

    /// What ``createHousehold(name:)`` did: the household exists once the server said so,
    /// even when setting it up on this device failed afterwards.
    public struct Creation: Sendable, Hashable {
        public var household: Household
        /// Why the default locations or the first sync failed, `nil` when both worked.
        public var setupFailure: String?
    }

    /// Creates a household (named after the user when `name` is empty), gives it the
    /// default locations and syncs; throws when any step fails.
    @discardableResult
    public func create(name: String? = nil) async throws -> Household {
        let created = try await post(name: name)
        try await setUp()
        return try context.store.household() ?? created
    }

    /// Creates a household and sets it up like ``create(name:)``, but throws only when the
    /// household was not created: a failure afterwards is reported in the result.
    public func createHousehold(name: String? = nil) async throws -> Creation {
        let created = try await post(name: name)
        var failure: String?
        do {
            try await setUp()
        } catch {
            failure = String(describing: error)
        }
        return Creation(household: try context.store.household() ?? created, setupFailure: failure)
    }

    /// `POST household`; the new household is this device's from then on.
    private func post(name: String?) async throws -> Household {
        var body: JSONValue = [:]
        if let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty { body["name"] = .string(name) }
        let answer = try await context.api.json(.post, "household", body: body)
        guard let id = answer["id"]?.stringValue else { throw ClientError.invalidResponse("household creation answered without an id") }
        let created = Household(id: id, name: answer["name"]?.stringValue ?? "")
        if try context.store.household()?.id != id { try context.store.adoptHousehold(created) }
        return created
    }

    private func setUp() async throws {
        try await seedDefaultLocations()
        try await context.sync.sync()
    }

    /// Joins the household of an invite code. Changes queued for the old household are sent
    /// first; when some cannot be sent, joining is refused unless
    /// `discardingUnsyncedChanges` (they are then dropped and listed by `status`). This
    /// device then holds the new household's data.
    @discardableResult
    public func join(code: String, discardingUnsyncedChanges: Bool = false) async throws -> Household {
        let trimmed = code.trimmingCharacters(in: .whitespaces).uppercased()
        guard !trimmed.isEmpty else { throw PantryPalError.invalid("Give the invite code, e.g. `household join K7P2QX`.") }
        if try context.store.pendingCount() > 0 { _ = try? await context.sync.sync() }
        let pending = try context.store.pendingCount()
        if pending > 0 && !discardingUnsyncedChanges { throw PantryPalError.unsyncedChanges(pending) }
        let answer = try await context.api.json(.post, "household/join", body: ["code": .string(trimmed)])
        let joinedID = answer["household"]?["id"]?.stringValue
        if try context.store.household()?.id != joinedID {
            try context.store.discardQueue(reason: "Not sent: you joined another household before it reached the server")
            try context.store.eraseHouseholdData()
        }
        try await seedDefaultLocations()
        try await context.sync.sync()
        guard let household = try context.store.household() else { throw PantryPalError.noHousehold }
        return household
    }

    /// A new invite code (needs premium: sharing is a premium feature).
    public func invite() async throws -> HouseholdInvite {
        let answer = try await context.api.json(.post, "household/invite")
        guard let code = answer["code"]?.stringValue else { throw ClientError.invalidResponse("the invite answer has no code") }
        return HouseholdInvite(
            code: code, expiresAt: answer["expiresAt"]?.stringValue ?? "", householdName: answer["householdName"]?.stringValue ?? "")
    }

    public func members() async throws -> [HouseholdMember] {
        let answer = try await context.api.json(.get, "household/members")
        return (answer["members"]?.arrayValue ?? []).compactMap { member in
            guard let id = member["id"]?.stringValue else { return nil }
            return HouseholdMember(
                id: id, email: member["email"]?.stringValue ?? "", name: member["name"]?.stringValue ?? "Member",
                isOwner: member["isOwner"]?.looseBool ?? false)
        }
    }

    /// Creates the default locations (spec §3.6) on the server when the household has none.
    /// Returns whether it did.
    @discardableResult
    public func seedDefaultLocations() async throws -> Bool {
        let answer = try await context.api.json(.post, "locations/seed-defaults")
        return answer["seeded"]?.looseBool ?? false
    }
}
