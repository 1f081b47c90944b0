import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Testing
import WishWithMeServer

/// `hearth wish import-couchdb`: the original deployment's users sign in with their old
/// passwords and OAuth links and see exactly their data, through the original API.
@Suite struct CouchDBImportTests {
    @Test(arguments: TestEngine.available)
    func importedUsersSignInWithTheirOldCredentialsAndSeeExactlyTheirData(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let server = oauth.server
            let original = OriginalCouchDB()
            let report = try await Self.importing(original.documents, into: server)
            #expect(report.tally("user").imported == 3)
            #expect(report.tally("wishlist").imported == 1)
            #expect(report.tally("item").imported == 2)
            #expect(report.tally("share").imported == 2)
            #expect(report.tally("mark").imported == 1)
            #expect(report.tally("bookmark").imported == 1)
            #expect(report.tally("social_account").imported == 1)
            #expect(report.ignored == 1)

            let alice = try await Self.signIn(server, "alice@example.com", OriginalCouchDB.alicePassword)
            #expect(alice.id == original.alice)
            let wishlists = try await server.pull(alice, "wishlists")
            #expect(wishlists.map { $0["_id"] } == [.string(original.wishlist)])
            let audience = Set(wishlists.first?["access"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            #expect(audience == [original.alice, original.bob, original.carol])
            let items = try await server.pull(alice, "items")
            #expect(Set(items.compactMap { $0["_id"]?.stringValue }) == [original.kettle, original.lamp])
            let kettle = try #require(items.first { $0["_id"] == .string(original.kettle) })
            #expect(kettle["quantity"] == 1)
            #expect(kettle["updated_at"] == "2025-03-04T11:00:00Z")
            #expect(kettle["claimed_by"] == .null)
            #expect(try await server.pull(alice, "marks").isEmpty, "surprise mode: the owner never sees marks")
            let profile = try #require(try await server.pull(alice, "users").first)
            #expect(profile["bio"] == "Tea lover")
            #expect(profile["password_hash"] == nil)
            #expect(profile["refresh_tokens"] == nil)

            let bobTokens = try await oauth.signIn("google", as: OAuthHarness.google("bob-google-sub", email: "bob@gmail.com", name: "Robert"))
            let bobMe = try await oauth.me(bobTokens)
            #expect(bobMe["id"] == .string(original.bob))
            #expect(bobMe["name"] == "Bob", "the name the user chose is kept")
            let bob = WishUser(id: original.bob, email: "bob@gmail.com", accessToken: bobTokens["access_token"] ?? "", refreshToken: "")
            #expect(try await server.pull(bob, "marks").map { $0["_id"] } == [.string(original.bobsMark)])
            let bookmark = try #require(try await server.pull(bob, "bookmarks").first)
            #expect(bookmark["_id"] == .string(original.bobsBookmark))
            #expect(bookmark["wishlist_id"] == .string(original.wishlist))

            let carol = try await Self.signIn(server, "carol@example.com", OriginalCouchDB.carolPassword)
            #expect(try await server.pull(carol, "wishlists").map { $0["_id"] } == [.string(original.wishlist)])
            #expect(try await server.pull(carol, "marks").map { $0["_id"] } == [.string(original.bobsMark)])

            let dave = try await server.register("dave@example.com")
            #expect(try await server.grantAccess(dave, token: original.markToken).status == 200, "links already sent keep working")
            #expect(try await server.pull(dave, "wishlists").map { $0["_id"] } == [.string(original.wishlist)])
        }
    }

    @Test(arguments: TestEngine.available)
    func documentsTheHardenedRulesRefuseAreReportedNotImported(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            let original = OriginalCouchDB()
            let report = try await Self.importing(original.documents, into: server)
            let refused = Dictionary(uniqueKeysWithValues: report.refusals.map { ($0.id, $0.message) })
            #expect(Set(refused.keys) == [original.badUser, original.orphanItem, original.carolsMark])
            #expect(refused[original.carolsMark]?.contains("viewing only") == true)
            #expect(refused[original.orphanItem] == "Wishlist not found")
            #expect(refused[original.badUser]?.contains("locale") == true)
            let login = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "dora@example.com", "password": "x"])
            #expect(login.status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func runningTheImportAgainChangesNothing(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            var original = OriginalCouchDB()
            original.lampHasShopLink = false
            let first = try await Self.importing(original.documents, into: server)
            let alice = try await Self.signIn(server, "alice@example.com", OriginalCouchDB.alicePassword)
            let before = try await server.changes(alice)

