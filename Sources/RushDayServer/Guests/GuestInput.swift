import GRPCCore
import RushDayProto

/// The validated fields of a guest (spec §2.5): `name` 1–200, `notes` ≤ 2000, `accompany`
/// 0–20, email and phone shapes. `prefix` names the entry in a batch (`guests[3].`).
struct GuestInput: Sendable, Hashable {
    static let accompanyRange: ClosedRange<Int32> = 0...20

    var name: String
    var email: String?
    var phone: String?
    /// `nil`: UNSPECIFIED (create: NOT_INVITED, update: unchanged).
    var status: GuestStatus?
    var accompany: Int
    var notes: String?

    init(
        name: String, contact: Rushday_V1_GuestContact?, status: Rushday_V1_GuestStatus, accompany: Int32, notes: String?,
        prefix: String = ""
    ) throws(RPCError) {
        self.name = try FieldRules.text(name, prefix + "name", 1...200)
        email = try Self.email(contact.flatMap { $0.hasEmail ? $0.email : nil }, prefix + "contact.email")
        phone = try Self.phone(contact.flatMap { $0.hasPhoneNumber ? $0.phoneNumber : nil }, prefix + "contact.phone_number")
        self.status = try Self.status(status, prefix + "status")
        self.accompany = Int(try Self.accompany(accompany, prefix + "accompany"))
        self.notes = try FieldRules.optionalText(notes, prefix + "notes", maximum: 2000)
    }

    static func status(_ value: Rushday_V1_GuestStatus, _ field: String) throws(RPCError) -> GuestStatus? {
        if case .UNRECOGNIZED = value { throw RPCFailure.invalid(field, "unknown guest status") }
        return GuestStatus(value)
    }

    static func accompany(_ value: Int32, _ field: String) throws(RPCError) -> Int32 {
        guard accompanyRange.contains(value) else {
            throw RPCFailure.invalid(field, "must be \(accompanyRange.lowerBound)–\(accompanyRange.upperBound)")
        }
        return value
    }

    /// ≤ 254 characters, exactly one `@`, a non-empty local part, a domain with a dot; ""
    /// (after trimming) is no email.
    static func email(_ value: String?, _ field: String) throws(RPCError) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard trimmed.unicodeScalars.count <= 254, parts.count == 2, !parts[0].isEmpty,
            case let domain = parts[1], domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
            !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace })
        else { throw RPCFailure.invalid(field, "must be an email address such as name@example.com") }
        return trimmed
    }

    /// 3–32 characters of `0-9 + ( ) - .` and spaces, with at least 3 digits; "" is no phone.
    static func phone(_ value: String?, _ field: String) throws(RPCError) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        let allowed = Set("0123456789+()-. ")
        guard (3...32).contains(trimmed.count), trimmed.allSatisfy({ allowed.contains($0) }),
            trimmed.filter(\.isASCII).filter(\.isNumber).count >= 3
        else { throw RPCFailure.invalid(field, "must be 3–32 characters of digits, spaces and + ( ) - . with at least 3 digits") }
        return trimmed
    }
}
