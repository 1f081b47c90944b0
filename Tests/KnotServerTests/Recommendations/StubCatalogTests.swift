import Foundation
import Testing
import KnotRules

@testable import KnotServer

@Suite struct StubCatalogTests {
    @Test func shippedCatalogCoversEvery40InterestsAnd8VibesWithValidEntries() throws {
        let catalog = try StubCatalog.loadBundled()
        #expect(catalog.problems(interests: KnotVaultRules.interestCategories, vibes: KnotVaultRules.vibes) == [])
        #expect(catalog.interestGifts.count == 40)
        #expect(catalog.vibeExperiences.count == 8)
        #expect(catalog.interestGifts.values.allSatisfy { (2...3).contains($0.count) })
        #expect(catalog.vibeExperiences.values.allSatisfy { $0.count == 3 })
    }

    @Test func interestImagesFollowTheSlugRule() throws {
        let catalog = try StubCatalog.loadBundled()
        for interest in KnotVaultRules.interestCategories {
            let image = try #require(catalog.interestImages[interest])
            #expect(image.hasSuffix("/\(InterestCategory.imageSlug(interest)).jpg"), "\(interest): \(image)")
        }
        #expect(catalog.interestImages["Board Games"] == "https://images.knot-app.example/interest-board-games.jpg")
    }

    @Test func shippedTitlesAreDistinctSoStubDeduplicationNeverHidesAnEntry() throws {
        let catalog = try StubCatalog.loadBundled()
        let titles = catalog.interestGifts.values.flatMap { $0.map(\.title) } + catalog.vibeExperiences.values.flatMap { $0.map(\.title) }
        #expect(Set(titles.map(TextMatch.norm)).count == titles.count)
    }

    @Test func validationReportsMissingKeysCountsSourcesAndPrices() throws {
        var catalog = try StubCatalog.loadBundled()
        catalog.interestGifts["Travel"] = [catalog.interestGifts["Travel"]![0]]
        catalog.interestGifts["Cooking"]![0].priceCents = 0
        catalog.interestGifts["Baking"]![0].source = "yelp"
        catalog.vibeExperiences["romantic"]![0].source = "amazon"
        catalog.vibeImages["romantic"] = nil
        catalog.interestGifts["Golf"] = catalog.interestGifts["Wine"]
        let problems = catalog.problems(interests: KnotVaultRules.interestCategories, vibes: KnotVaultRules.vibes)
        #expect(problems.contains("Travel: 1 gifts, expected 2–3"))
        #expect(problems.contains { $0.hasPrefix("Cooking/") && $0.hasSuffix("price_cents must be > 0") })
        #expect(problems.contains { $0.hasPrefix("Baking/") && $0.hasSuffix("source yelp") })
        #expect(problems.contains { $0.hasPrefix("romantic/") && $0.hasSuffix("source amazon") })
        #expect(problems.contains("vibe_images keys differ from the vibe list"))
        #expect(problems.contains("interest_gifts keys differ from the interest list"))
    }

    @Test func parseRefusesAGiftRecTypeAndAFractionalPrice() {
        let giftRecType = #"{"interest_gifts":{},"vibe_experiences":{"romantic":[{"title":"a","description":"b","price_cents":1,"merchant":"m","source":"yelp","rec_type":"gift"}]},"interest_images":{},"vibe_images":{}}"#
        #expect(throws: StubCatalog.LoadError.self) { try StubCatalog.parse(Array(giftRecType.utf8)) }
        let fractional = #"{"interest_gifts":{"Travel":[{"title":"a","description":"b","price_cents":1.5,"merchant":"m","source":"amazon"}]},"vibe_experiences":{},"interest_images":{},"vibe_images":{}}"#
        #expect(throws: StubCatalog.LoadError.self) { try StubCatalog.parse(Array(fractional.utf8)) }
    }
}
