import HearthCore
import Testing
import WishWithMeKit

/// Spec §5.1 and §5.3: share creation and grant-access bodies.
struct ShareWireTests {
    @Test func shareLinkResponseFromSpecDecodes() throws {
        let response = try WireCoding.decode(ShareLinkResponse.self, SpecFixtures.shareLinkResponse)
        #expect(response.linkType == .mark)
        #expect(response.accessCount == 0)
        #expect(response.qrCodeBase64 == nil)
        #expect(response.expiresAt == "2025-04-03T10:15:30.123456Z")
        #expect(response.shareURL.hasSuffix("/s/" + response.token))
    }

    @Test func bareIDsMapToDocumentIDs() throws {
        let response = try WireCoding.decode(ShareLinkResponse.self, SpecFixtures.shareLinkResponse)
        #expect(response.shareDocumentID == "share:3f0c0000-0000-4000-8000-000000000005")
        #expect(response.wishlistDocumentID == "wishlist:9a1b2c3d-0000-4000-8000-000000000001")
    }

    @Test func neverExpiringLinkHasNullExpiry() throws {
        let json = try WireCoding.setting("expires_at", to: .null, in: SpecFixtures.shareLinkResponse)
        #expect(try WireCoding.decode(ShareLinkResponse.self, json).expiresAt == nil)
    }

    @Test(arguments: ["id", "wishlist_id", "token", "link_type", "access_count", "created_at", "share_url"])
    func shareLinkResponseRequiresWhatTheIOSAppRequires(_ key: String) throws {
        #expect(WireCoding.bothReject(ShareLinkResponse.self, try WireCoding.removing(key, from: SpecFixtures.shareLinkResponse)))
    }

    @Test func createShareRequestOmitsExpiryForNeverExpiringLinks() throws {
        #expect(try WireCoding.members(CreateShareRequest(linkType: .view)) == ["link_type": "view"])
        let expiring = try WireCoding.members(CreateShareRequest(linkType: .mark, expiresInDays: 30))
        #expect(expiring == ["link_type": "mark", "expires_in_days": 30])
    }

    @Test func grantAccessPermissionsTellWhetherMarkingIsAllowed() throws {
        let markLink = try WireCoding.decode(
            GrantAccessResponse.self, #"{"wishlist_id": "wishlist:9a1b", "permissions": ["view", "mark"]}"#)
        #expect(markLink.canMark)
        #expect(markLink.wishlistID == "wishlist:9a1b")
        let viewLink = try WireCoding.decode(GrantAccessResponse.self, #"{"wishlist_id": "wishlist:9a1b", "permissions": ["view"]}"#)
        #expect(viewLink.canMark == false)
        #expect(ShareLinkType.view.permissions == viewLink.permissions)
        #expect(ShareLinkType.mark.permissions == markLink.permissions)
    }
}
