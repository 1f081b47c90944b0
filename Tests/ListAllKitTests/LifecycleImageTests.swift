import Foundation
import ListAllKit
import Testing

/// An item's pictures: at most 10, numbered 0…n−1, every change touches the item (spec §1.3).
struct LifecycleImageTests {
    let ids = LifecycleIDs()

    @Test func addedImageGoesLastAndTouchesTheItem() throws {
        var library = FixtureF.library
        let image = try library.addImage(Data([1, 2]), to: FixtureF.breadID, now: FixtureF.now, makeID: ids.next)
        #expect(image == ItemImage(id: LifecycleIDs.id(1), imageData: Data([1, 2]), orderNumber: 1, itemId: FixtureF.breadID, createdAt: FixtureF.now))
        let bread = try #require(library.item(FixtureF.breadID)?.item)
        #expect(bread.images.count == 2 && bread.modifiedAt == FixtureF.now)
    }

    @Test func imageLimitsAreEnforced() throws {
        var library = FixtureF.library
        #expect(throws: ListAllLifecycleError.invalid(.imageDataRequired)) {
            try library.addImage(Data(), to: FixtureF.milkID, now: FixtureF.now, makeID: ids.next)
        }
        #expect(throws: ListAllLifecycleError.invalid(.imageTooLarge)) {
            try library.addImage(Data(count: 5 * 1024 * 1024 + 1), to: FixtureF.milkID, now: FixtureF.now, makeID: ids.next)
        }
        for _ in 0..<10 { try library.addImage(Data([7]), to: FixtureF.milkID, now: FixtureF.now, makeID: ids.next) }
        #expect(throws: ListAllLifecycleError.invalid(.tooManyImages)) {
            try library.addImage(Data([7]), to: FixtureF.milkID, now: FixtureF.now, makeID: ids.next)
        }
        #expect(library.item(FixtureF.milkID)?.item.images.map(\.orderNumber) == Array(0..<10))
    }

    @Test func removeAndMoveRenumberAndTouch() throws {
        var library = FixtureF.library
        for byte: UInt8 in [1, 2, 3] {
            try library.addImage(Data([byte]), to: FixtureF.milkID, now: FixtureF.now, makeID: ids.next)
        }
        let moved1 = try library.moveImage(of: FixtureF.milkID, from: 0, to: 2, now: LifecycleClock.at(1))
        #expect(moved1)
        var milk = try #require(library.item(FixtureF.milkID)?.item)
        #expect(milk.sortedImages.map(\.imageData) == [Data([2]), Data([3]), Data([1])])
        #expect(milk.images.map(\.orderNumber) == [0, 1, 2] && milk.modifiedAt == LifecycleClock.at(1))

        let moved2 = try library.moveImage(of: FixtureF.milkID, from: 1, to: 1, now: LifecycleClock.at(2))
        #expect(!moved2)
        let moved3 = try library.moveImage(of: FixtureF.milkID, from: 0, to: 3, now: LifecycleClock.at(2))
        #expect(!moved3)
        #expect(library.item(FixtureF.milkID)?.item.modifiedAt == LifecycleClock.at(1))

        let removed = try library.removeImage(LifecycleIDs.id(3), from: FixtureF.milkID, now: LifecycleClock.at(3))
        #expect(removed.imageData == Data([3]))
        milk = try #require(library.item(FixtureF.milkID)?.item)
        #expect(milk.sortedImages.map(\.imageData) == [Data([2]), Data([1])])
        #expect(milk.images.map(\.orderNumber) == [0, 1] && milk.modifiedAt == LifecycleClock.at(3))
        #expect(throws: ListAllLifecycleError.imageNotFound(LifecycleIDs.id(3))) {
            try library.removeImage(LifecycleIDs.id(3), from: FixtureF.milkID, now: FixtureF.now)
        }
    }
}
