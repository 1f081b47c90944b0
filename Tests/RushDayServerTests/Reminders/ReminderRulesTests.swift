import HearthCore
import SwiftProtobuf
import Testing

@testable import RushDayServer

/// The pure rule set of ``ReminderRules``: who gets which reminder when.
@Suite struct ReminderRulesTests {
    static func at(_ iso: String) -> Timestamp {
        Timestamp(millisecondsSince1970: Int64(Google_Protobuf_Timestamp.iso(iso).seconds) * 1000)
    }

    static func member(_ id: String, offset: Int = 0, _ configure: (inout RushDayUser.Preferences) -> Void = { _ in })
        -> ReminderRules.Member
    {
        var preferences = RushDayUser.Preferences()
        configure(&preferences)
        return ReminderRules.Member(userID: id, preferences: preferences, timezoneOffset: offset)
    }

    static func event(members: [ReminderRules.Member], date: String = "2026-03-12T18:00:00Z", isDraft: Bool = false) -> ReminderRules.Event {
        ReminderRules.Event(
            id: "e", name: "Party", date: at(date), isDraft: isDraft, members: members,
            tasks: [
                .init(id: "t1", name: "Cake", notification: at("2026-03-05T10:00:00Z"), isDone: false),
                .init(id: "t2", name: "Done already", notification: at("2026-03-05T10:00:00Z"), isDone: true),
                .init(id: "t3", name: "No time", notification: nil, isDone: false),
            ],
            agenda: [.init(id: "a1", title: "Speeches", startTime: at("2026-03-12T19:00:00Z"))])
    }

    @Test func eachPreferenceAddsItsOwnReminderAtItsTime() {
        let plan = ReminderRules.plan(Self.event(members: [Self.member("u") { $0.weekBefore = true }]))
        #expect(plan.map(\.kind) == [.task, .agenda, .onTheDay, .weekBefore])
        #expect(plan.map(\.itemID) == ["t1", "a1", nil, nil])
        #expect(plan.map(\.at) == [
            Self.at("2026-03-05T10:00:00Z"), Self.at("2026-03-12T18:45:00Z"), Self.at("2026-03-12T09:00:00Z"),
            Self.at("2026-03-05T09:00:00Z"),
        ])
    }

    @Test func switchedOffPreferencesAndDraftsGiveNothing() {
        let off = Self.member("u") {
            $0.tasks = false
            $0.agenda = false
            $0.onTheDay = false
            $0.weekBefore = false
        }
        #expect(ReminderRules.plan(Self.event(members: [off])).isEmpty)
        #expect(ReminderRules.plan(Self.event(members: [Self.member("u")], isDraft: true)).isEmpty)
    }

    @Test func dayOfTheEventIsTheMembersLocalDay() {
        // 18:00 UTC on the 12th is already the 13th at UTC+9, still the 12th at UTC−10.
        let east = Self.member("east", offset: 540) { $0.time = "7:15" }
        let west = Self.member("west", offset: -600) { $0.time = "7:15" }
        let plan = ReminderRules.plan(Self.event(members: [east, west])).filter { $0.kind == .onTheDay }
        #expect(plan.map(\.at) == [Self.at("2026-03-12T22:15:00Z"), Self.at("2026-03-12T17:15:00Z")])
    }

    @Test func jobKeysDifferByReminderAndTime() {
        let plan = ReminderRules.plan(Self.event(members: [Self.member("u"), Self.member("v")]))
        #expect(Set(plan.map(\.dedupKey)).count == plan.count)
    }
}
