import Foundation
import HearthCore

/// Profile field rules (spec §2.7, §7.1): the server validates the same on push, and a bad
/// stored value used to break `/auth/me`, so the app checks before saving.
///
/// Lengths count Unicode scalars, as the server does.
public enum ProfileRules {
    public static let nameLengths = 1...100
    public static let maxBioLength = 500
    public static let maxSlugLength = 50
    public static let locales: Set<String> = ["ru", "en"]

    /// A name must not be blank and may be at most 100 characters.
    public static func validateName(_ name: String) throws(ProfileValidationError) {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .nameEmpty }
        guard name.unicodeScalars.count <= nameLengths.upperBound else {
            throw .nameTooLong(maximum: nameLengths.upperBound)
        }
    }

    /// `nil` clears the bio.
    public static func validateBio(_ bio: String?) throws(ProfileValidationError) {
        guard let bio, bio.unicodeScalars.count > maxBioLength else { return }
        throw .bioTooLong(maximum: maxBioLength)
    }

    /// `^[a-z0-9-]+$`, at most 50; `nil` clears the slug.
    public static func validateSlug(_ slug: String?) throws(ProfileValidationError) {
        guard let slug else { return }
        guard !slug.isEmpty else { throw .slugEmpty }
        guard slug.unicodeScalars.count <= maxSlugLength else { throw .slugTooLong(maximum: maxSlugLength) }
        let allowed = slug.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }
        guard allowed else { throw .slugInvalidCharacters }
    }

    public static func validateLocale(_ locale: String) throws(ProfileValidationError) {
        guard locales.contains(locale) else { throw .unsupportedLocale(locale) }
    }

    /// `YYYY-MM-DD`, a real calendar date, not after the UTC day of `now`; `nil` clears it.
    public static func validateBirthday(_ birthday: String?, now: Timestamp) throws(ProfileValidationError) {
        guard let birthday else { return }
        let bytes = Array(birthday.utf8)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        let shapeOK = bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && bytes.enumerated().allSatisfy { index, byte in index == 4 || index == 7 || isDigit(byte) }
        guard shapeOK else { throw .birthdayMalformed }
        guard let start = Timestamp(iso8601: birthday + "T00:00:00Z") else { throw .birthdayNotACalendarDate }
        let startOfToday = String(now.iso8601.prefix(10)) + "T00:00:00Z"
        guard let today = Timestamp(iso8601: startOfToday), start <= today else { throw .birthdayInFuture }
    }

    /// Checks every client-editable field of `profile`; throws the first problem found.
    public static func validate(_ profile: UserProfile, now: Timestamp) throws(ProfileValidationError) {
        try validateName(profile.name ?? "")
        try validateBio(profile.bio)
        try validateSlug(profile.publicURLSlug)
        try validateLocale(profile.locale)
        try validateBirthday(profile.birthday, now: now)
    }
}
