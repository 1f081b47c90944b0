import Testing
import WishWithMeKit

/// Available quantity = wanted − live marks, never negative (spec §7.3, §10.8).
struct MarkTallyTests {
    @Test func countsOnlyLiveMarksOfThisItem() {
        let marks = [
            Builders.mark(by: Builders.anna, quantity: 2),
            Builders.mark(by: Builders.boris, quantity: 1, deleted: true),
            Builders.mark(item: "item:other", by: Builders.boris, quantity: 5),
        ]
        let tally = MarkTally(item: Builders.item(quantity: 4), marks: marks, viewerID: Builders.boris)
        #expect(tally.totalMarked == 2)
        #expect(tally.available == 2)
        #expect(tally.isFullyMarked == false)
        #expect(tally.markedByViewer == 0)
        #expect(tally.isMarkedByOthers)
    }

    @Test func fullyMarkedWhenMarksReachTheQuantity() {
        let tally = MarkTally(item: Builders.item(quantity: 2), marks: [
            Builders.mark(by: Builders.anna), Builders.mark(by: Builders.boris),
        ])
        #expect(tally.available == 0)
        #expect(tally.isFullyMarked)
    }

    @Test func overMarkedLegacyDataNeverGoesNegative() {
        let tally = MarkTally(item: Builders.item(quantity: 1), marks: [Builders.mark(by: Builders.anna, quantity: 3)])
        #expect(tally.totalMarked == 3)
        #expect(tally.available == 0)
    }

    @Test func viewerShareSumsTheirOwnMarks() {
        let marks = [Builders.mark(by: Builders.anna, quantity: 2), Builders.mark(by: Builders.anna, quantity: 1)]
        let tally = MarkTally(item: Builders.item(quantity: 5), marks: marks, viewerID: Builders.anna)
        #expect(tally.markedByViewer == 3)
        #expect(tally.isMarkedByOthers == false)
    }

    @Test func viewerMayRaiseTheirMarkOnlyUpToTheFreeQuantity() {
        let marks = [Builders.mark(by: Builders.anna, quantity: 1), Builders.mark(by: Builders.boris, quantity: 2)]
        let tally = MarkTally(item: Builders.item(quantity: 4), marks: marks, viewerID: Builders.anna)
        #expect(tally.allowsViewerQuantity(2))
        #expect(tally.allowsViewerQuantity(3) == false)
        #expect(tally.allowsViewerQuantity(0))
        #expect(tally.allowsViewerQuantity(-1) == false)
    }
}
