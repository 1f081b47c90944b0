import HearthCore
import HearthServer
import HearthStore

/// Bookmarks are written by the server when a share link is followed; a client may only
/// delete its own (spec §8.2). Other pushes of an existing own bookmark are answered with
/// the stored version (the PWA re-pushes unchanged bookmarks every cycle).
struct BookmarkRule: CollectionWriteRule {
    let collection = WishWithMeCollection.bookmarks

    func canRead(_ document: StoredDocument, userID: String) -> Bool {
        document.isReadable(by: userID) && document.data["user_id"]?.stringValue == userID
    }

    func decide(_ write: ProposedWrite, context: WishWithMeWriteContext) async throws -> WriteDecision {
        guard let stored = write.stored else {
            return .deny(RuleDenial.unauthorized("bookmarks are created by opening a share link"))
        }
        guard stored.data["user_id"]?.stringValue == write.userID else {
            return .deny(RuleDenial.unauthorized("not the bookmark owner"))
        }
        guard write.isDelete else { return .deny(RuleDenial.unauthorized("bookmarks change only by opening a share link")) }
        return .allow(access: Set(stored.access))
    }
}
