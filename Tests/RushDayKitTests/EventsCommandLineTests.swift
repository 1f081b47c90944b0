import Foundation
import HearthCore
import HearthTesting
import Testing

/// `hearth events`, run as the real binary against an in-process server (HTTP accounts,
/// gRPC for everything else).
@Suite("hearth events — command line")
struct EventsCommandLineTests {
    typealias Run = HearthBinary.Run

    static func events(_ arguments: [String], directory: String, server: RushDayKitServer) async throws -> Run {
        try await HearthBinary.run(
            ["events"] + arguments + ["--profile", "ann"],
            environment: [
                "HEARTH_CLIENT_DIR": directory, "HEARTH_EVENTS_SERVER": server.httpBase.absoluteString,
                "HEARTH_EVENTS_GRPC": server.grpcAddress, "HEARTH_EVENTS_PASSWORD": RushDayKitServer.password, "TZ": "UTC",
            ],
            directory: directory)
    }

    @Test(arguments: TestEngine.available)
    func registerCreateAddTasksMarkDoneReorderAndListAsJSON(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let directory = NSTemporaryDirectory() + "hearth-events-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func events(_ arguments: String...) async throws -> Run {
                try await Self.events(arguments, directory: directory, server: server)
            }

            let signedOut = try await events("list")
            #expect(signedOut.status == 1 && signedOut.errors.contains("You are signed out of profile 'ann'. Run `hearth events login --profile ann`."))

            let register = try await events("register", "--email", "ann@example.com", "--name", "Ann")
            #expect(register.status == 0, "\(register.errors)")
            #expect(register.output.contains("Registered and signed in as ann@example.com"))

            let created = try await events("create", "--name", "Garden party", "--date", "2030-06-14T15:00", "--venue", "Our garden", "--json")
            #expect(created.status == 0, "\(created.errors)")
            let eventID = try #require(created.json["id"]?.stringValue)
            #expect(created.json["date"] == "2030-06-14T15:00:00Z" && created.json["venue"] == "Our garden")

            for name in ["Book the garden", "Order cake", "Send invitations"] {
                let added = try await events("tasks", "add", "Garden party", name)
                #expect(added.status == 0 && added.output.contains("Added \"\(name)\""), "\(added.errors)")
            }
            let done = try await events("tasks", "done", String(eventID.prefix(8)), "2")
            #expect(done.status == 0 && done.output.contains("Done: \"Order cake\"."), "\(done.errors)")
            let reordered = try await events("tasks", "reorder", eventID, "Send invitations", "--to", "1")
            #expect(reordered.status == 0, "\(reordered.errors)")

            let tasks = try await events("tasks", eventID, "--json")
            let names = tasks.json.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(names == ["Send invitations", "Book the garden", "Order cake"])
            #expect(tasks.json[2]?["is_done"] == true && tasks.json[0]?["is_done"] == false)

            let listed = try await events("list", "--json")
            #expect(listed.status == 0, "\(listed.errors)")
            #expect(listed.json["upcoming"]?[0]?["id"] == .string(eventID))
            #expect(listed.json["upcoming"]?[0]?["role"] == "owner")
            #expect(listed.json["past"] == [] && listed.json["drafts"] == [])
            let table = try await events("list")
            #expect(table.output.contains("Upcoming:") && table.output.contains("2030-06-14 15:00") && table.output.contains("Garden party"))

            let edited = try await events("edit", "Garden party", "--name", "Garden party 2030", "--json")
            #expect(edited.json["name"] == "Garden party 2030" && edited.json["venue"] == "Our garden", "\(edited.errors)")
        }
    }

    @Test(arguments: TestEngine.available)
    func mistakesAreExplainedWithWhatToDo(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let directory = NSTemporaryDirectory() + "hearth-events-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func events(_ arguments: String...) async throws -> Run {
                try await Self.events(arguments, directory: directory, server: server)
            }
            #expect(try await events("register", "--email", "ann@example.com", "--name", "Ann").status == 0)

            let badDate = try await events("create", "--name", "Party", "--date", "next friday")
            #expect(badDate.status != 0 && badDate.errors.contains("--date: 'next friday' is not a date; use 2026-06-14 (all day) or 2026-06-14T15:00."))
            let tooEarly = try await events("create", "--name", "Party", "--date", "1999-01-01")
            #expect(tooEarly.status == 1 && tooEarly.errors.contains("The server did not accept this: date"), "\(tooEarly.errors)")
            let missing = try await events("show", "nonexistent")
            #expect(missing.status == 1 && missing.errors.contains("No event 'nonexistent'. See `hearth events list`"))

            let noGRPC = try await HearthBinary.run(
                ["events", "list", "--profile", "ann", "--grpc", "127.0.0.1:1"],
                environment: ["HEARTH_CLIENT_DIR": directory, "HEARTH_EVENTS_SERVER": server.httpBase.absoluteString],
                directory: directory)
            #expect(noGRPC.status == 1 && noGRPC.errors.contains("Cannot reach the Rush Day gRPC service at 127.0.0.1:1"), "\(noGRPC.errors)")

            let wrongPassword = try await HearthBinary.run(
                ["events", "login", "--profile", "ann", "--email", "ann@example.com", "--password", "not the password"],
                environment: [
                    "HEARTH_CLIENT_DIR": directory, "HEARTH_EVENTS_SERVER": server.httpBase.absoluteString,
                    "HEARTH_EVENTS_GRPC": server.grpcAddress,
                ], directory: directory)
            #expect(wrongPassword.status == 1 && wrongPassword.errors.contains("Check the email and password"), "\(wrongPassword.errors)")
        }
    }
}