            let second = try await Self.importing(original.documents, into: server)
            #expect(second.importedCount == 0)
            for kind in CouchDBImportReport.kinds {
                #expect(second.tally(kind).alreadyPresent == first.tally(kind).imported, "\(kind)")
            }
            #expect(try await server.changes(alice) == before)
        }
    }

    @Test(arguments: TestEngine.available)
    func aDryRunReportsWhatARealRunDoesAndWritesNothing(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            let original = OriginalCouchDB()
            let dryRun = try await Self.importing(original.documents, into: server, dryRun: true)
            #expect(dryRun.dryRun)
            let login = ["email": JSONValue.string("alice@example.com"), "password": .string(OriginalCouchDB.alicePassword)]
            #expect(try await server.request(.POST, "/api/v2/auth/login", json: .object(login)).status == 401)

            let real = try await Self.importing(original.documents, into: server)
            for kind in CouchDBImportReport.kinds { #expect(dryRun.tally(kind) == real.tally(kind), "\(kind)") }
            #expect(dryRun.refusals == real.refusals)
            #expect(try await server.request(.POST, "/api/v2/auth/login", json: .object(login)).status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func aLiveCouchDBIsReadInPagesWithTheURLsCredentials(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            let original = OriginalCouchDB()
            try await FakeCouchDB.run(original.documents) { url, ledger in
                let reader = CouchDBReader(database: try #require(URL(string: url)), pageSize: 4, http: server.http)
                let documents = try await reader.documents()
                #expect(Set(documents.compactMap { $0["_id"]?.stringValue }) == Set(original.documents.compactMap { $0["_id"]?.stringValue }))
                let queries = await ledger.queries
                #expect(queries.count == original.documents.count / 4 + 1)
                #expect(queries.allSatisfy { $0["include_docs"] == "true" && $0["limit"] == "4" })
                #expect(queries.dropFirst().allSatisfy { $0["skip"] == "1" && $0["startkey"] != nil })

                _ = try await CouchDBImport(database: server.platform.database, clock: SystemWallClock())
                    .run(CouchDBSnapshot(documents: documents), dryRun: false)
                _ = try await Self.signIn(server, "alice@example.com", OriginalCouchDB.alicePassword)

                let withoutPassword = url.replacingOccurrences(of: FakeCouchDB.credentials + "@", with: "")
                let refused = CouchDBReader(database: try #require(URL(string: withoutPassword)), http: server.http)
                let error = await #expect(throws: CouchDBReader.ReadError.self) { try await refused.documents() }
                #expect(error?.description.contains("401") == true)
            }
        }
    }

    @Test func aDumpFileIsReadAndAnythingElseIsRefusedClearly() throws {
        let original = OriginalCouchDB()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("couchdb-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = directory.appendingPathComponent("all_docs.json")
        try Data(OriginalCouchDB.allDocs(original.documents).serialized()).write(to: dump)
        #expect(try CouchDBAllDocs.documents(inFile: dump.path).count == original.documents.count)

        let notADump = directory.appendingPathComponent("other.json")
        try Data(#"{"hello": "world"}"#.utf8).write(to: notADump)
        let error = #expect(throws: CouchDBAllDocs.FormatError.self) { try CouchDBAllDocs.documents(inFile: notADump.path) }
        #expect(error?.description.contains("include_docs=true") == true)
        #expect(throws: CouchDBAllDocs.FormatError.self) { try CouchDBAllDocs.documents(inFile: directory.appendingPathComponent("missing").path) }
    }

    static func importing(_ documents: [JSONValue], into server: TestServer, dryRun: Bool = false) async throws -> CouchDBImportReport {
        try await CouchDBImport(database: server.platform.database, clock: SystemWallClock())
            .run(CouchDBSnapshot(documents: documents), dryRun: dryRun)
    }

    static func signIn(_ server: TestServer, _ email: String, _ password: String) async throws -> WishUser {
        let response = try await server.request(.POST, "/api/v2/auth/login", json: ["email": .string(email), "password": .string(password)])
        guard response.status == 200, let id = response.json["user"]?["id"]?.stringValue,
            let access = response.json["access_token"]?.stringValue, let refresh = response.json["refresh_token"]?.stringValue
        else { throw UnexpectedResponse(response) }
        return WishUser(id: id, email: email, accessToken: access, refreshToken: refresh)
    }
}
