/// A member of the household (`GET household/members`).
public struct HouseholdMember: Sendable, Hashable, Codable {
    public var id: String
    public var email: String
    public var name: String
    public var isOwner: Bool

    public init(id: String, email: String, name: String, isOwner: Bool) {
        self.id = id
        self.email = email
        self.name = name
        self.isOwner = isOwner
    }
}
