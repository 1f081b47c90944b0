import Foundation
import RushDayKit
import RushDayProto

/// Words the tables use for enum values.
enum EventsText {
    static func status(_ status: Rushday_V1_GuestStatus) -> String {
        switch status {
        case .invited: "invited"
        case .accepted: "accepted"
        case .declined: "declined"
        case .notInvited, .unspecified, .UNRECOGNIZED: "not_invited"
        }
    }

    static func guestStatus(_ text: String) -> Rushday_V1_GuestStatus? {
        switch text.lowercased().replacingOccurrences(of: "-", with: "_") {
        case "invited": .invited
        case "accepted", "yes", "going": .accepted
        case "declined", "no": .declined
        case "not_invited", "": .notInvited
        default: nil
        }
    }

    static func payment(_ status: Rushday_V1_PaymentStatus) -> String {
        switch status {
        case .paid: "paid"
        case .partial: "partial"
        case .unpaid, .unspecified, .UNRECOGNIZED: "unpaid"
        }
    }

    static func shortID(_ id: String) -> String { String(id.prefix(8)) }

    static func money(_ amount: Int64, _ currency: String) -> String { Money.display(amount, currencyCode: currency) }
}
