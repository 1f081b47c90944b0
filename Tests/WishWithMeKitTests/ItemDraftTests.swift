import HearthCore
import Testing
import WishWithMeKit

/// New items from a link (pending, placeholder title) or typed in (resolved), spec §6.1/§7.3.
struct ItemDraftTests {
    let now = Timestamp(millisecondsSince1970: 1_741_083_330_000)

    @Test func linkDraftUsesTheSiteAsPlaceholderTitle() throws {
        let draft = try ItemDraft.link("  https://www.Ozon.ru/product/kettle-123/?sku=9#reviews \n")
        #expect(draft.title == "ozon.ru")
        #expect(draft.sourceURL == "https://www.Ozon.ru/product/kettle-123/?sku=9#reviews")
        #expect(draft.quantity == 1)
        #expect(try ItemDraft.link("http://user:pw@shop.example:8080/x").title == "shop.example")
        #expect(try ItemDraft.link("https://wildberries.ru").title == "wildberries.ru")
    }

    @Test func linkDraftBecomesAPendingItemOfTheWishlist() throws {
        let item = try ItemDraft.link("https://market.yandex.ru/p/1").makeItem(in: Builders.wishlist(), now: now)
        #expect(item.status == .pending)
        #expect(item.wishlistID == "wishlist:w1")
        #expect(item.ownerID == Builders.owner)
        #expect(item.access == Builders.wishlist().access)
        #expect(item.createdAt == "2025-03-04T10:15:30.000Z")
        #expect(item.updatedAt == item.createdAt)
        #expect(item.id.hasPrefix("item:"))
    }

    @Test(arguments: [
        ("", ItemDraftError.linkEmpty), ("ftp://files.example/x", .linkNotWeb), ("javascript:alert(1)", .linkNotWeb),
        ("www.ozon.ru/product", .linkNotWeb), ("https://ozon.ru/a b", .linkNotWeb), ("https:///product", .linkWithoutHost),
        ("https://" + String(repeating: "a", count: 2041), .linkTooLong(maximum: 2048)),
    ])
    func unusableLinksAreRejected(_ link: String, _ expected: ItemDraftError) {
        #expect(throws: expected) { try ItemDraft.link(link) }
    }

    @Test func linkOfExactly2048CharactersIsAccepted() {
        let link = "https://" + String(repeating: "a", count: 2040)
        #expect(link.count == 2048)
        #expect(throws: Never.self) { try ItemDraft.link(link) }
    }

    @Test func manualDraftNormalisesAndBecomesResolved() throws {
        let draft = try ItemDraft.manual(title: "  Kettle ", description: "  ", price: 2990, currency: "rub", quantity: 2)
        #expect(draft.title == "Kettle")
        #expect(draft.description == nil)
        #expect(draft.currency == "RUB")
        let item = draft.makeItem(in: Builders.wishlist(), now: now)
        #expect(item.status == .resolved)
        #expect(item.sourceURL == nil)
        #expect(item.quantity == 2)
        #expect(item.price == 2990)
    }

    @Test func manualDraftAcceptsLimitsAndFreeItems() {
        #expect(throws: Never.self) {
            try ItemDraft.manual(
                title: String(repeating: "t", count: 200), description: String(repeating: "d", count: 1000), price: 0)
        }
    }

    @Test(arguments: [
        (" ", nil, nil, nil, 1, ItemDraftError.titleEmpty),
        (String(repeating: "t", count: 201), nil, nil, nil, 1, .titleTooLong(maximum: 200)),
        ("Kettle", String(repeating: "d", count: 1001), nil, nil, 1, .descriptionTooLong(maximum: 1000)),
        ("Kettle", nil, -0.01, nil, 1, .priceInvalid),
        ("Kettle", nil, Double.infinity, nil, 1, .priceInvalid),
        ("Kettle", nil, 10, "RU", 1, .currencyInvalid("RU")),
        ("Kettle", nil, 10, "RUB1", 1, .currencyInvalid("RUB1")),
        ("Kettle", nil, 10, "₽", 1, .currencyInvalid("₽")),
        ("Kettle", nil, nil, nil, 0, .quantityBelowOne),
    ] as [(String, String?, Double?, String?, Int, ItemDraftError)])
    func invalidManualDetailsAreRejected(
        _ title: String, _ description: String?, _ price: Double?, _ currency: String?, _ quantity: Int,
        _ expected: ItemDraftError
    ) {
        #expect(throws: expected) {
            try ItemDraft.manual(title: title, description: description, price: price, currency: currency, quantity: quantity)
        }
    }

    @Test func nanPriceIsRejected() {
        #expect(throws: ItemDraftError.priceInvalid) { try ItemDraft.manual(title: "Kettle", price: .nan) }
    }
}
