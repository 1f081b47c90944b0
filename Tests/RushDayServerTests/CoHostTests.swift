import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// Spec §4.3 and §6 cases 17–22 over a real gRPC connection.
@Suite struct CoHostTests {
    func share(_ rd: RushDayHarness, _ event: Rushday_V1_Event, name: String, as user: TestUser = .ann, role: String? = nil)
        async throws -> Rushday_V1_Event
    {
        var request = Rushday_V1_ShareEventRequest()
        request.eventID = event.id
        request.name = name
        if let role { request.accessRole = role }
        return try await rd.events.shareEvent(request, metadata: try await rd.auth(user))
    }

    func accept(_ rd: RushDayHarness, _ secret: String, as user: TestUser) async throws -> Rushday_V1_Event {
        var request = Rushday_V1_AcceptSharedEventRequest()
        request.secret = secret
        return try await rd.events.acceptSharedEvent(request, metadata: try await rd.auth(user))
    }

    @Test(arguments: TestEngine.available)
    func shareEventAppendsAPendingAdminEntryWithASecretAndInviteLink(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let shared = try await share(rd, event, name: " Bob ")
            let entry = try #require(shared.shared.first)
            #expect(shared.shared.count == 1)
            #expect(entry.name == "Bob")
            #expect(!entry.accepted)
            #expect(!entry.hasUserID)
            #expect(entry.accessRole == "admin")
            #expect(entry.secret.count == 43)
            #expect(entry.secret.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            #expect(entry.inviteLink == "https://rush.example/cohost/" + entry.secret)
            #expect(entry.invitedAt.seconds == RushDayHarness.start.millisecondsSince1970 / 1000)
            let second = try await share(rd, event, name: "Cid", role: "viewer")
            #expect(second.shared.map(\.accessRole) == ["admin", "viewer"])
            #expect(await rpcCode { _ = try await share(rd, event, name: "Dan", role: "editor") } == .invalidArgument)
            #expect(await rpcCode { _ = try await share(rd, event, name: "") } == .invalidArgument)
        }
    }

    @Test(arguments: TestEngine.available)
    func acceptingIsIdempotentForTheAcceptorAndSingleUseForEveryoneElse(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let secret = try await share(rd, event, name: "Bob").shared[0].secret
            let accepted = try await accept(rd, secret, as: .bob)
            #expect(accepted.callerRole == "admin")
            #expect(accepted.shared[0].accepted)
            #expect(accepted.shared[0].userID == "user-b")
            #expect(accepted.shared[0].hasAcceptedAt)
            #expect(rd.notifications.recipients(of: "co_host_joined", eventID: event.id) == ["user-a"])
            #expect(try await rd.listEvents(.bob).events.map(\.id) == [event.id])

            rd.clock.advance(seconds: 30)
            let again = try await accept(rd, secret, as: .bob)
            #expect(again.shared == accepted.shared)
            #expect(rd.notifications.recipients(of: "co_host_joined", eventID: event.id).count == 1)
            #expect(await rpcCode { _ = try await accept(rd, secret, as: .cid) } == .failedPrecondition)
            #expect(await rpcCode { _ = try await accept(rd, "unknown-secret", as: .cid) } == .notFound)

            let second = try await share(rd, event, name: "Bob again").shared[1].secret
            #expect(await rpcCode { _ = try await accept(rd, second, as: .bob) } == .failedPrecondition)
        }
    }

    @Test(arguments: TestEngine.available)
    func theOwnerCannotAcceptAnInviteToTheirOwnEvent(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let secret = try await share(rd, event, name: "Bob").shared[0].secret
            #expect(await rpcCode { _ = try await accept(rd, secret, as: .ann) } == .failedPrecondition)
            #expect(try await rd.getEvent(.ann, event.id).shared[0].accepted == false)
        }
    }

    @Test(arguments: TestEngine.available)
    func coHostsSeeOnlyTheirOwnSecretAndNoInviteLinks(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let bobs = try await rd.addCoHost(.bob, to: event)
            _ = try await share(rd, event, name: "Cid")
            let seen = try await rd.getEvent(.bob, event.id)
            #expect(seen.shared.map(\.secret) == [bobs, ""])
            #expect(seen.shared.allSatisfy { !$0.hasInviteLink })
            let owners = try await rd.getEvent(.ann, event.id)
            #expect(owners.shared.allSatisfy { $0.secret.count == 43 && $0.hasInviteLink })
        }
    }

    @Test(arguments: TestEngine.available)
    func onlyTheOwnerChangesRolesToAdminOrViewerAndViewersCannotWrite(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let secret = try await rd.addCoHost(.bob, to: event)
            var change = Rushday_V1_UpdateSharedUserRequest()
            change.eventID = event.id
            change.secret = secret
            change.accessRole = "editor"
            #expect(await rpcCode { _ = try await rd.events.updateSharedUser(change, metadata: try await rd.auth(.ann)) } == .invalidArgument)
            change.accessRole = "viewer"
            #expect(await rpcCode { _ = try await rd.events.updateSharedUser(change, metadata: try await rd.auth(.bob)) } == .permissionDenied)
            let updated = try await rd.events.updateSharedUser(change, metadata: try await rd.auth(.ann))
            #expect(updated.shared[0].accessRole == "viewer")
            let seen = try await rd.getEvent(.bob, event.id)
            #expect(seen.callerRole == "viewer")
            var rename = rd.updateRequest(from: seen)
            rename.name = "Viewer's edit"
            #expect(await rpcCode { _ = try await rd.events.updateEvent(rename, metadata: try await rd.auth(.bob)) } == .permissionDenied)
            change.secret = "not-on-this-event"
            #expect(await rpcCode { _ = try await rd.events.updateSharedUser(change, metadata: try await rd.auth(.ann)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func aCoHostMayLeaveButNotRemoveOthers(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let bobs = try await rd.addCoHost(.bob, to: event)
            let cids = try await rd.addCoHost(.cid, to: event)
            var remove = Rushday_V1_RemoveSharedUserRequest()
            remove.eventID = event.id
            remove.secret = bobs
            #expect(await rpcCode { _ = try await rd.events.removeSharedUser(remove, metadata: try await rd.auth(.cid)) } == .permissionDenied)
            let left = try await rd.events.removeSharedUser(remove, metadata: try await rd.auth(.bob))
            #expect(left.shared.isEmpty)
            #expect(try await rd.listEvents(.bob).events.isEmpty)
            #expect(await rpcCode { _ = try await rd.getEvent(.bob, event.id) } == .notFound)
            #expect(rd.notifications.recipients(of: "co_host_removed", eventID: event.id).isEmpty)

            remove.secret = cids
            let afterOwnerRemoval = try await rd.events.removeSharedUser(remove, metadata: try await rd.auth(.ann))
            #expect(afterOwnerRemoval.shared.isEmpty)
            #expect(rd.notifications.recipients(of: "co_host_removed", eventID: event.id) == ["user-c"])
            #expect(await rpcCode { _ = try await rd.events.removeSharedUser(remove, metadata: try await rd.auth(.ann)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func onlyTheOwnerSharesAndAnEventHasAtMostTwentyEntries(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event)
            #expect(await rpcCode { _ = try await share(rd, event, name: "Eve", as: .bob) } == .permissionDenied)
            #expect(await rpcCode { _ = try await share(rd, event, name: "Eve", as: .cid) } == .notFound)
            for index in 2...20 { _ = try await share(rd, event, name: "Guest \(index)") }
            #expect(await rpcCode { _ = try await share(rd, event, name: "One too many") } == .resourceExhausted)
        }
    }
}
