import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Guest invitation links and RSVP (spec §4.5.2, §6 cases 31–35, §9 decision 9), over real
/// gRPC on both engines; the public calls carry no token.
@Suite struct GuestInvitationTests {
    @Test(arguments: TestEngine.available)
    func invitingMarksTheGuestInvitedAndAgainReturnsTheSameLink(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let guest = try await rd.createGuest(.ann, event.id, name: "Bob Guest")
            let first = try await rd.inviteGuest(.ann, guest)
            #expect(first.encodedData.count == 46)
            #expect(first.encodedData.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(first.inviteLink == "https://rush.example/g/" + first.encodedData)
            #expect(first.guestID == guest.id)
            #expect(first.eventID == event.id)
            let invited = try await rd.getGuest(.ann, guest.id)
            #expect(invited.status == .invited)
            #expect(invited.invitedAt.seconds == RushDayHarness.start.millisecondsSince1970 / 1000)

            rd.clock.advance(seconds: 60)
            let again = try await rd.inviteGuest(.ann, guest, message: "See you there")
            #expect(again.encodedData == first.encodedData)
            #expect(again.id == first.id)
            #expect(again.message == "See you there")
            #expect(try await rd.getGuest(.ann, guest.id).invitedAt == invited.invitedAt)
            #expect(try await rd.publicGuestInvitation(again.encodedData).message == "See you there")
        }
    }

    @Test(arguments: TestEngine.available)
    func aGuestOfAnotherEventOrAnAcceptedGuestKeepsItsStatus(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let other = try await rd.createEvent(.ann, name: "Other")
            let accepted = try await rd.createGuest(.ann, event.id, name: "Amy") { $0.status = .accepted }
            _ = try await rd.inviteGuest(.ann, accepted)
            #expect(try await rd.getGuest(.ann, accepted.id).status == .accepted)
            var wrongEvent = Rushday_V1_CreateGuestInvitationRequest()
            wrongEvent.guestID = accepted.id
            wrongEvent.eventID = other.id
            #expect(await rpcCode { _ = try await rd.events.createGuestInvitation(wrongEvent, metadata: try await rd.auth(.ann)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func anAIDraftCannotBeInvitedTo(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let guest = try await rd.createGuest(.ann, event.id, name: "Early Bird")
            try await rd.markAIDraft(event.id)
            #expect(await rpcCode { _ = try await rd.inviteGuest(.ann, guest) } == .failedPrecondition)
            #expect(await rpcCode { _ = try await rd.createInvitation(.ann, event.id) } == .failedPrecondition)
            #expect(await rpcCode { _ = try await rd.inviteGuest(.bob, guest) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func anyoneWithTheLinkSeesTheEventAndTheirNameButNoContactData(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            let seen = try await rd.publicGuestInvitation(link.encodedData)
            #expect(seen.eventName == "Mia's 30th")
            #expect(seen.hostName == "Ann")
            #expect(seen.guestName == "Bob Guest")
            #expect(seen.guestStatus == .invited)
            #expect(seen.canRespond)
            #expect(seen.venue == "Rooftop Bar, 5 Main St")
            #expect(seen.message == "Come celebrate!")
            #expect(seen.eventType == "birthday")
            #expect(seen.accompany == 3)
            let wire = try seen.serializedBytes() as [UInt8]
            let text = String(decoding: wire, as: UTF8.self)
            for secret in ["bob.guest@example.com", "555 0100", "allergic"] { #expect(!text.contains(secret)) }
        }
    }

    @Test(arguments: TestEngine.available)
    func aTamperedCodeIsNotFoundAndGarbageIsInvalid(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            var characters = Array(link.encodedData)
            let index = 20
            characters[index] = characters[index] == "A" ? "B" : "A"
            #expect(await rpcCode { _ = try await rd.publicGuestInvitation(String(characters)) } == .notFound)
            #expect(await rpcCode { _ = try await rd.publicGuestInvitation("%%%") } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.publicGuestInvitation(String(link.encodedData.dropLast())) } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.respond("%%%", .accept) } == .invalidArgument)
            #expect(await rpcCode { _ = try await rd.respond(String(characters), .accept) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func aGuestAcceptsWithCompanionsThenDeclinesAndTheHostsAreNotified(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (event, guest, link) = try await rd.invitedGuest()
            try await rd.addCoHost(.bob, to: event, role: "admin")
            try await rd.addCoHost(.cid, to: event, role: "viewer")
            rd.clock.advance(seconds: 30)
            let accepted = try await rd.respond(link.encodedData, .accept, accompany: 2)
            #expect(accepted.guestStatus == .accepted)
            #expect(accepted.accompany == 2)
            #expect(accepted.respondedAt.seconds == RushDayHarness.start.millisecondsSince1970 / 1000 + 30)
            let stored = try await rd.getGuest(.ann, guest.id)
            #expect(stored.status == .accepted)
            #expect(stored.accompany == 2)
            #expect(stored.respondedAt == accepted.respondedAt)
            #expect(Set(rd.notifications.recipients(of: "guest_rsvp", eventID: event.id)) == [TestUser.ann.rawValue, TestUser.bob.rawValue])
            let delivery = rd.notifications.deliveries.first { $0.notification.type == "guest_rsvp" }
            #expect(delivery?.notification.data["guestId"] == guest.id)
            #expect(delivery?.notification.data["status"] == "accepted")

            let declined = try await rd.respond(link.encodedData, .decline)
            #expect(declined.guestStatus == .declined)
            #expect(declined.accompany == 2)
            #expect(try await rd.getGuest(.ann, guest.id).status == .declined)
        }
    }

    @Test(arguments: TestEngine.available)
    func aGuestMayNotBringMoreCompanionsThanTheHostAllowed(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, guest, link) = try await rd.invitedGuest(allowance: 2)
            let over = await rpcError { try await rd.respond(link.encodedData, .accept, accompany: 3) }
            #expect(over?.code == .failedPrecondition)
            #expect(over?.message.hasPrefix("accompany") == true)
            #expect(await rpcCode { try await rd.respond(link.encodedData, .accept, accompany: 21) } == .invalidArgument)
            #expect(await rpcCode { try await rd.respond(link.encodedData, .accept, accompany: -1) } == .invalidArgument)
            #expect(try await rd.getGuest(.ann, guest.id).status == .invited)

            // A smaller answer does not lower the allowance: the guest may change their mind.
            try await rd.respond(link.encodedData, .accept, accompany: 1)
            #expect(try await rd.respond(link.encodedData, .accept, accompany: 2).accompany == 2)

            // The host's edit form resending the current count keeps the allowance; a new count replaces it.
            var update = Rushday_V1_UpdateGuestRequest()
            update.id = guest.id
            update.name = guest.name
            update.accompany = 0
            _ = try await rd.events.updateGuest(update, metadata: try await rd.auth(.ann))
            #expect(await rpcCode { try await rd.respond(link.encodedData, .accept, accompany: 1) } == .failedPrecondition)
            #expect(try await rd.respond(link.encodedData, .accept, accompany: 0).accompany == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func answersCloseWhenTheEventEndsOrTheGuestIsGone(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (_, guest, link) = try await rd.invitedGuest()
            #expect(await rpcCode { try await rd.respond(link.encodedData, .unspecified) } == .invalidArgument)

            rd.clock.set(Timestamp(millisecondsSince1970: 1_781_460_000_000))  // 2026-06-14T18:00:00Z, the day after
            #expect(try await rd.publicGuestInvitation(link.encodedData).canRespond)
            rd.clock.advance(seconds: 1)
            #expect(try await rd.publicGuestInvitation(link.encodedData).canRespond == false)
            #expect(await rpcCode { try await rd.respond(link.encodedData, .accept) } == .failedPrecondition)

            rd.clock.set(RushDayHarness.start)
            try await rd.deleteGuest(.ann, guest.id)
            #expect(await rpcCode { try await rd.respond(link.encodedData, .accept) } == .notFound)
            #expect(await rpcCode { _ = try await rd.publicGuestInvitation(link.encodedData) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func publicCallsAreLimitedPerAddressAndRPC(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine, settings: guestSettings(publicLimit: 3)) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            for _ in 0..<3 { _ = try await rd.publicGuestInvitation(link.encodedData) }
            let limited = await rpcError { _ = try await rd.publicGuestInvitation(link.encodedData) }
            #expect(limited?.code == .resourceExhausted)
            // Bad input counts too, so guessing codes is limited as well.
            #expect(await rpcCode { _ = try await rd.publicGuestInvitation("%%%") } == .resourceExhausted)
            #expect(try await rd.respond(link.encodedData, .accept).guestStatus == .accepted)
            rd.clock.advance(seconds: 60)
            #expect(try await rd.publicGuestInvitation(link.encodedData).guestStatus == .accepted)
        }
    }

    @Test(arguments: TestEngine.available)
    func theLimitCanBeTurnedOff(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine, settings: guestSettings(publicLimit: 0)) { rd in
            let (_, _, link) = try await rd.invitedGuest()
            for _ in 0..<70 { _ = try await rd.publicGuestInvitation(link.encodedData) }
            #expect(try await rd.publicGuestInvitation(link.encodedData).guestName == "Bob Guest")
        }
    }
}
