import GRPCCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Public event invitations (spec §4.10, §6 case 41), over real gRPC on both engines.
@Suite struct PublicInvitationTests {
    @Test(arguments: TestEngine.available)
    func oneInvitationPerEventReadableByAnyoneUntilTheEventIsDeleted(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann) { $0.venue = "Rooftop Bar"; $0.inviteMessage = "Come!" }
            try await rd.createGuest(.ann, event.id, name: "Secret Guest") { $0.contact.email = "secret@example.com" }
            let first = try await rd.createInvitation(.ann, event.id)
            #expect(first.link == "https://rush.example/i/" + first.id)
            #expect(first.createdBy == TestUser.ann.rawValue)
            #expect(!first.hasMessage)
            let second = try await rd.createInvitation(.ann, event.id, message: "Dress code: blue")
            #expect(second.id == first.id)
            #expect(second.link == first.link)
            #expect(second.message == "Dress code: blue")

            let seen = try await rd.publicInvitation(first.id)
            #expect(seen.id == first.id)
            #expect(seen.name == "Mia's 30th")
            #expect(seen.date == event.date)
            #expect(seen.location == "Rooftop Bar")
            #expect(seen.message == "Dress code: blue")
            #expect(seen.hostName == "Ann")
            #expect(seen.eventType == "birthday")
            let wire = String(decoding: try seen.serializedBytes() as [UInt8], as: UTF8.self)
            #expect(!wire.contains("Secret Guest") && !wire.contains("secret@example.com"))

            try await rd.dropEvent(.ann, event.id)
            #expect(await rpcCode { _ = try await rd.publicInvitation(first.id) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func theMessageFallsBackToTheEventsAndOnlyWritersCreate(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann) { $0.inviteMessage = "Join us" }
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            #expect(await rpcCode { _ = try await rd.createInvitation(.bob, event.id) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.createInvitation(.cid, event.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.createInvitation(.ann, "") } == .invalidArgument)
            let invitation = try await rd.createInvitation(.ann, event.id)
            #expect(try await rd.publicInvitation(invitation.id).message == "Join us")
            #expect(await rpcCode { _ = try await rd.publicInvitation("nope") } == .notFound)
            #expect(await rpcCode { _ = try await rd.publicInvitation("") } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func readingIsLimitedPerAddress(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine, settings: guestSettings(publicLimit: 2)) { rd in
            let event = try await rd.createEvent(.ann)
            let invitation = try await rd.createInvitation(.ann, event.id)
            for _ in 0..<2 { _ = try await rd.publicInvitation(invitation.id) }
            #expect(await rpcCode { _ = try await rd.publicInvitation(invitation.id) } == .resourceExhausted)
        }
    }
}
