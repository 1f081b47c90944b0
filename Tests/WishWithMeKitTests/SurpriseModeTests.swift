import Testing
import WishWithMeKit

/// The wishlist owner never sees marks, even ones held locally (spec §1.6).
struct SurpriseModeTests {
    let marks = [
        Builders.mark(by: Builders.anna),
        Builders.mark(by: Builders.boris, deleted: true),
        Builders.mark(wishlist: "wishlist:other", by: Builders.boris),
    ]

    @Test func ownerSeesNoMarksEvenWhenHeldLocally() {
        #expect(SurpriseMode.visibleMarks(marks, wishlist: Builders.wishlist(), viewer: Builders.owner).isEmpty)
        #expect(SurpriseMode.canMark(in: Builders.wishlist(), viewer: Builders.owner) == false)
    }

    @Test func viewerSeesLiveMarksOfThisWishlistOnly() {
        let visible = SurpriseMode.visibleMarks(marks, wishlist: Builders.wishlist(), viewer: Builders.boris)
        #expect(visible.map(\.markedBy) == [Builders.anna])
        #expect(SurpriseMode.canMark(in: Builders.wishlist(), viewer: Builders.boris))
    }
}
