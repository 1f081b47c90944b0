import Foundation
import HearthCore
import HearthTesting
import Testing

/// The `hearth pantry` commands, run as the real binary against an in-process server: two
/// people share a household from the command line, offline edits included.
@Suite("hearth pantry — command line")
struct PantryCommandLineTests {
    typealias Run = HearthBinary.Run

    /// Runs `hearth pantry <arguments>` as `profile` with its own client directory.
    static func pantry(_ arguments: [String], profile: String, directory: String, server: String) async throws -> Run {
        try await HearthBinary.run(
            ["pantry"] + arguments + ["--profile", profile],
            environment: ["HEARTH_CLIENT_DIR": directory, "HEARTH_PANTRY_SERVER": server, "HEARTH_PANTRY_PASSWORD": "correct horse battery"],
            directory: directory)
    }

    @Test func twoPeopleShareAHouseholdStockItCheckOutAndSeeEachOther() async throws {
        try await TestServer.pantryPal(engine: .sqlite) { (server: TestServer) async throws in
            let directory = NSTemporaryDirectory() + "hearth-pantry-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let up = server.pantryAPI
            let down = "http://127.0.0.1:9/api"
            func alice(_ arguments: String..., server: String = up) async throws -> Run {
                try await Self.pantry(arguments, profile: "alice", directory: directory, server: server)
            }
            func bob(_ arguments: String..., server: String = up) async throws -> Run {
                try await Self.pantry(arguments, profile: "bob", directory: directory, server: server)
            }

            #expect(try await alice("register", "--email", "alice@example.com", "--name", "Alice Smith").status == 0)
            let created = try await alice("household", "create")
            #expect(created.output.contains("Created household 'Smith Household'") && created.output.contains("Fridge"))
            let householdID = try #require(try await alice("whoami", "--json").json["household"]?["id"]?.stringValue)
            try await server.setPremium(householdID: householdID, true)
            let code = try #require(try await alice("household", "invite", "--json").json["code"]?.stringValue)

            #expect(try await bob("register", "--email", "bob@example.com", "--name", "Bob Smith").status == 0)
            #expect(try await bob("household", "join", code).output.contains("Joined household 'Smith Household'"))
            #expect(try await bob("household", "members").output.contains("alice@example.com"))

            let added = try await alice("inventory", "add", "--upc", "0123", "--name", "Oat milk", "--quantity", "3", "--location", "Fridge", "--expires", "2030-01-01")
            #expect(added.status == 0 && added.output.contains("Added Oat milk in Fridge: 3 in stock"))
            #expect(try await bob("sync").status == 0)
            #expect(try await bob("inventory").output.contains("Oat milk"))
            let checkedOut = try await bob("checkout", "0123")
            #expect(checkedOut.output.contains("Checked out 1x Oat milk; 2 left"))
            #expect(try await alice("sync").status == 0)
            #expect(try await alice("inventory", "--json").json[0]?["quantity"] == 2)

            // Alice works offline: a checkout and a shopping list entry wait on her device.
            let offline = try await alice("checkout", "0123", server: down)
            #expect(offline.status == 0 && offline.errors.contains("Saved on this device"))
            #expect(try await alice("grocery", "add", "Eggs", server: down).status == 0)
            #expect(try await alice("status", "--json", server: down).json["pending_changes"] == 2)
            let synced = try await alice("sync")
            #expect(synced.output.contains("2 sent"))
            // A second sync sends nothing again.
            #expect(try await alice("sync").output.contains("0 sent"))

            #expect(try await bob("sync").status == 0)
            let bobsStock = try await bob("inventory", "--json").json
            #expect(bobsStock.arrayValue?.count == 1)
            #expect(bobsStock[0]?["quantity"] == 1)
            #expect(try await bob("grocery").output.contains("Eggs"))
            #expect(try await bob("status", "--json").json["pending_changes"] == 0)
            #expect(try await alice("inventory", "--json").json == bobsStock)
        }
    }

    @Test func aServerThatCannotBeReachedIsExplainedForOnlineCommands() async throws {
        let directory = NSTemporaryDirectory() + "hearth-pantry-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await Self.pantry(
            ["register", "--email", "x@example.com"], profile: "x", directory: directory, server: "http://127.0.0.1:9/api")
        #expect(run.status != 0)
        #expect(run.errors.contains("Cannot reach the server"))
    }
}
