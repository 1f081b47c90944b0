/// Surprise mode: a wishlist's owner never learns who marked what (spec §1.6).
///
/// The server already keeps marks away from owners, but a device can still hold some
/// (e.g. after the user's own wishlist was shared back to them, or from a stale cache),
/// so every screen filters through this rule too.
public enum SurpriseMode {
    /// The live marks of `wishlist` the viewer may see: none when the viewer owns it.
    public static func visibleMarks(_ marks: [Mark], wishlist: Wishlist, viewer userID: String) -> [Mark] {
        guard wishlist.ownerID != userID else { return [] }
        return marks.filter { mark in
            mark.wishlistID == wishlist.id && !mark.isDeleted && mark.ownerID != userID
        }
    }

    /// Whether the viewer may mark items of `wishlist` at all: the owner may not.
    public static func canMark(in wishlist: Wishlist, viewer userID: String) -> Bool {
        wishlist.ownerID != userID
    }
}
