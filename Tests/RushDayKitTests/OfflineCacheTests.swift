import Foundation
import HearthCore
import HearthTesting
import RushDayKit
import RushDayProto
import Synchronization
import Testing

/// Records every state the offline store reports, as a screen would see it.
final class SnapshotRecorder: Sendable {
    private let seen = Mutex<[OfflineSnapshot]>([])
    var all: [OfflineSnapshot] { seen.withLock { $0 } }
    func record(_ snapshot: OfflineSnapshot) { seen.withLock { $0.append(snapshot) } }
}

/// The offline cache over a real server: edits show at once, a refusal undoes them, an
/// unreachable server queues them, and the cache survives a restart.
@Suite("RushDayKit — offline cache")
struct OfflineCacheTests {
    @Test(arguments: TestEngine.available)
    func viewersEditIsShownAtOnceThenRolledBackWhenTheServerRefuses(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let (eventID, link) = try await server.withPerson("Ann") { ann, _ in
                let event = try await ann.createEvent(RushDayClientTests.event("Picnic"))
                let shared = try await ann.shareEvent(eventID: event.id, name: "Vic", accessRole: "viewer")
                return (event.id, try #require(shared.shared.first).inviteLink)
            }
            try await server.withPerson("Vic") { vic, device in
                _ = try await vic.acceptSharedEvent(secret: link)
                let recorder = SnapshotRecorder()
                let store = try OfflineEventStore(path: device.directory + "/events.json", client: vic) { recorder.record($0) }
                try await store.sync()
                #expect(await store.events.map(\.name) == ["Picnic"])

                let failure = await rushDayError { try await store.updateEvent(id: eventID) { $0.name = "Vic's picnic" } }
                #expect(failure?.code == "permission_denied")
                // The screen showed the new name first, then the old one again.
                let names = recorder.all.suffix(2).map { $0.event(id: eventID)?.name }
                #expect(names == ["Vic's picnic", "Picnic"])
                #expect(await store.events.first?.name == "Picnic")
                #expect(await store.snapshot.pending.isEmpty)
                // The rollback is on disk too: a restarted app shows the server's name.
                let reopened = try OfflineEventStore(path: device.directory + "/events.json", client: vic)
                #expect(await reopened.events.first?.name == "Picnic")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func ownersEditIsConfirmedAndMovedTaskOrderReachesTheServer(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, device in
                let event = try await ann.createEvent(RushDayClientTests.event("Picnic"))
                for name in ["Blanket", "Sandwiches", "Lemonade"] { _ = try await ann.createTask(eventID: event.id, name: name) }
                let store = try OfflineEventStore(path: device.directory + "/events.json", client: ann)
                try await store.sync()
                try await store.syncTasks(eventID: event.id)

                #expect(try await store.updateEvent(id: event.id) { $0.venue = "The park" } == .saved)
                #expect(try await ann.event(id: event.id).venue == "The park")

                let lemonade = try #require(await store.tasks(eventID: event.id).tasks.last)
                #expect(try await store.moveTask(id: lemonade.id, eventID: event.id, to: 0) == .saved)
                #expect(await store.tasks(eventID: event.id).tasks.map(\.name) == ["Lemonade", "Blanket", "Sandwiches"])
                #expect(try await ann.allTasks(eventID: event.id).map(\.name) == ["Lemonade", "Blanket", "Sandwiches"])

                #expect(try await store.setTaskDone(taskID: lemonade.id, eventID: event.id, done: true) == .saved)
                #expect(try await ann.allTasks(eventID: event.id).first?.isDone == true)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func editMadeWhileTheServerIsUnreachableIsKeptQueuedAndSentOnSync(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            try await server.withPerson("Ann") { ann, device in
                let path = device.directory + "/events.json"
                let event = try await ann.createEvent(RushDayClientTests.event("Picnic"))
                _ = try await ann.createTask(eventID: event.id, name: "Blanket")
                let online = try OfflineEventStore(path: path, client: ann)
                try await online.sync()
                try await online.syncTasks(eventID: event.id)

                // The same account on a connection to a port nobody listens on: "offline".
                let unreachable = RushDayClient(account: ann.account, connection: try RushDayConnection(host: "127.0.0.1", port: 1))
                let offline = try OfflineEventStore(path: path, client: unreachable)
                let blanket = try #require(await offline.tasks(eventID: event.id).tasks.first)
                #expect(try await offline.setTaskDone(taskID: blanket.id, eventID: event.id, done: true) == .queued)
                #expect(try await offline.updateEvent(id: event.id) { $0.name = "Picnic in the park" } == .queued)
                #expect(await offline.snapshot.pending.count == 2)
                #expect(await offline.events.first?.name == "Picnic in the park")
                #expect(try await ann.event(id: event.id).name == "Picnic")
                await unreachable.connection.close()

                // Back online (a restart reads the queue from disk): sync sends it.
                let back = try OfflineEventStore(path: path, client: ann)
                #expect(await back.snapshot.pending.count == 2)
                try await back.sync()
                #expect(await back.snapshot.pending.isEmpty)
                #expect(try await ann.event(id: event.id).name == "Picnic in the park")
                #expect(try await ann.allTasks(eventID: event.id).first?.isDone == true)
            }
        }
    }
}
