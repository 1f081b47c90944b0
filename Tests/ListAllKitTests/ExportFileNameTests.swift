import Foundation
import ListAllKit
import Testing

/// Export and share file names (spec §2.5, T-E21) and the sanitised list names of §10.14.
struct ExportFileNameTests {
    static let utcPlusOne = TimeZone(secondsFromGMT: 3600) ?? .gmt
    static let moment = FixtureF.date("2025-01-16T08:05:07.999Z")

    @Test func fileNamesUseTheLocalStamp() {
        #expect(ExportFileName.wholeStore(.json, now: Self.moment, timeZone: Self.utcPlusOne) == "ListAll-Export-2025-01-16-090507.json")
        #expect(ExportFileName.wholeStore(.csv, now: Self.moment, timeZone: Self.utcPlusOne) == "ListAll-Export-2025-01-16-090507.csv")
        #expect(ExportFileName.wholeStore(.plainText, now: Self.moment, timeZone: Self.utcPlusOne) == "ListAll-Export-2025-01-16-090507.txt")
        #expect(ExportFileName.sharedList(name: "Groceries", type: .json, now: Self.moment, timeZone: Self.utcPlusOne)
            == "Groceries-2025-01-16-090507.json")
    }

    @Test func stampCrossesMidnightAndYearsInTheLocalZone() {
        let utcMinusFive = TimeZone(secondsFromGMT: -5 * 3600) ?? .gmt
        #expect(ExportFileName.stamp(now: FixtureF.date("2025-01-01T02:00:00Z"), timeZone: utcMinusFive) == "2024-12-31-210000")
        #expect(ExportFileName.stamp(now: FixtureF.date("2024-02-28T23:30:00Z"), timeZone: Self.utcPlusOne) == "2024-02-29-003000")
        #expect(ExportFileName.stamp(now: FixtureF.date("2025-01-16T08:05:07Z"), timeZone: .gmt) == "2025-01-16-080507")
    }

    @Test func sharedListNamesReplacePathSeparatorsAndControls() {
        let name = ExportFileName.sharedList(
            name: "a/b\\c\nd\te\u{7F}f\u{85}g é 👍 ..", type: .csv, now: Self.moment, timeZone: Self.utcPlusOne)
        #expect(name == "a-b-c-d-e-f-g é 👍 ..-2025-01-16-090507.csv")
        #expect(ExportFileName.sanitized("../../etc/passwd") == "..-..-etc-passwd")
        #expect(ExportFileName.sanitized("Groceries: Week 1") == "Groceries: Week 1")
    }
}
