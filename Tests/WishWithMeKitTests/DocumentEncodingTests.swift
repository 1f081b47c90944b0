import Foundation
import HearthCore
import Testing
import WishWithMeKit

/// Encoding mirrors the iOS app: nil values are omitted, `_id` and `type` always written,
/// `_deleted` only when true, `_rev` only when known.
struct DocumentEncodingTests {
    static let owner = "user:11111111-1111-4111-8111-111111111111"

    @Test func newWishlistOmitsNilsAndRevision() throws {
        let wishlist = Wishlist(ownerID: Self.owner, name: "Birthday", createdAt: "2025-03-04T10:15:30Z")
        for members in [try WireCoding.members(wishlist), try WireCoding.foundationMembers(wishlist)] {
            #expect(members["_id"] == .string(wishlist.id))
            #expect(members["type"] == "wishlist")
            #expect(members["_rev"] == nil)
            #expect(members["_deleted"] == nil)
            #expect(members["description"] == nil)
            #expect(members["updated_at"] == nil)
            #expect(members.values.contains(.null) == false)
            #expect(members["access"] == [.string(Self.owner)])
        }
    }

    @Test func deletionWritesDeletedTrue() throws {
        var mark = try WireCoding.decode(Mark.self, SpecFixtures.mark)
        mark.isDeleted = true
        let members = try WireCoding.members(mark)
        #expect(members["_deleted"] == true)
        #expect(members["_id"] == "mark:5e5e5e5e-0000-4000-8000-000000000004")
    }

    @Test func userDocumentNeverWritesSecrets() throws {
        let user = try WireCoding.decode(UserProfile.self, SpecFixtures.user)
        let members = try WireCoding.members(user)
        #expect(members["password_hash"] == nil)
        #expect(members["refresh_tokens"] == nil)
        #expect(members["avatar_base64"] == nil)
        #expect(members["email"] == "anna@example.com")
        #expect(members["_rev"] == "12-ffffffffffffffffffffffffffffffff")
    }

    @Test(arguments: [
        SpecFixtures.wishlist, SpecFixtures.legacyItem, SpecFixtures.resolvedItem, SpecFixtures.mark,
        SpecFixtures.share, SpecFixtures.legacyBookmark, SpecFixtures.user,
    ])
    func roundTripKeepsEveryModelledValue(_ fixture: String) throws {
        let type = try #require(WireCoding.parse(fixture)["type"]?.stringValue)
        switch try #require(WishDocumentType(rawValue: type)) {
        case .wishlist: try Self.expectRoundTrip(Wishlist.self, fixture)
        case .item: try Self.expectRoundTrip(WishlistItem.self, fixture)
        case .mark: try Self.expectRoundTrip(Mark.self, fixture)
        case .share: try Self.expectRoundTrip(Share.self, fixture)
        case .bookmark: try Self.expectRoundTrip(Bookmark.self, fixture)
        case .user: try Self.expectRoundTrip(UserProfile.self, fixture)
        }
    }

    static func expectRoundTrip<T: WishDocument>(_ type: T.Type, _ fixture: String) throws {
        let original = try WireCoding.decode(T.self, fixture)
        let viaHearth = try JSONValueEncoder().encode(original)
        #expect(try WireCoding.decode(T.self, viaHearth) == original)
        let viaFoundation = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(T.self, from: viaFoundation) == original)
        #expect(viaHearth["_id"] == .string(original.id))
        #expect(viaHearth["type"] == .string(T.documentType.rawValue))
    }

    @Test func nullDescriptionFromThePWAIsOmittedOnReencode() throws {
        let wishlist = try WireCoding.decode(Wishlist.self, SpecFixtures.wishlist)
        let members = try WireCoding.members(wishlist)
        #expect(try WireCoding.parse(SpecFixtures.wishlist)["description"] == .null)
        #expect(members.keys.contains("description") == false)
    }
}
