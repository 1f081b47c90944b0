import HearthCore
import HearthStore

/// Who may read a wishlist and everything in it: its owner plus every user granted access
/// through a share link that has not been revoked (spec §1.6, hardened §8.6 — `access` is
/// always computed here, never taken from a client).
enum WishlistAudience {
    static func readers(ofWishlist wishlistID: String, owner: String, executor: any SQLExecutor) async throws -> Set<String> {
        let rows = try await executor.query(
            "SELECT DISTINCT user_id FROM wwm_grants WHERE wishlist_id = ?", [.text(wishlistID)])
        return Set(try rows.map { try $0.string("user_id") }).union([owner])
    }

    /// Surprise mode: a mark is readable by the wishlist's readers except its owner.
    static func markReaders(ofWishlist wishlistID: String, owner: String, executor: any SQLExecutor) async throws -> Set<String> {
        try await readers(ofWishlist: wishlistID, owner: owner, executor: executor).subtracting([owner])
    }

    /// Whether `userID` followed a `mark` link of this wishlist that is still active
    /// (decision §10.4: the strongest link a user used wins).
    static func canMark(userID: String, wishlistID: String, executor: any SQLExecutor) async throws -> Bool {
        try await executor.queryFirst(
            "SELECT 1 AS granted FROM wwm_grants WHERE wishlist_id = ? AND user_id = ? AND link_type = 'mark'",
            [.text(wishlistID), .text(userID)]) != nil
    }
}
