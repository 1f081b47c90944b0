import HearthCore
import HearthServer
import HearthStore

/// One change to a household's data, inside a transaction that holds the household's
/// lock: who is writing, their household as stored now (never as the token said), and
/// the change log the write appends to.
struct HouseholdWrite: Sendable {
    let executor: any SQLExecutor
    let user: UserRecord
    let household: HouseholdRecord
    let memberCount: Int
    let now: Timestamp
    /// The client's timestamp of a pushed change (spec §2.8), `nil` for REST writes.
    var clientTimestamp: String?

    /// Re-reads the caller and locks their household; `nil` when they have none.
    static func begin(userID: String, now: Timestamp, in executor: any SQLExecutor) async throws -> HouseholdWrite? {
        guard let user = try await UserRecord.find(id: userID, in: executor), let householdID = user.householdID,
            let household = try await HouseholdRecord.find(id: householdID, in: executor, forUpdate: true)
        else { return nil }
        let members = try await HouseholdRecord.memberCount(of: household.id, in: executor)
        return HouseholdWrite(executor: executor, user: user, household: household, memberCount: members, now: now)
    }

    /// Like ``begin(userID:now:in:)`` but a missing household is the given error, and a
    /// write made for another household (``ExpectedHousehold``) is refused.
    static func require(userID: String, now: Timestamp, in executor: any SQLExecutor, orElse error: APIError = PantryError.noHousehold) async throws -> HouseholdWrite {
        let write = try await begin(userID: userID, now: now, in: executor)
        if let expected = ExpectedHousehold.current, expected != write?.householdID { throw ExpectedHousehold.changed }
        guard let write else { throw error }
        return write
    }

    var householdID: String { household.id }
    var isPremiumActive: Bool { household.premium.isActive(at: now) }

    /// Spec §3.3: a free household with more than one member is read-only for the writes
    /// the original guarded (kept to that scope by decision §8.1).
    func requireWritable(toDo action: String) throws {
        guard isPremiumActive || memberCount <= 1 else {
            throw PantryError.premiumRequired("Household sharing is a Premium feature. Upgrade to \(action).")
        }
    }

    @discardableResult
    func log(_ change: LoggedChange) async throws -> ChangeLog.Appended {
        try await ChangeLog.append(
            change, householdID: household.id, actorUserID: user.id, now: now, clientTimestamp: clientTimestamp, in: executor)
    }
}
