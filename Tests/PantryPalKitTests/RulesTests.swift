import Foundation
import HearthCore
import Testing
@testable import PantryPalKit

@Suite("PantryPal rules")
struct RulesTests {
    let now = Timestamp(iso8601: "2026-03-10T12:00:00Z")!

    @Test func premiumIsActiveOnlyWithTheFlagAndNoPastExpiry() {
        #expect(PremiumRule.isActive(flag: true, expiresAt: nil, now: now))
        #expect(PremiumRule.isActive(flag: true, expiresAt: "2026-03-11T00:00:00Z", now: now))
        #expect(!PremiumRule.isActive(flag: true, expiresAt: "2026-03-10T11:59:59Z", now: now))
        #expect(!PremiumRule.isActive(flag: false, expiresAt: "2027-01-01T00:00:00Z", now: now))
        #expect(!PremiumRule.isActive(flag: false, expiresAt: nil, now: now))
    }

    @Test func anUnreadablePremiumExpiryCountsAsActiveLikeTheOriginalApp() {
        #expect(PremiumRule.isActive(flag: true, expiresAt: "next tuesday", now: now))
    }

    @Test func theFreeLimitBlocksOnlyANewRowAtTwentyFiveWithoutPremium() {
        #expect(!FreeLimit.blocksNewRow(existingRows: 24, premiumActive: false))
        #expect(FreeLimit.blocksNewRow(existingRows: 25, premiumActive: false))
        #expect(!FreeLimit.blocksNewRow(existingRows: 25, premiumActive: true))
    }

    @Test func checkoutTakesTheEarliestExpirationAndUndatedRowsLast() {
        let undated = InventoryItem(id: "a", productID: "p", locationID: "l", quantity: 3)
        let late = InventoryItem(id: "b", productID: "p", locationID: "l", quantity: 1, expirationDate: "2026-05-01")
        let early = InventoryItem(id: "c", productID: "p", locationID: "l", quantity: 1, expirationDate: "2026-04-01")
        let empty = InventoryItem(id: "d", productID: "p", locationID: "l", quantity: 0, expirationDate: "2026-01-01")
        #expect(CheckoutOrder.next(from: [undated, late, early, empty])?.id == "c")
        #expect(CheckoutOrder.next(from: [undated, late])?.id == "b")
        #expect(CheckoutOrder.next(from: [undated])?.id == "a")
        #expect(CheckoutOrder.next(from: [empty]) == nil)
    }

    @Test func groceryNamesAreTrimmedLowercasedAndSingleSpaced() {
        #expect(GroceryName.normalized("  Whole   MILK \t 2% ") == "whole milk 2%")
    }

    @Test func expiringSoonIsTodayThroughTodayPlusDaysEarliestFirst() {
        let today = PantryDate("2026-03-10")!
        let items = [
            InventoryItem(id: "yesterday", productID: "p", locationID: nil, quantity: 1, expirationDate: "2026-03-09"),
            InventoryItem(id: "week", productID: "p", locationID: nil, quantity: 1, expirationDate: "2026-03-17"),
            InventoryItem(id: "today", productID: "p", locationID: nil, quantity: 1, expirationDate: "2026-03-10"),
            InventoryItem(id: "later", productID: "p", locationID: nil, quantity: 1, expirationDate: "2026-03-18"),
            InventoryItem(id: "never", productID: "p", locationID: nil, quantity: 1),
        ]
        #expect(ExpiringSoon.select(items, today: today, days: 7).map(\.id) == ["today", "week"])
    }

    @Test func pantryDatesReadOnlyRealDaysInTheStoredFormat() {
        #expect(PantryDate("2026-02-29") == nil)
        #expect(PantryDate("2026-3-1") == nil)
        #expect(PantryDate("2026-03-01")?.adding(days: 31).description == "2026-04-01")
        let lateEvening = Timestamp(iso8601: "2026-03-10T23:30:00Z")!
        #expect(PantryDate(lateEvening, in: TimeZone(identifier: "Europe/Berlin")!).description == "2026-03-11")
    }
}
