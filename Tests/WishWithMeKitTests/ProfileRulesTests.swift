import HearthCore
import Testing
import WishWithMeKit

/// Profile limits from spec §2.7/§7.1.
struct ProfileRulesTests {
    /// 2025-03-04T10:15:30Z.
    let now = Timestamp(millisecondsSince1970: 1_741_083_330_000)

    @Test func nameMustNotBeBlankOrLongerThan100() {
        #expect(throws: ProfileValidationError.nameEmpty) { try ProfileRules.validateName("  \n ") }
        #expect(throws: ProfileValidationError.nameEmpty) { try ProfileRules.validateName("") }
        #expect(throws: Never.self) { try ProfileRules.validateName(String(repeating: "я", count: 100)) }
        #expect(throws: ProfileValidationError.nameTooLong(maximum: 100)) {
            try ProfileRules.validateName(String(repeating: "a", count: 101))
        }
    }

    @Test func bioIsAtMost500() {
        #expect(throws: Never.self) { try ProfileRules.validateBio(String(repeating: "b", count: 500)) }
        #expect(throws: Never.self) { try ProfileRules.validateBio(nil) }
        #expect(throws: ProfileValidationError.bioTooLong(maximum: 500)) {
            try ProfileRules.validateBio(String(repeating: "b", count: 501))
        }
    }

    @Test(arguments: ["anna", "anna-2", "0-0", String(repeating: "a", count: 50)])
    func validSlugsPass(_ slug: String) {
        #expect(throws: Never.self) { try ProfileRules.validateSlug(slug) }
    }

    @Test(arguments: [
        ("Anna", ProfileValidationError.slugInvalidCharacters), ("anna_2", .slugInvalidCharacters),
        ("анна", .slugInvalidCharacters), ("a b", .slugInvalidCharacters), ("", .slugEmpty),
        (String(repeating: "a", count: 51), .slugTooLong(maximum: 50)),
    ])
    func invalidSlugsSayWhatToFix(_ slug: String, _ expected: ProfileValidationError) {
        #expect(throws: expected) { try ProfileRules.validateSlug(slug) }
    }

    @Test func localeIsRussianOrEnglish() {
        #expect(throws: Never.self) { try ProfileRules.validateLocale("ru") }
        #expect(throws: Never.self) { try ProfileRules.validateLocale("en") }
        #expect(throws: ProfileValidationError.unsupportedLocale("de")) { try ProfileRules.validateLocale("de") }
        #expect(throws: ProfileValidationError.unsupportedLocale("EN")) { try ProfileRules.validateLocale("EN") }
    }

    @Test(arguments: ["2024-02-29", "1990-05-17", "2025-03-04"])
    func realPastBirthdaysPass(_ birthday: String) {
        #expect(throws: Never.self) { try ProfileRules.validateBirthday(birthday, now: now) }
    }

    @Test(arguments: [
        ("2023-02-29", ProfileValidationError.birthdayNotACalendarDate), ("1990-13-01", .birthdayNotACalendarDate),
        ("1990-04-31", .birthdayNotACalendarDate), ("1990-5-17", .birthdayMalformed),
        ("17.05.1990", .birthdayMalformed), ("1990-05-17T00:00:00Z", .birthdayMalformed),
        ("2025-03-05", .birthdayInFuture), ("2030-01-01", .birthdayInFuture),
    ])
    func badBirthdaysSayWhatToFix(_ birthday: String, _ expected: ProfileValidationError) {
        #expect(throws: expected) { try ProfileRules.validateBirthday(birthday, now: now) }
    }

    @Test func wholeProfileReportsTheFirstProblem() throws {
        var profile = try WireCoding.decode(UserProfile.self, SpecFixtures.user)
        #expect(throws: Never.self) { try ProfileRules.validate(profile, now: now) }
        profile.publicURLSlug = "Anna!"
        #expect(throws: ProfileValidationError.slugInvalidCharacters) { try ProfileRules.validate(profile, now: now) }
        profile.name = nil
        #expect(throws: ProfileValidationError.nameEmpty) { try ProfileRules.validate(profile, now: now) }
    }

    @Test func messagesNameTheFieldAndTheLimit() {
        #expect(ProfileValidationError.nameTooLong(maximum: 100).message.contains("100"))
        #expect(ProfileValidationError.bioTooLong(maximum: 500).message.contains("bio"))
        #expect(ProfileValidationError.birthdayMalformed.message.contains("YYYY-MM-DD"))
    }
}
