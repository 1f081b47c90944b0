import Testing

@testable import KnotServer

@Suite struct MilestoneReconciliationTests {
    static func milestone(_ name: String, type: String = "custom", date: String = "2000-05-01", tier: String = "minor_occasion")
        -> MilestoneInput
    {
        MilestoneInput(
            milestoneType: type, milestoneName: name, milestoneDate: CalendarDate(date) ?? CalendarDate(year: 2000, month: 1, day: 1)!,
            recurrence: "yearly", budgetTier: tier)
    }

    @Test func unchangedMilestonesKeepTheirRowsAndChangedOnesAreReplaced() {
        let birthday = Self.milestone("Birthday", type: "birthday", tier: "major_milestone")
        let trip = Self.milestone("Trip")
        let plan = MilestoneReconciliation(
            stored: [.init(id: "b", content: birthday), .init(id: "t", content: trip)],
            requested: [Self.milestone("Trip", tier: "just_because"), birthday])
        #expect(plan.steps == [.insert, .keep(id: "b")])
        #expect(plan.deletedIDs == ["t"])
    }

    @Test func identicalMilestonesAreMatchedOneToOneInOrder() {
        let same = Self.milestone("Visit")
        let plan = MilestoneReconciliation(
            stored: [.init(id: "1", content: same), .init(id: "2", content: same)], requested: [same, same, same])
        #expect(plan.steps == [.keep(id: "1"), .keep(id: "2"), .insert])
        #expect(plan.deletedIDs.isEmpty)
    }

    @Test func everyFieldTakesPartInTheMatch() {
        let base = Self.milestone("Visit")
        var otherDate = base
        otherDate.milestoneDate = CalendarDate(year: 2000, month: 5, day: 2)!
        var otherRecurrence = base
        otherRecurrence.recurrence = "one_time"
        var otherType = base
        otherType.milestoneType = "holiday"
        for changed in [otherDate, otherRecurrence, otherType] {
            let plan = MilestoneReconciliation(stored: [.init(id: "1", content: base)], requested: [changed])
            #expect(plan.steps == [.insert])
            #expect(plan.deletedIDs == ["1"])
        }
    }
}
