import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// A guest's side of an invitation link (spec §4.5.2), the one home of the rules that
/// `GetPublicGuestInvitation`, `RespondToGuestInvitation` and the `/g/…` pages share:
/// the per-address limit, decoding and verifying the code, what the guest may see, and
/// the answer with its notification.
struct GuestRSVP: Sendable {
    let components: RushDayComponents

    var database: any HearthDatabase { components.services.database }

    /// The invitation behind `code`, as its guest sees it.
    func invitation(code: String, address: String?) async throws -> GuestInvitationView {
        try await components.publicLimits.spend(.getPublicGuestInvitation, address: address)
        return try await lookup(code: code)
    }

    /// The invitation behind `code` without spending the caller's limit (for a page that
    /// already spent it on the answer it is showing again).
    func lookup(code: String) async throws -> GuestInvitationView {
        let parsed = try InvitationCode.parse(code)
        let ring = try await components.invitationKeys.ring()
        let now = components.services.clock.now
        return try await database.read { sql in try await Self.resolve(parsed, ring: ring, now: now, sql).view }
    }

    /// Records the guest's answer: ACCEPT or DECLINE, `accompany` (absent: unchanged) up to
    /// what the host allowed (§9 decision 9), until the event ends. Notifies the owner and
    /// admins (`guest_rsvp`).
    func respond(code: String, answer: Rushday_V1_GuestResponse, accompany: Int32?, address: String?) async throws -> GuestInvitationView {
        try await components.publicLimits.spend(.respondToGuestInvitation, address: address)
        let parsed = try InvitationCode.parse(code)
        let status: GuestStatus
        switch answer {
        case .accept: status = .accepted
        case .decline: status = .declined
        case .unspecified, .UNRECOGNIZED: throw RPCFailure.invalid("response", "must be ACCEPT or DECLINE")
        }
        let companions = try accompany.map { value throws(RPCError) in Int(try GuestInput.accompany(value, "accompany")) }
        let ring = try await components.invitationKeys.ring()
        let now = components.services.clock.now
        let (view, recipients) = try await database.transaction { sql in
            let resolved = try await Self.resolve(parsed, ring: ring, now: now, sql)
            var guest = resolved.view.guest
            guard resolved.view.canRespond else { throw RPCFailure.precondition("the event has ended; answers are closed") }
            if let companions {
                guard companions <= guest.accompanyAllowed else {
                    throw RPCFailure.precondition(
                        "accompany: the host allowed at most \(guest.accompanyAllowed) companion\(guest.accompanyAllowed == 1 ? "" : "s")")
                }
                guest.accompany = companions
            }
            guest.status = status
            guest.respondedAt = now
            guest.updatedAt = max(now, guest.updatedAt)
            try await GuestStore.update(guest, sql)
            let view = GuestInvitationView(
                event: resolved.view.event, guest: guest, invitationMessage: resolved.view.invitationMessage, now: now)
            return (view, resolved.hosts)
        }
        let notice = RushDayNotification(
            type: "guest_rsvp", eventID: view.event.id, extra: ["guestId": view.guest.id, "status": view.guest.status.rawValue])
        await components.notifier.notify(notice, to: recipients, gatedByShare: true)
        return view
    }

    /// The invitation of a genuine code with its guest and event, and who hosts the event
    /// (owner and admins); `NOT_FOUND` for an unknown key, a wrong tag, a revoked
    /// invitation or a deleted event.
    static func resolve(
        _ parsed: InvitationCode.Parsed, ring: InvitationKeyRing, now: Timestamp, _ sql: any SQLExecutor
    ) async throws -> (view: GuestInvitationView, hosts: [String]) {
        guard InvitationCode.isGenuine(parsed, ring: ring),
            let invitation = try await GuestInvitationStore.invitation(parsed.invitationIDText, sql), invitation.keyID == parsed.keyID,
            let guest = try await GuestStore.guest(invitation.guestID, sql),
            let event = try await EventStore.event(invitation.eventID, sql), !event.isAIDraft
        else { throw RPCFailure.notFound("invitation") }
        let admins = try await EventStore.entries(of: event.id, sql).filter { $0.accepted && $0.accessRole == .admin }.compactMap(\.userID)
        let view = GuestInvitationView(event: event, guest: guest, invitationMessage: invitation.message, now: now)
        return (view, [event.ownerID].compactMap { $0 } + admins)
    }
}

extension EventNotifier {
    /// `notification` (with its extra data keys) to each of `userIDs`, gated like
    /// ``notify(_:eventID:to:gatedByShare:)``.
    func notify(_ notification: RushDayNotification, to userIDs: [String], gatedByShare: Bool) async {
        for userID in userIDs {
            if gatedByShare {
                guard let user = try? await database.read({ sql in try await UserStore.user(userID, sql) }), user.preferences.share
                else { continue }
            }
            await sender.send(notification, to: userID)
        }
    }
}
