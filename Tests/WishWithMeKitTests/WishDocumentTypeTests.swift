import Testing
import WishWithMeKit

struct WishDocumentTypeTests {
    @Test func collectionsMatchTheSyncPaths() {
        let collections = WishDocumentType.allCases.map(\.collection)
        #expect(collections == ["users", "wishlists", "items", "marks", "shares", "bookmarks"])
        #expect(WishDocumentType(collection: "items") == .item)
        #expect(WishDocumentType(collection: "item") == nil)
    }

    @Test func pushOrderPutsParentsFirst() {
        #expect(WishDocumentType.pushOrder == [.wishlist, .item, .mark, .bookmark, .user, .share])
    }

    @Test func newIDIsTypePrefixedLowercaseUUID() {
        let id = WishDocumentType.bookmark.newID()
        #expect(id.hasPrefix("bookmark:"))
        let uuid = id.dropFirst("bookmark:".count)
        #expect(uuid.count == 36)
        #expect(uuid == uuid.lowercased())
        #expect(uuid.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(WishDocumentType.bookmark.newID() != id)
    }

    @Test func prefixingAddsThePrefixOnlyOnce() {
        #expect(WishDocumentType.share.prefixing("3f0c") == "share:3f0c")
        #expect(WishDocumentType.share.prefixing("share:3f0c") == "share:3f0c")
    }
}
