/// A code another person enters to join the household (`POST household/invite`), valid
/// for 24 hours and once.
public struct HouseholdInvite: Sendable, Hashable, Codable {
    public var code: String
    public var expiresAt: String
    public var householdName: String

    public init(code: String, expiresAt: String, householdName: String) {
        self.code = code
        self.expiresAt = expiresAt
        self.householdName = householdName
    }
}
