import Foundation
import HearthCore
import HearthTesting
import Testing

/// `hearth events` guests, agenda, budget, planner and chat, run as the real binary.
@Suite("hearth events — guests, agenda, budget, planner")
struct EventsCommandLinePlanningTests {
    typealias Run = HearthBinary.Run

    @Test(arguments: TestEngine.available)
    func guestsImportInviteAgendaAndBudgetInMinorUnits(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let directory = NSTemporaryDirectory() + "hearth-events-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func events(_ arguments: String...) async throws -> Run {
                try await EventsCommandLineTests.events(arguments, directory: directory, server: server)
            }
            #expect(try await events("register", "--email", "ann@example.com", "--name", "Ann").status == 0)
            let eventID = try #require(try await events("create", "--name", "Party", "--date", "2030-06-14T15:00", "--json").json["id"]?.stringValue)

            let bob = try await events("guests", "add", "Party", "Bob", "--email", "bob@example.com", "--plus", "1")
            #expect(bob.status == 0 && bob.output.contains("Added Bob"), "\(bob.errors)")
            let csv = directory + "/guests.csv"
            try Data("name,email,phone,plus_ones,notes\nCid,cid@example.com,,0,\n\"Dee, Jr.\",,+1 555 0100,2,\"likes \"\"jazz\"\"\"\n".utf8)
                .write(to: URL(fileURLWithPath: csv))
            let imported = try await events("guests", "import", "Party", csv)
            #expect(imported.status == 0 && imported.output.contains("Imported 2 guests"), "\(imported.errors)")
            let invite = try await events("guests", "invite", "Party", "Bob")
            #expect(invite.status == 0, "\(invite.errors)")
            #expect(invite.output.hasPrefix("https://rush.example/g/") && invite.output.trimmingCharacters(in: .whitespacesAndNewlines).count == 23 + 46)
            let guests = try await events("guests", "Party", "--json")
            #expect(guests.json["guests"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Bob", "Cid", "Dee, Jr."])
            #expect(guests.json["guests"]?[2]?["notes"] == "likes \"jazz\"")
            #expect(guests.json["counts"]?["invited"] == 1 && guests.json["counts"]?["not_invited"] == 2)

            let welcome = try await events("agenda", "add", "Party", "Welcome", "--start", "2030-06-14T15:00", "--end", "2030-06-14T16:00")
            #expect(welcome.status == 0, "\(welcome.errors)")
            #expect(try await events("agenda", "add", "Party", "Brunch", "--start", "2030-06-15T10:00").status == 0)
            let agenda = try await events("agenda", "Party", "--json")
            #expect(agenda.json.arrayValue?.compactMap { $0["day"]?.stringValue } == ["2030-06-14", "2030-06-15"])

            #expect(try await events("budget", "planned", "Party", "1500").status == 0)
            let cake = try await events("budget", "expense", "Party", "Cake", "45.50", "--category", "cake_desserts", "--json")
            #expect(cake.json["total"] == 4550, "\(cake.errors)")
            let paid = try await events("budget", "pay", "Party", "Cake", "20")
            #expect(paid.status == 0 && paid.output.contains("paid $20.00 of $45.50 (partial)"), "\(paid.errors)")
            let notMoney = try await events("budget", "pay", "Party", "Cake", "20.005")
            #expect(notMoney.status == 1 && notMoney.errors.contains("'20.005' is not an amount in USD; write it like 12.50."))
            let budget = try await events("budget", eventID, "--json")
            #expect(budget.json["planned"] == 150_000 && budget.json["total_expenses"] == 4550 && budget.json["total_paid"] == 2000)
            #expect(budget.json["remaining"] == 145_450 && budget.json["expenses"]?[0]?["status"] == "partial")
            let shown = try await events("budget", "Party")
            #expect(shown.output.contains("Planned budget: $1500.00") && shown.output.contains("Left in the budget: $1454.50."))
        }
    }

    @Test(arguments: TestEngine.available)
    func planStreamsPlansThenCreatesTheEventAndChatAnswersAboutIt(_ engine: TestEngine) async throws {
        try await RushDayKitServer.run(engine) { server in
            let directory = NSTemporaryDirectory() + "hearth-events-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func events(_ arguments: String...) async throws -> Run {
                try await EventsCommandLineTests.events(arguments, directory: directory, server: server)
            }
            #expect(try await events("register", "--email", "ann@example.com", "--name", "Ann").status == 0)

            let planned = try await events(
                "plan", "--type", "birthday", "--guests", "small", "--date", "2030-06-14T15:00", "--name", "Ann's 30th", "--budget", "standard")
            #expect(planned.status == 0, "\(planned.errors)")
            #expect(planned.errors.contains("[####################] 100%"))
            #expect(planned.output.contains("Created \"Ann's 30th\""))
            let listed = try await events("list", "--json")
            let eventID = try #require(listed.json["upcoming"]?[0]?["id"]?.stringValue)
            #expect(listed.json["upcoming"]?[0]?["name"] == "Ann's 30th")
            #expect(try await events("tasks", eventID, "--json").json.arrayValue?.isEmpty == false)

            let chat = try await events("chat", eventID, "What should we serve?", "--topic", "catering", "--json")
            #expect(chat.status == 0, "\(chat.errors)")
            #expect(chat.json["reply"]?.stringValue?.isEmpty == false && chat.json["conversation_id"]?.stringValue?.isEmpty == false)
        }
    }
}
