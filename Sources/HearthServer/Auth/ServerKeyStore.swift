import HearthCore
import HearthStore

/// Keys the server makes for itself (the signing secret, from which every app's keys are
/// derived), kept in the database so that every process serving it signs and checks with
/// the same ones, with no file to copy between machines.
public struct ServerKeyStore: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    public init(database: any HearthDatabase, clock: any WallClock = SystemWallClock()) {
        self.database = database
        self.clock = clock
    }

    /// The stored key `name`, or `proposal` stored now when there is none. Of processes
    /// racing to create it the first insert wins (the primary key decides), and every one
    /// of them returns the winner's key.
    public func key(named name: String, proposal: [UInt8]) async throws -> [UInt8] {
        let stored = try await database.transaction { executor in
            try await executor.execute(
                "INSERT INTO hearth_server_keys (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                [.text(name), .text(proposal.hexString), SQLValue(clock.now)])
            return try await executor.queryFirst("SELECT value FROM hearth_server_keys WHERE name = ?", [.text(name)])?.string("value")
        }
        guard let stored, let key = SigningSecret.decodeHex(stored) else {
            throw StoreError.unexpectedValue(column: "hearth_server_keys.value", expected: "a hexadecimal key")
        }
        return key
    }

    /// The stored key `name`, if there is one.
    public func existingKey(named name: String) async throws -> [UInt8]? {
        let stored = try await database.read { executor in
            try await executor.queryFirst("SELECT value FROM hearth_server_keys WHERE name = ?", [.text(name)])?.string("value")
        }
        return stored.flatMap(SigningSecret.decodeHex)
    }
}
