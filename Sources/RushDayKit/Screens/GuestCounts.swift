import RushDayProto

/// The guest screen's header: how many guests are in each status, and how many people are
/// expected (accepted guests plus their companions).
public struct GuestCounts: Sendable, Equatable {
    public var total = 0
    public var notInvited = 0
    public var invited = 0
    public var accepted = 0
    public var declined = 0
    /// Accepted guests and the companions they bring.
    public var expectedPeople = 0

    public init(_ guests: [Rushday_V1_Guest]) {
        for guest in guests {
            total += 1
            switch guest.status {
            case .invited: invited += 1
            case .accepted:
                accepted += 1
                expectedPeople += 1 + Int(guest.accompany)
            case .declined: declined += 1
            case .notInvited, .unspecified, .UNRECOGNIZED: notInvited += 1
            }
        }
    }

    /// Invited guests who have not answered yet.
    public var awaitingAnswer: Int { invited }
}
