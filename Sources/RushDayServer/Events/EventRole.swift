/// The caller's role on an event (spec §2.3), derived for each call.
enum EventRole: String, Sendable, Hashable {
    case owner, admin, viewer

    /// The role `userID` holds on an event owned by `ownerID` with these co-host entries;
    /// `nil` for everybody else (including invitees whose entry is still pending).
    static func of(_ userID: String, ownerID: String?, entries: [CoHostEntry]) -> EventRole? {
        if ownerID == userID { return .owner }
        guard let entry = entries.first(where: { $0.grants(userID) }) else { return nil }
        return entry.accessRole == .admin ? .admin : .viewer
    }

    /// **W**: owner and admin.
    var canWrite: Bool { self != .viewer }
    /// **O**: the owner alone.
    var isOwner: Bool { self == .owner }
}
