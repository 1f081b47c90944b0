import Foundation
import HearthCore
import HearthTesting
import Testing

/// The `hearth wish` commands, run as the real binary against an in-process server: the
/// README's two-person walk-through, checked on what each person's terminal shows.
@Suite("hearth wish — command line")
struct CommandLineFlowTests {
    typealias Run = HearthBinary.Run

    /// Runs `hearth wish <arguments>` as `profile` with its own client directory.
    static func wish(_ arguments: [String], profile: String, directory: String, server: String) async throws -> Run {
        try await HearthBinary.run(
            ["wish"] + arguments + ["--profile", profile],
            environment: ["HEARTH_CLIENT_DIR": directory, "HEARTH_WISH_SERVER": server, "HEARTH_WISH_PASSWORD": "correct horse"],
            directory: directory)
    }

    @Test func twoProfilesShareOpenAndMarkAndTheOwnerNeverSeesIt() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let directory = NSTemporaryDirectory() + "hearth-cli-e2e-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func alice(_ arguments: String...) async throws -> Run {
                try await Self.wish(arguments, profile: "alice", directory: directory, server: server.baseURL)
            }
            func bob(_ arguments: String...) async throws -> Run {
                try await Self.wish(arguments, profile: "bob", directory: directory, server: server.baseURL)
            }

            #expect(try await alice("register", "--email", "alice@example.com", "--name", "Alice").status == 0)
            #expect(try await alice("wishlists", "create", "Birthday").output.contains("Created wishlist 'Birthday'"))
            #expect(try await alice("items", "add", "Birthday", "--title", "Blue kettle", "--price", "25", "--currency", "EUR").status == 0)
            let share = try await alice("share", "create", "Birthday", "--mark", "--json")
            let link = try #require(try JSONParser().parse(share.output.trimmingCharacters(in: .whitespacesAndNewlines))["share_url"]?.stringValue)

            #expect(try await bob("register", "--email", "bob@example.com", "--name", "Bob").status == 0)
            let opened = try await bob("open", link)
            #expect(opened.output.contains("Opened 'Birthday' from Alice"))
            #expect(try await bob("mark", "Blue kettle").output.contains("Marked 1"))
            let bobsView = try await bob("items", "list", "Birthday")
            #expect(bobsView.output.contains("taken") && bobsView.output.contains("you: 1"))

            #expect(try await alice("sync").status == 0)
            let alicesView = try await alice("items", "list", "Birthday")
            #expect(alicesView.output.contains("Blue kettle"))
            #expect(!alicesView.output.contains("taken") && !alicesView.output.contains("you:") && !alicesView.output.contains("marks"))
            let alicesJSON = try await alice("items", "list", "Birthday", "--json")
            #expect(!alicesJSON.output.contains("marked"))
            let status = try JSONParser().parse(try await alice("status", "--json").output.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(status["pending_changes"] == 0)

            let token = try #require(link.split(separator: "/").last.map(String.init))
            #expect(try await alice("share", "revoke", token).status == 0)
            #expect(try await bob("sync").status == 0)
            #expect(try await bob("wishlists").output.contains("No wishlists yet"))
        }
    }

    @Test func writesWhileTheServerIsDownAreKeptAndSentLater() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let directory = NSTemporaryDirectory() + "hearth-cli-e2e-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let down = "http://127.0.0.1:9"
            #expect(try await Self.wish(["register", "--email", "a@example.com", "--name", "A"], profile: "a", directory: directory, server: server.baseURL).status == 0)
            let offline = try await Self.wish(["wishlists", "create", "Offline list", "--server", down], profile: "a", directory: directory, server: down)
            #expect(offline.status == 0)
            #expect(offline.errors.contains("Saved on this device"))
            let listed = try await Self.wish(["wishlists"], profile: "a", directory: directory, server: down)
            #expect(listed.output.contains("Offline list"))
            let status = try JSONParser().parse(
                try await Self.wish(["status", "--json"], profile: "a", directory: directory, server: down).output.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(status["pending_changes"] == 1)
            let synced = try await Self.wish(["sync", "--server", server.baseURL], profile: "a", directory: directory, server: server.baseURL)
            #expect(synced.output.contains("1 sent"))
            let unreachable = try await Self.wish(["share", "create", "Offline list", "--server", down], profile: "a", directory: directory, server: down)
            #expect(unreachable.status != 0)
            #expect(unreachable.errors.contains("Cannot reach the server"))
        }
    }
}
