import HearthCore
import Testing
import WishWithMeKit

/// Spec §7: absent optional fields take the documented defaults; timestamps stay verbatim.
struct DocumentDefaultsTests {
    @Test func wishlistDefaultsIconColourVisibilityAndDeletion() throws {
        let wishlist = try WireCoding.decode(Wishlist.self, SpecFixtures.wishlist)
        #expect(wishlist.icon == "card_giftcard")
        #expect(wishlist.iconColor == "primary")
        #expect(wishlist.isPublic == false)
        #expect(wishlist.isDeleted == false)
        #expect(wishlist.description == nil)
        #expect(wishlist.revision == "3-0123456789abcdef0123456789abcdef")
        #expect(wishlist.access.count == 2)
    }

    @Test func originalServerTimestampIsKeptVerbatimAndParses() throws {
        let wishlist = try WireCoding.decode(Wishlist.self, SpecFixtures.wishlist)
        #expect(wishlist.createdAt == "2025-03-04T10:15:30.123456+00:00")
        let instant = try #require(Timestamp(iso8601: wishlist.createdAt))
        #expect(instant.iso8601 == "2025-03-04T10:15:30.123Z")
    }

    @Test func itemWithSourceURLAndNoStatusIsPending() throws {
        let item = try WireCoding.decode(WishlistItem.self, SpecFixtures.legacyItem)
        #expect(item.status == .pending)
        #expect(item.sourceURL == "https://www.ozon.ru/product/123")
    }

    @Test func itemWithoutSourceURLAndNoStatusIsResolved() throws {
        var json = try WireCoding.removing("status", from: SpecFixtures.resolvedItem)
        #expect(try WireCoding.decode(WishlistItem.self, json).status == .resolved)
        json = try WireCoding.setting("source_url", to: .null, in: SpecFixtures.legacyItem)
        #expect(try WireCoding.decode(WishlistItem.self, json).status == .resolved)
    }

    @Test func itemDetailsDecodeIncludingIntegerPrice() throws {
        let item = try WireCoding.decode(WishlistItem.self, SpecFixtures.resolvedItem)
        #expect(item.price == 2990)
        #expect(item.currency == "RUB")
        #expect(item.quantity == 2)
        #expect(item.resolveConfidence == 0.92)
        #expect(item.status == .resolved)
    }

    @Test func unknownItemStatusIsKeptAndWrittenBack() throws {
        let json = try WireCoding.setting("status", to: "queued", in: SpecFixtures.resolvedItem)
        let item = try WireCoding.decode(WishlistItem.self, json)
        #expect(item.status == .other("queued"))
        #expect(item.status.isAwaitingResolution == false)
        #expect(try WireCoding.members(item)["status"] == "queued")
    }

    @Test func inProgressStatusUsesTheWireSpelling() throws {
        let json = try WireCoding.setting("status", to: "in_progress", in: SpecFixtures.resolvedItem)
        let item = try WireCoding.decode(WishlistItem.self, json)
        #expect(item.status == .inProgress)
        #expect(item.status.isAwaitingResolution)
        #expect(try WireCoding.members(item)["status"] == "in_progress")
    }

    @Test func malformedOptionalFieldFallsBackInsteadOfHidingTheItem() throws {
        let json = try WireCoding.setting("price", to: "2990 ₽", in: SpecFixtures.resolvedItem)
        let item = try WireCoding.decode(WishlistItem.self, json)
        #expect(item.price == nil)
        #expect(item.title == "Kettle")
    }

    @Test func legacyBookmarkWithoutWishlistIDGetsDisplayDefaults() throws {
        let bookmark = try WireCoding.decode(Bookmark.self, SpecFixtures.legacyBookmark)
        #expect(bookmark.wishlistID == nil)
        #expect(bookmark.ownerName == "Unknown")
        #expect(bookmark.wishlistName == "")
        #expect(bookmark.wishlistIcon == "card_giftcard")
        #expect(bookmark.wishlistIconColor == "primary")
        #expect(bookmark.updatedAt == nil)
        #expect(bookmark.userID == "22222222-2222-4222-8222-222222222222")
    }

    @Test func shareDefaultsCountRevocationAndGrants() throws {
        var json = SpecFixtures.share
        for key in ["access_count", "revoked", "granted_users"] { json = try WireCoding.removing(key, from: json) }
        let share = try WireCoding.decode(Share.self, json)
        #expect(share.accessCount == 0)
        #expect(share.revoked == false)
        #expect(share.grantedUsers.isEmpty)
        #expect(share.linkType == .view)
        #expect(share.expiresAt == nil)
    }

    @Test func shareWithUnknownLinkTypeIsRejected() throws {
        let json = try WireCoding.setting("link_type", to: "edit", in: SpecFixtures.share)
        #expect(WireCoding.bothReject(Share.self, json))
    }

    @Test func userDocumentDefaultsLocaleAndAccess() throws {
        var json = try WireCoding.removing("locale", from: SpecFixtures.user)
        json = try WireCoding.removing("access", from: json)
        json = try WireCoding.removing("email", from: json)
        let user = try WireCoding.decode(UserProfile.self, json)
        #expect(user.locale == "en")
        #expect(user.access.isEmpty)
        #expect(user.email == nil)
        #expect(user.birthday == "1990-05-17")
    }

    @Test func deletedFlagDecodesOnlyTrueAsDeleted() throws {
        let deleted = try WireCoding.setting("_deleted", to: true, in: SpecFixtures.mark)
        #expect(try WireCoding.decode(Mark.self, deleted).isDeleted)
        let notDeleted = try WireCoding.setting("_deleted", to: false, in: SpecFixtures.mark)
        #expect(try WireCoding.decode(Mark.self, notDeleted).isDeleted == false)
    }
}
