import AsyncHTTPClient
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import HearthGRPC
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import RushDayProto
import ServiceLifecycle

@testable import RushDayServer

/// Guest, link and public-invitation calls for the tests of spec §4.5 and §4.10.
extension RushDayHarness {
    @discardableResult
    func createGuest(
        _ user: TestUser, _ eventID: String, name: String, configure: (inout Rushday_V1_CreateGuestRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_Guest {
        var request = Rushday_V1_CreateGuestRequest()
        request.eventID = eventID
        request.name = name
        configure(&request)
        return try await events.createGuest(request, metadata: try await auth(user))
    }

    func listGuests(_ user: TestUser, _ eventID: String, status: Rushday_V1_GuestStatus? = nil) async throws -> Rushday_V1_ListGuestsResponse {
        var request = Rushday_V1_ListGuestsRequest()
        request.eventID = eventID
        if let status { request.status = status }
        return try await events.listGuests(request, metadata: try await auth(user))
    }

    func getGuest(_ user: TestUser, _ id: String) async throws -> Rushday_V1_Guest {
        var request = Rushday_V1_GetGuestRequest()
        request.id = id
        return try await events.getGuest(request, metadata: try await auth(user))
    }

    func deleteGuest(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteGuestRequest()
        request.id = id
        _ = try await events.deleteGuest(request, metadata: try await auth(user))
    }

    func inviteGuest(_ user: TestUser, _ guest: Rushday_V1_Guest, message: String? = nil) async throws -> Rushday_V1_GuestInvitation {
        var request = Rushday_V1_CreateGuestInvitationRequest()
        request.guestID = guest.id
        request.eventID = guest.eventID
        if let message { request.message = message }
        return try await events.createGuestInvitation(request, metadata: try await auth(user))
    }

    /// `GetPublicGuestInvitation` without any token.
    func publicGuestInvitation(_ code: String) async throws -> Rushday_V1_PublicGuestInvitation {
        var request = Rushday_V1_GetPublicGuestInvitationRequest()
        request.encodedData = code
        return try await events.getPublicGuestInvitation(request)
    }

    /// `RespondToGuestInvitation` without any token.
    @discardableResult
    func respond(_ code: String, _ response: Rushday_V1_GuestResponse, accompany: Int32? = nil) async throws -> Rushday_V1_PublicGuestInvitation {
        var request = Rushday_V1_RespondToGuestInvitationRequest()
        request.encodedData = code
        request.response = response
        if let accompany { request.accompany = accompany }
        return try await events.respondToGuestInvitation(request)
    }

    func createInvitation(_ user: TestUser, _ eventID: String, message: String? = nil) async throws -> Rushday_V1_Invitation {
        var request = Rushday_V1_CreateInvitationRequest()
        request.eventID = eventID
        if let message { request.message = message }
        return try await invitations.createInvitation(request, metadata: try await auth(user))
    }

    func publicInvitation(_ id: String) async throws -> Rushday_V1_PublicInvitation {
        var request = Rushday_V1_GetPublicInvitationRequest()
        request.id = id
        return try await invitations.getPublicInvitation(request)
    }

    func dropEvent(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteEventRequest()
        request.id = id
        _ = try await events.deleteEvent(request, metadata: try await auth(user))
    }

    /// Event E with guest "Bob Guest" (email and phone, up to `allowance` companions) and
    /// the guest's link.
    func invitedGuest(allowance: Int32 = 3) async throws -> (event: Rushday_V1_Event, guest: Rushday_V1_Guest, link: Rushday_V1_GuestInvitation) {
        let event = try await createEvent(.ann) { $0.venue = "Rooftop Bar, 5 Main St"; $0.inviteMessage = "Come celebrate!" }
        let guest = try await createGuest(.ann, event.id, name: "Bob Guest") {
            $0.accompany = allowance
            $0.contact.email = "bob.guest@example.com"
            $0.contact.phoneNumber = "+1 555 0100"
            $0.notes = "allergic to nuts"
        }
        return (event, guest, try await inviteGuest(.ann, guest))
    }

    /// Turns `eventID` into an AI draft (spec §1.2) directly in storage.
    func markAIDraft(_ eventID: String) async throws {
        try await database.transaction { sql in try await sql.execute("UPDATE rd_events SET is_ai_draft = 1 WHERE id = ?", [.text(eventID)]) }
    }

    /// Runs `body` against a second Rush Day app — another `hearth` process — on this
    /// harness's database, with `settings`; its HTTP pages are at `<baseURL>/rushday`.
    func secondInstance(settings: RushDaySettings = RushDayHarness.hs256Settings(), _ body: @Sendable (TestServer) async throws -> Void)
        async throws
    {
        let app = RushDayApp(settings: settings, collaborators: RushDayCollaborators(notifications: RecordingNotificationSender()))
        try await TestServer.run(on: database, apps: [app], clock: clock, body)
    }
}

extension RushDayHarness {
    /// Like ``secondInstance(settings:_:)``, with that instance's `EventService` over its
    /// own gRPC listener.
    func secondInstanceEvents(
        settings: RushDaySettings,
        _ body: @Sendable (Rushday_V1_EventService.Client<HTTP2ClientTransport.Posix>, TestServer) async throws -> Void
    ) async throws {
        let app = RushDayApp(settings: settings, collaborators: RushDayCollaborators(notifications: RecordingNotificationSender()))
        try await TestServer.run(on: database, apps: [app], clock: clock) { server in
            let services = await server.platform.services(for: app)
            try await GRPCTestListener.with([GRPCAppMount(app: app, services: services)]) { port in
                try await withGRPCClient(
                    transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
                ) { client in try await body(Rushday_V1_EventService.Client(wrapping: client), server) }
            }
        }
    }
}

extension TestServer {
    /// A GET of a Rush Day page (mounted at `/rushday`), without cookies.
    func rushDayPage(_ path: String) async throws -> TestResponse {
        try await request(.GET, "/rushday" + path)
    }
}

/// The code at the end of a guest link.
func code(of invitation: Rushday_V1_GuestInvitation) -> String { invitation.encodedData }

/// Settings with the given invitation keys (first current) and public limit.
func guestSettings(keys: [InvitationKey] = [], publicLimit: Int = 60) -> RushDaySettings {
    var settings = RushDayHarness.hs256Settings()
    settings.invitationKeys = keys
    settings.publicRequestsPerMinute = publicLimit
    return settings
}

func testKey(_ id: UInt8, _ fill: Character) -> InvitationKey {
    InvitationKey(id: id, secret: Array(String(repeating: fill, count: 32).utf8))
}
