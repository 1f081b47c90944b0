import Foundation
import HearthTesting
import RushDayKit
import RushDayProto
import SwiftProtobuf
import Testing

/// The owner and a co-host working on one event through RushDayKit, each on their own
/// device and account (issue 14, item 5).
@Suite("RushDayKit — two-person flow")
struct TwoPersonFlowTests {
    @Test(arguments: TestEngine.available)
    func ownerSharesCoHostAcceptsEditsTasksAndOwnerSeesTheChange(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let (eventID, link) = try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Garden party"))
                for name in ["Book the garden", "Order cake", "Send invitations"] {
                    _ = try await ann.createTask(eventID: event.id, name: name)
                }
                let shared = try await ann.shareEvent(eventID: event.id, name: "Bob")
                let entry = try #require(shared.shared.first)
                #expect(!entry.accepted && entry.accessRole == "admin")
                #expect(entry.inviteLink.hasSuffix("/cohost/" + entry.secret))
                return (event.id, entry.inviteLink)
            }
            let ann = try server.device("ann-again")
            try await ann.client.account.login(email: "ann@example.com", password: RushDayKitServer.password)

            try await server.withPerson("Bob") { bob, _ in
                #expect(await rushDayError { _ = try await bob.event(id: eventID) }?.code == "not_found")
                // The link as the owner passed it on: the client takes the secret out of it.
                let accepted = try await bob.acceptSharedEvent(secret: link)
                #expect(accepted.id == eventID && accepted.callerRole == "admin")
                #expect(try await bob.allEvents().map(\.id) == [eventID])

                let tasks = TaskOrdering(try await bob.allTasks(eventID: eventID))
                #expect(tasks.tasks.map(\.name) == ["Book the garden", "Order cake", "Send invitations"])
                let cake = tasks.tasks[1]
                _ = try await bob.toggleTaskDone(id: cake.id)
                let order = try #require(tasks.moving(id: cake.id, to: 0))
                _ = try await bob.reorderTasks(eventID: eventID, taskIDs: order)
                _ = try await bob.createTask(eventID: eventID, name: "Hire a band")
            }

            let seen = TaskOrdering(try await ann.client.allTasks(eventID: eventID))
            #expect(seen.tasks.map(\.name) == ["Order cake", "Book the garden", "Send invitations", "Hire a band"])
            #expect(seen.doneCount == 1 && seen.tasks[0].isDone)
            let event = try await ann.client.event(id: eventID)
            #expect(event.shared.first?.accepted == true && event.shared.first?.name == "Bob")
            await ann.client.connection.close()
            try? FileManager.default.removeItem(atPath: ann.directory)
        }
    }
}
