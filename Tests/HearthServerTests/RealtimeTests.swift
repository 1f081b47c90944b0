import AsyncHTTPClient
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import NIOCore
import Testing

/// `…/sync/events`: a server-sent event whenever the user's feed grows.
@Suite struct RealtimeTests {
    @Test(arguments: TestEngine.available)
    func aClientHearsOfANewChangeWithinASecond(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let bob = try await server.signUp("bob@example.com")
            let events = try await server.stream("/notes/api/hearth/v1/sync/events", headers: bob.bearer) { response in
                #expect(response.status == .ok)
                #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
                var body = response.body.makeAsyncIterator()
                var received = ""
                // The stream opens with the user's current position (the request's own
                // timeout bounds every read).
                received += String(buffer: try await body.next() ?? ByteBuffer())
                // Alice shares a note with Bob: his feed grows and he is told its seq.
                let push = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "for bob", sharedWith: [bob.id])])
                let seq = try #require(push.json["results"]?[0]?["seq"]?.intValue)
                // The stream sends only when a feed grows (and a keep-alive every 20 s), so
                // receiving this seq at all shows the push reached Bob at once.
                try await readEvents(from: &body, into: &received, until: seq)
                #expect(received.contains("{\"seq\":\(seq)}"))
                return received
            }
            #expect(events.hasPrefix("data: {\"seq\":0}\n\n"))
            #expect(events.contains("\"seq\":"))
        }
    }

    @Test func aUserIsNotToldOfChangesThatAreNotTheirs() async throws {
        let hub = FeedHub()
        let stream = hub.subscribe(app: "notes", userID: "bob")
        hub.feedsDidGrow(app: "notes", to: ["alice": 5])
        hub.feedsDidGrow(app: "other", to: ["bob": 6])
        hub.feedsDidGrow(app: "notes", to: ["bob": 7])
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 7)
        #expect(hub.subscriberCount == 1)
    }
}

/// Two `hearth` processes on one PostgreSQL database: a change written through one
/// reaches an event stream held open on the other.
@Suite struct RealtimeAcrossProcessesTests {
    @Test(.enabled(if: TestEngine.available.contains(.postgres)))
    func aChangeOnOneServerIsAnnouncedOnAnother() async throws {
        let scratch = try await TestDatabase.make(.postgres)
        do {
            try await announceAcrossServers(database: scratch.database)
            await scratch.drop()
        } catch {
            await scratch.drop()
            throw error
        }
    }

    private func announceAcrossServers(database: any HearthDatabase) async throws {
        try await TestServer.run(on: database, apps: [NotesTestApp()]) { (writer: TestServer) async throws in
            try await TestServer.run(on: database, apps: [NotesTestApp()]) { (reader: TestServer) async throws in
                let alice = try await writer.signUp("alice@example.com")
                let bob = try await writer.signUp("bob@example.com")
                try await reader.stream("/notes/api/hearth/v1/sync/events", headers: bob.bearer) { response in
                    var body = response.body.makeAsyncIterator()
                    var received = String(buffer: try await body.next() ?? ByteBuffer())
                    // Give the relay a moment to be listening before the write.
                    try await Task.sleep(for: .milliseconds(300))
                    let push = try await writer.push(alice, [notePut("note:1", owner: alice.id, title: "hi", sharedWith: [bob.id])])
                    let seq = try #require(push.json["results"]?[0]?["seq"]?.intValue)
                    try await readEvents(from: &body, into: &received, until: seq)
                    #expect(received.contains("{\"seq\":\(seq)}"))
                }
            }
        }
    }
}

/// Reads server-sent events into `received` until the event for `seq` arrives, or the
/// stream ends (the request's own timeout is the hang guard).
func readEvents(from body: inout HTTPClientResponse.Body.AsyncIterator, into received: inout String, until seq: Int64) async throws {
    while !received.contains("{\"seq\":\(seq)}") {
        guard let chunk = try await body.next() else { break }
        received += String(buffer: chunk)
    }
}
