import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Logging
import Testing

/// The signing secret lives in the database, so every process serving it signs alike.
@Suite struct SigningSecretTests {
    private static func emptyDataDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-data-\(UUID().uuidString)").path
        try DatabaseOpener.prepareDataDirectory(path)
        return path
    }

    private static func resolve(_ database: any HearthDatabase, dataDirectory: String, explicit: SigningSecret.Explicit? = nil) async throws -> [UInt8] {
        try await SigningSecret.resolve(
            explicit: explicit, keys: ServerKeyStore(database: database), dataDirectory: dataDirectory, logger: .quietTestLogger)
    }

    @Test(arguments: TestEngine.available)
    func processesStartingTogetherWithTheirOwnDataDirectoriesAgreeOnOneSecret(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            let secrets = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<6 {
                    group.addTask { try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory()) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(secrets).count == 1)
            #expect(secrets[0].count >= SigningSecret.minimumBytes)
            #expect(try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory()) == secrets[0], "a later process reads it")
        }
    }

    @Test(arguments: TestEngine.available)
    func aSecretFileFromAnEarlierServerIsAdoptedSoNobodyIsSignedOut(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            let directory = try Self.emptyDataDirectory()
            let old = [UInt8](repeating: 0x5a, count: 48)
            try Data((old.hexString + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/" + SigningSecret.legacyFileName))
            #expect(try await Self.resolve(database, dataDirectory: directory) == old)
            #expect(try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory()) == old, "other processes get it from the database")
        }
    }

    @Test(arguments: TestEngine.available)
    func onceTheDatabaseHoldsTheSecretAnOldFileIsNotReadEvenDamaged(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            let stored = try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory())
            let directory = try Self.emptyDataDirectory()
            try Data("not hex\n".utf8).write(to: URL(fileURLWithPath: directory + "/" + SigningSecret.legacyFileName))
            #expect(try await Self.resolve(database, dataDirectory: directory) == stored)
        }
    }

    @Test(arguments: TestEngine.available)
    func anOperatorSecretWinsAndIsNeverStored(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            let given = [UInt8](repeating: 0x11, count: 32)
            let secret = try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory(), explicit: .hex(given.hexString))
            #expect(secret == given)
            #expect(try await ServerKeyStore(database: database).existingKey(named: SigningSecret.keyName) == nil)
            await #expect(throws: ConfigurationError.self) {
                try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory(), explicit: .hex("abcd"))
            }
            await #expect(throws: ConfigurationError.self) {
                try await Self.resolve(database, dataDirectory: try Self.emptyDataDirectory(), explicit: .file("/nonexistent/secret"))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aTokenIssuedByOneProcessIsAcceptedByAnother(engine: TestEngine) async throws {
        let scratch = try await TestDatabase.make(engine)
        do {
            try await MigrationRunner(database: scratch.database, logger: .quietTestLogger).run(HearthPlatform.platformMigrations)
            let first = try await Self.resolve(scratch.database, dataDirectory: try Self.emptyDataDirectory())
            let second = try await Self.resolve(scratch.database, dataDirectory: try Self.emptyDataDirectory())
            try await TestServer.run(on: scratch.database, apps: [NotesTestApp()], secret: first) { (one: TestServer) async throws in
                try await TestServer.run(on: scratch.database, apps: [NotesTestApp()], secret: second) { (other: TestServer) async throws in
                    let alice = try await one.signUp("alice@example.com")
                    #expect(try await other.request(.GET, "/notes/me", headers: alice.bearer).status == 200)
                }
            }
            await scratch.drop()
        } catch {
            await scratch.drop()
            throw error
        }
    }
}
