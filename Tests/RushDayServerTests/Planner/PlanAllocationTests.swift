import Testing
@testable import RushDayServer

@Suite("Allocation table and adjustments (§5.3)")
struct PlanAllocationTests {
    /// Every subset of the six services (64 selections, including none).
    static let serviceSelections: [[PlannerService]] = (0..<64).map { mask in
        PlannerService.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
    }

    @Test func everyKindTableSumsToOneHundredPercent() {
        for kind in EventKind.allCases {
            #expect(PlanAllocation.table(for: kind).reduce(0) { $0 + $1.percent } == 100, "\(kind)")
        }
    }

    @Test func birthdayTableMatchesSpecOrderAndShares() {
        let table = PlanAllocation.table(for: .birthday).map { "\($0.category.key) \($0.percent)" }
        #expect(table == [
            "venue_rental 20", "food_catering 32", "beverages 8", "cake_desserts 6", "decorations 10",
            "entertainment 12", "photo_video 6", "invitations_stationery 2", "miscellaneous 4",
        ])
    }

    @Test func itemsSumToMidpointForEveryKindVenueAndServiceSelection() {
        let midpoints: [Int64] = [1_000, 255_000, 300_000, 999_990, 12_345_670]
        for kind in EventKind.allCases {
            for venue in VenueKind.allCases {
                for services in Self.serviceSelections {
                    let shares = PlanAllocation.shares(kind: kind, venue: venue, services: services)
                    for midpoint in midpoints {
                        let items = PlanAllocation.split(midpoint, over: shares)
                        #expect(items.reduce(0) { $0 + $1.amount } == midpoint)
                        #expect(items.allSatisfy { $0.amount >= 0 })
                        #expect(Set(items.map(\.category)).count == items.count)
                    }
                }
            }
        }
    }

    @Test func atHomeDropsVenueRental() {
        let shares = PlanAllocation.shares(kind: .birthday, venue: .atHome, services: [])
        #expect(!shares.contains { $0.category == .venueRental })
        #expect(shares.count == 8)
    }

    @Test func unselectedServiceCategoriesAreDroppedButCoreCategoriesKept() {
        let shares = PlanAllocation.shares(kind: .wedding, venue: .indoorVenue, services: [.catering])
        let keys = shares.map(\.category.key)
        #expect(keys == ["venue_rental", "food_catering", "beverages", "attire_beauty", "cake_desserts", "miscellaneous"])
    }

    @Test func selectedServiceWithoutCategoriesAddsFirstLinkedCategoryAtThreePercent() {
        let shares = PlanAllocation.shares(kind: .birthday, venue: .indoorVenue, services: [.transport])
        #expect(shares.last == AllocationShare(category: .transportation, percent: 3))
        // BUSINESS already has transportation: nothing added.
        let business = PlanAllocation.shares(kind: .business, venue: .indoorVenue, services: [.transport])
        #expect(business.filter { $0.category == .transportation }.map(\.percent) == [4])
    }

    @Test func noSelectedServicesKeepsTheWholeTable() {
        #expect(PlanAllocation.shares(kind: .business, venue: .hotel, services: []) == PlanAllocation.table(for: .business))
    }

    @Test func floorSharesAndRemainderGoesToLargestCategory() {
        // 1 010 over 20/32/8/6/10/12/6/2/4: floors sum to 1 007; the remaining 3 go to food_catering.
        let items = PlanAllocation.split(1_010, over: PlanAllocation.table(for: .birthday))
        let amounts: [Int64] = items.map(\.amount)
        #expect(amounts == [202, 326, 80, 60, 101, 121, 60, 20, 40])
    }

    @Test func remainderTiesGoToFirstInTableOrder() {
        let shares = [AllocationShare(category: .beverages, percent: 1), AllocationShare(category: .flowers, percent: 1)]
        let items = PlanAllocation.split(3, over: shares)
        #expect(items.map(\.amount) == [2, 1])
    }

    @Test func workedExampleAllocationIsExactPercentOfMidpoint() {
        let items = PlanAllocation.split(300_000, over: PlanAllocation.table(for: .birthday))
        #expect(items.map(\.amount) == [60_000, 96_000, 24_000, 18_000, 30_000, 36_000, 18_000, 6_000, 12_000])
        #expect(PlanAllocation.largestCategory(items) == .foodCatering)
    }
}
