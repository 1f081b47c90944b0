import Foundation

/// The signed-in person as the server describes them.
public struct PantryUser: Sendable, Hashable, Codable {
    public var id: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var householdID: String?

    public init(id: String, email: String, firstName: String = "", lastName: String = "", householdID: String? = nil) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.householdID = householdID
    }

    /// "First Last", trimmed, or the e-mail when there is no name.
    public var displayName: String {
        let name = "\(firstName) \(lastName)".trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? email : name
    }

    enum CodingKeys: String, CodingKey {
        case id, email, firstName, lastName
        case householdID = "householdId"
    }
}
