import GRPCCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Guest management (spec §4.5.1, §6 cases 16, 28–30), over real gRPC on both engines.
@Suite struct GuestTests {
    @Test(arguments: TestEngine.available)
    func aNewGuestIsNotInvitedAndBadFieldsAreRefusedByName(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let guest = try await rd.createGuest(.ann, event.id, name: "  Dana  ")
            #expect(guest.status == .notInvited)
            #expect(guest.name == "Dana")
            #expect(!guest.hasContact)

            let tooMany = await rpcError { try await rd.createGuest(.ann, event.id, name: "Eve") { $0.accompany = 21 } }
            #expect(tooMany?.code == .invalidArgument)
            #expect(tooMany?.message.hasPrefix("accompany") == true)
            let badEmail = await rpcError { try await rd.createGuest(.ann, event.id, name: "Eve") { $0.contact.email = "bob@" } }
            #expect(badEmail?.code == .invalidArgument)
            #expect(badEmail?.message.hasPrefix("contact.email") == true)
            let badPhone = await rpcCode { try await rd.createGuest(.ann, event.id, name: "Eve") { $0.contact.phoneNumber = "call me" } }
            #expect(badPhone == .invalidArgument)
            #expect(try await rd.listGuests(.ann, event.id).guests.map(\.name) == ["Dana"])
        }
    }

    @Test(arguments: TestEngine.available)
    func anEmptyContactIsStoredAsNoContact(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let none = try await rd.createGuest(.ann, event.id, name: "Gus") { $0.contact = Rushday_V1_GuestContact() }
            #expect(!none.hasContact)
            let some = try await rd.createGuest(.ann, event.id, name: "Hal") { $0.contact.email = "hal@example.com" }
            #expect(some.contact.email == "hal@example.com")
            #expect(!some.contact.hasPhoneNumber)
        }
    }

    @Test(arguments: TestEngine.available)
    func listingFiltersByStatusAndKeepsCreationOrder(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.createGuest(.ann, event.id, name: "Zoe") { $0.status = .invited }
            try await rd.createGuest(.ann, event.id, name: "Amy") { $0.status = .accepted }
            try await rd.createGuest(.ann, event.id, name: "Max") { $0.status = .accepted }
            let accepted = try await rd.listGuests(.ann, event.id, status: .accepted)
            #expect(accepted.guests.map(\.name) == ["Amy", "Max"])
            #expect(accepted.totalCount == 2)
            let all = try await rd.listGuests(.ann, event.id)
            #expect(all.guests.map(\.name) == ["Zoe", "Amy", "Max"])
            #expect(all.totalCount == 3)
            #expect(try await rd.listGuests(.ann, event.id, status: .unspecified).guests.count == 3)
            #expect(await rpcCode { _ = try await rd.listGuests(.ann, event.id, status: .UNRECOGNIZED(9)) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func aBatchWithOneBadEntryCreatesNobodyAndNamesTheEntry(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            var request = Rushday_V1_BatchCreateGuestsRequest()
            request.eventID = event.id
            request.guests = ["Ann", "", "Cy"].map { name in
                var entry = Rushday_V1_GuestInput()
                entry.name = name
                return entry
            }
            let error = await rpcError { _ = try await rd.events.batchCreateGuests(request, metadata: try await rd.auth(.ann)) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix("guests[1].name") == true)
            #expect(try await rd.listGuests(.ann, event.id).guests.isEmpty)

            request.guests[1].name = "Bo"
            let created = try await rd.events.batchCreateGuests(request, metadata: try await rd.auth(.ann))
            #expect(created.guests.map(\.name) == ["Ann", "Bo", "Cy"])
            #expect(try await rd.listGuests(.ann, event.id).guests.map(\.name) == ["Ann", "Bo", "Cy"])

            request.guests = []
            #expect(await rpcCode { _ = try await rd.events.batchCreateGuests(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func anUpdateClearsAnAbsentContactAndKeepsAbsentNotesAndUnspecifiedStatus(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let guest = try await rd.createGuest(.ann, event.id, name: "Ida") {
                $0.contact.email = "ida@example.com"
                $0.status = .accepted
                $0.notes = "vegan"
                $0.accompany = 1
            }
            rd.clock.advance(seconds: 5)
            var request = Rushday_V1_UpdateGuestRequest()
            request.id = guest.id
            request.name = "Ida B."
            request.accompany = 1
            let updated = try await rd.events.updateGuest(request, metadata: try await rd.auth(.ann))
            #expect(updated.name == "Ida B.")
            #expect(!updated.hasContact)
            #expect(updated.status == .accepted)
            #expect(updated.notes == "vegan")
            #expect(updated.updatedAt.seconds == guest.updatedAt.seconds + 5)
            #expect(updated.createdAt == guest.createdAt)

            request.notes = ""
            request.status = .declined
            let cleared = try await rd.events.updateGuest(request, metadata: try await rd.auth(.ann))
            #expect(!cleared.hasNotes)
            #expect(cleared.status == .declined)
            #expect(try await rd.getGuest(.ann, guest.id) == cleared)
        }
    }

    @Test(arguments: TestEngine.available)
    func guestsAreHiddenFromOutsidersAndReadOnlyForViewers(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            let guest = try await rd.createGuest(.ann, event.id, name: "Jo")
            #expect(try await rd.getGuest(.bob, guest.id).name == "Jo")
            #expect(try await rd.listGuests(.bob, event.id).guests.count == 1)
            #expect(await rpcCode { try await rd.createGuest(.bob, event.id, name: "Kim") } == .permissionDenied)
            #expect(await rpcCode { try await rd.deleteGuest(.bob, guest.id) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.inviteGuest(.bob, guest) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.getGuest(.cid, guest.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.listGuests(.cid, event.id) } == .notFound)
            #expect(await rpcCode { try await rd.deleteGuest(.cid, guest.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.getGuest(.ann, "nope") } == .notFound)
            #expect(await rpcCode { _ = try await rd.getGuest(.ann, "") } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func anEventHoldsAtMost2000Guests(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            var request = Rushday_V1_BatchCreateGuestsRequest()
            request.eventID = event.id
            request.guests = (0..<500).map { index in
                var entry = Rushday_V1_GuestInput()
                entry.name = "Guest \(index)"
                return entry
            }
            for _ in 0..<4 { _ = try await rd.events.batchCreateGuests(request, metadata: try await rd.auth(.ann)) }
            #expect(await rpcCode { try await rd.createGuest(.ann, event.id, name: "One too many") } == .resourceExhausted)
            #expect(try await rd.listGuests(.ann, event.id).totalCount == 2000)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheEventTakesItsGuestsAndLinksWithIt(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let (event, guest, link) = try await rd.invitedGuest()
            try await rd.addCoHost(.bob, to: event)
            try await rd.dropEvent(.ann, event.id)
            #expect(await rpcCode { _ = try await rd.getGuest(.bob, guest.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.getGuest(.ann, guest.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.publicGuestInvitation(link.encodedData) } == .notFound)
            #expect(rd.notifications.recipients(of: "event_deleted", eventID: event.id) == [TestUser.bob.rawValue])
            let rows = try await rd.database.read { sql in
                try await sql.queryFirst("SELECT (SELECT COUNT(*) FROM rd_guests) + (SELECT COUNT(*) FROM rd_guest_invitations) AS n")?.int("n")
            }
            #expect(rows == 0)
        }
    }
}
