import Foundation
import HearthCore
import Testing

@Suite struct TimestampTests {
    @Test func timestampsAreWrittenInUTCWithMilliseconds() {
        #expect(Timestamp(millisecondsSince1970: 1_795_353_496_123).iso8601 == "2026-11-22T13:18:16.123Z")
        #expect(Timestamp(millisecondsSince1970: 0).iso8601 == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(millisecondsSince1970: -1).iso8601 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(millisecondsSince1970: 951_782_400_000).iso8601 == "2000-02-29T00:00:00.000Z")
    }

    @Test(arguments: [
        ("2026-11-22T13:18:16.123Z", 1_795_353_496_123),
        ("2026-11-22T13:18:16Z", 1_795_353_496_000),
        ("2026-11-22T13:18:16.123456789Z", 1_795_353_496_123),
        ("2026-11-22T13:18:16.1Z", 1_795_353_496_100),
        ("2026-11-22T15:18:16.123+02:00", 1_795_353_496_123),
        ("2026-11-22T08:18:16.123-0500", 1_795_353_496_123),
        ("2026-11-22t13:18:16.123z", 1_795_353_496_123),
        ("2026-11-22 13:18:16.123Z", 1_795_353_496_123),
    ] as [(String, Int64)])
    func anyValidOffsetAndPrecisionParses(text: String, milliseconds: Int64) {
        #expect(Timestamp(iso8601: text)?.millisecondsSince1970 == milliseconds)
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-22T25:00:00Z", "2026-11-22T13:18:16", "2026-11-22", "yesterday", "2026-11-22T13:18:16.Z", "2026-11-22T13:18:16Z junk"])
    func invalidTimestampsAreRejected(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test func formattingAndParsingAgree() {
        for milliseconds: Int64 in [0, 1, 999, 86_399_999, 1_795_353_496_123, 4_102_444_800_000, -86_400_001] {
            let timestamp = Timestamp(millisecondsSince1970: milliseconds)
            #expect(Timestamp(iso8601: timestamp.iso8601) == timestamp)
        }
    }

    @Test func aManualClockMovesOnlyWhenTold() {
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1000))
        #expect(clock.now.millisecondsSince1970 == 1000)
        clock.advance(seconds: 2)
        #expect(clock.now.millisecondsSince1970 == 3000)
    }
}

@Suite struct LastWriteWinsTests {
    let rule = LastWriteWins()
    let early = Timestamp(millisecondsSince1970: 1000)
    let late = Timestamp(millisecondsSince1970: 2000)

    @Test func theLaterDeviceEditWins() {
        #expect(rule.incomingWins(.init(clientUpdatedAt: late, userID: "a"), over: .init(clientUpdatedAt: early, userID: "z")))
        #expect(!rule.incomingWins(.init(clientUpdatedAt: early, userID: "z"), over: .init(clientUpdatedAt: late, userID: "a")))
    }

    @Test func tiesGoToTheLargerUserIDWhicheverSideAsks() {
        let a = LastWriteWins.Edit(clientUpdatedAt: early, userID: "user:a")
        let b = LastWriteWins.Edit(clientUpdatedAt: early, userID: "user:b")
        #expect(rule.incomingWins(b, over: a))
        #expect(!rule.incomingWins(a, over: b))
    }
}

@Suite struct DocumentIDTests {
    @Test func generatedIDsCarryTheirType() {
        let id = DocumentID.make(type: "item")
        #expect(id.hasPrefix("item:"))
        #expect(DocumentID.isValid(id))
        #expect(DocumentID.typePrefix(of: id) == "item")
        #expect(DocumentID.make(type: "item") != id)
    }

    @Test(arguments: [
        "", "has space", "new\nline", "tab\there", "del\u{7F}", String(repeating: "x", count: 201), "nbsp\u{A0}here",
        "em\u{2003}space", "c1\u{85}control",
    ])
    func invalidIDsAreRefused(id: String) {
        #expect(!DocumentID.isValid(id))
    }

    @Test(arguments: ["item:0f8fad5b-d9cb-469f-a165-70867728950e", "~!@#$%^&*()_+{}|:\"<>?", "café:1", "名前:2"])
    func printableIDsAreAccepted(id: String) {
        #expect(DocumentID.isValid(id))
    }
}

@Suite struct TimestampRangeTests {
    @Test func timesOutsideFourDigitYearsAreRejectedAndNeverWrittenBroken() {
        #expect(Timestamp(iso8601: "0000-01-01T00:00:00+00:01") == nil)
        #expect(Timestamp(iso8601: "9999-12-31T23:59:59-01:00") == nil)
        #expect(Timestamp(iso8601: "0001-01-01T00:00:00Z") != nil)
        let extreme = Timestamp(millisecondsSince1970: Int64.min / 2).iso8601
        #expect(Timestamp(iso8601: extreme) != nil)
    }
}
