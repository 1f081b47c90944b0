import Foundation
import HearthCore
import HearthTesting
import Testing

/// `hearth list`, run as the real binary against an in-process server: one person on two
/// devices (profiles), reproducible exports, imports into another account, and errors
/// that say what to do.
@Suite("hearth list — command line")
struct ListCommandLineTests {
    typealias Run = HearthBinary.Run

    static func list(_ arguments: [String], profile: String, directory: String, server: String) async throws -> Run {
        try await HearthBinary.run(
            ["list"] + arguments + ["--profile", profile],
            environment: [
                "HEARTH_CLIENT_DIR": directory, "HEARTH_LIST_SERVER": server, "HEARTH_LIST_PASSWORD": "correct horse",
                "SOURCE_DATE_EPOCH": "1737014400", "TZ": "UTC",
            ],
            directory: directory)
    }

    @Test func twoDevicesShareListsAndAnExportMovesToAnotherAccount() async throws {
        try await TestServer.listAll(engine: .sqlite) { server in
            let directory = NSTemporaryDirectory() + "hearth-list-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func phone(_ arguments: String...) async throws -> Run {
                try await Self.list(arguments, profile: "phone", directory: directory, server: server.baseURL)
            }
            func laptop(_ arguments: String...) async throws -> Run {
                try await Self.list(arguments, profile: "laptop", directory: directory, server: server.baseURL)
            }
            func bob(_ arguments: String...) async throws -> Run {
                try await Self.list(arguments, profile: "bob", directory: directory, server: server.baseURL)
            }

            #expect(try await phone("register", "--email", "ann@example.com", "--name", "Ann").status == 0)
            #expect(try await phone("create", "Groceries").output.contains("Created 'Groceries'"))
            #expect(try await phone("add", "Groceries", "Milk", "--quantity", "2", "--description", "2% low fat").status == 0)
            #expect(try await phone("add", "Groceries", "Bread", "--description", "see https://bakery.example/rye").status == 0)
            #expect(try await phone("cross", "Groceries", "Bread").status == 0)
            #expect(try await phone("create", "Empty").status == 0)
            #expect(try await phone("links", "Groceries", "Bread").output.contains("https://bakery.example/rye"))

            #expect(try await laptop("login", "--email", "ann@example.com").status == 0)
            let items = try await laptop("items", "Groceries", "--filter", "all", "--json").json.arrayValue ?? []
            #expect(items.map { $0["title"] } == ["Milk", "Bread"])
            #expect(try await laptop("items", "Groceries").output.contains("Milk"), "a new account shows active items")
            #expect(!(try await laptop("items", "Groceries").output.contains("Bread")))

            let text = try await phone("export", "--format", "text", "--no-dates")
            #expect(text.output.hasPrefix("ListAll Export\n" + String(repeating: "=", count: 51) + "\nExported: Jan 16, 2025"))
            #expect(text.output.contains("1. [ ] Milk (×2)\n   2% low fat\n\n2. [✓] Bread\n"))
            let json = try await phone("export")
            #expect(json.output.hasPrefix("{\n  \"exportDate\" : \"2025-01-16T08:00:00Z\",\n  \"lists\" : ["))
            let exportFile = directory + "/export.json"
            try Data(json.output.utf8).write(to: URL(fileURLWithPath: exportFile))

            #expect(try await bob("register", "--email", "bob@example.com").status == 0)
            #expect(try await bob("import", exportFile, "--preview").output.contains("Would create 2 lists and 2 items"))
            #expect(try await bob("import", exportFile).output.contains("Successfully imported 2 lists and 2 items"))
            #expect(try await bob("export").output == json.output, "the same bytes from another account")

            let share = try await phone("share", "Groceries")
            #expect(share.output == "Groceries\n=========\n\n1. [ ] Milk (×2)\n   2% low fat\n\n2. [✓] Bread\n   see https://bakery.example/rye\n\n---\nShared from ListAll\n")

            let outOfRange = try await phone("reorder", "Empty", "--to", "5")
            #expect(outOfRange.status != 0 && outOfRange.errors.contains("out of range"))
            #expect(try await phone("reorder", "Empty", "--to", "0").status == 0)
            let notArchived = try await phone("delete", "Groceries")
            #expect(notArchived.status != 0 && notArchived.errors.contains("Only archived lists can be deleted permanently"))
            #expect(try await phone("archive", "Empty").status == 0)
            #expect(try await laptop("sync").status == 0)
            #expect(try await laptop("lists", "--archived").output.contains("Empty"))
            #expect(try await laptop("lists").output.contains("Groceries"))
        }
    }
}
