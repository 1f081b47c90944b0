import HearthCore
import HearthServer
import HearthStore

/// Shares are read-only in sync (spec §8.8): only the share endpoints create and revoke
/// them. Deleting an already revoked share of one's own is accepted as a no-op, since it
/// is already gone from the owner's view.
struct ShareRule: CollectionWriteRule {
    let collection = WishWithMeCollection.shares

    func canRead(_ document: StoredDocument, userID: String) -> Bool {
        document.isReadable(by: userID) && document.data["owner_id"]?.stringValue == userID
    }

    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision {
        guard let stored = write.stored else {
            return .deny(RuleDenial.unauthorized("share links are created with POST /api/v1/wishlists/{id}/share"))
        }
        guard stored.data["owner_id"]?.stringValue == write.userID else {
            return .deny(RuleDenial.unauthorized("not the share owner"))
        }
        if write.isDelete, stored.data["revoked"]?.boolValue == true { return .skip }
        return .deny(RuleDenial.unauthorized("share links change only through the share endpoints"))
    }
}
