import Foundation
import HearthClient
import HearthTesting
import RushDayKit
import RushDayProto
import SwiftProtobuf
import Testing

/// RushDayKit's client against a real server over gRPC on loopback, signed in through the
/// HTTP account routes.
@Suite("RushDayKit — client")
struct RushDayClientTests {
    static func event(_ name: String, daysFromNow days: Double = 30) -> Rushday_V1_CreateEventRequest {
        var request = Rushday_V1_CreateEventRequest()
        request.name = name
        request.date = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(days * 86_400))
        return request
    }

    @Test(arguments: TestEngine.available)
    func registeredAccountTokenIsAcceptedByTheGRPCServices(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let user = try await ann.currentUser()
                #expect(user.id == (await ann.account.signedInUserID()))
                #expect(user.currency == "USD")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func eventLifecycleCreateShowListEditDelete(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                var request = Self.event("Ann's 30th")
                request.venue = "Rooftop"
                let created = try await ann.createEvent(request)
                #expect(created.callerRole == "owner" && created.type == "custom" && created.venue == "Rooftop")

                var edit = Rushday_V1_UpdateEventRequest(keeping: created)
                edit.name = "Ann's thirtieth"
                let edited = try await ann.updateEvent(edit)
                #expect(edited.name == "Ann's thirtieth")
                // The "keeping" request resends the form fields, so nothing else is cleared.
                #expect(edited.venue == "Rooftop")

                #expect(try await ann.event(id: created.id).name == "Ann's thirtieth")
                #expect(try await ann.allEvents().map(\.id) == [created.id])
                try await ann.deleteEvent(id: created.id)
                #expect(await rushDayError { _ = try await ann.event(id: created.id) }?.code == "not_found")
                #expect(try await ann.allEvents().isEmpty)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func invalidInputComesBackAsInvalidArgumentNamingTheField(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let failure = await rushDayError { _ = try await ann.createEvent(Self.event("  ")) }
                guard case .invalidArgument(let message) = failure else {
                    Issue.record("expected INVALID_ARGUMENT, got \(String(describing: failure))")
                    return
                }
                #expect(message.hasPrefix("name"))
                #expect(failure?.isRefusal == true)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func rejectedAccessTokenIsRenewedOnceThroughTheRefreshRoute(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, device in
                let store = FileTokenStore(path: device.directory + "/credentials.json")
                var credentials = try #require(try store.load())
                let refreshToken = credentials.refreshToken
                credentials.accessToken = "not-a-token"
                try store.save(credentials)

                let user = try await ann.currentUser()
                #expect(user.id == credentials.userID)
                let renewed = try #require(try store.load())
                #expect(renewed.accessToken != "not-a-token" && renewed.refreshToken != refreshToken)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func signingOutEndsTheSessionAndCallsSaySignedOut(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, _ in
                let userID = try await ann.currentUser().id
                try await ann.account.logout()
                #expect(await rushDayError { _ = try await ann.currentUser() } == .signedOut)
                var wrong: RushDayError?
                do {
                    try await ann.account.login(email: "ann@example.com", password: "wrong password!")
                } catch {
                    wrong = RushDayError.from(error)
                }
                #expect(wrong?.code == "account_refused", "\(String(describing: wrong))")
                try await ann.account.login(email: "ann@example.com", password: RushDayKitServer.password)
                #expect(try await ann.currentUser().id == userID)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func unreachableGRPCPortIsReportedAsOffline(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let device = try server.device("offline")
            try await device.client.account.register(email: "off@example.com", password: RushDayKitServer.password, name: "Off")
            let unreachable = RushDayClient(account: device.client.account, connection: try RushDayConnection(host: "127.0.0.1", port: 1))
            let failure = await rushDayError { _ = try await unreachable.currentUser() }
            #expect(failure?.isTransient == true, "\(String(describing: failure))")
            await unreachable.connection.close()
            await device.client.connection.close()
        }
    }
}
