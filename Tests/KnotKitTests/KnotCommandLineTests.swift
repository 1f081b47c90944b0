import Foundation
import HearthCore
import HearthTesting
import Testing

/// `hearth knot`, run as the real binary against an in-process server.
@Suite("hearth knot — command line")
struct KnotCommandLineTests {
    typealias Run = HearthBinary.Run

    static func knot(_ arguments: [String], directory: String, server: String) async throws -> Run {
        try await HearthBinary.run(
            ["knot"] + arguments + ["--profile", "alice"],
            environment: [
                "HEARTH_CLIENT_DIR": directory, "HEARTH_KNOT_SERVER": server, "HEARTH_KNOT_PASSWORD": KnotKitFixtures.password,
                "HEARTH_KNOT_API_KEY": TestServer.knotAnonKey,
            ],
            directory: directory)
    }

    @Test func signUpOnboardHintRecommendRefreshAndExport() async throws {
        try await TestServer.knotKit(engine: .sqlite) { (server: TestServer) async throws in
            let directory = NSTemporaryDirectory() + "hearth-knot-cli-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            func knot(_ arguments: String...) async throws -> Run {
                try await Self.knot(arguments, directory: directory, server: server.baseURL)
            }

            let signup = try await knot("signup", "--email", "alice@example.com")
            #expect(signup.status == 0, "\(signup.errors)")
            #expect(signup.output.contains("Signed up and signed in as alice@example.com"))

            let early = try await knot("recommend")
            #expect(early.status == 1 && early.errors.contains("No partner vault found. Complete onboarding first."))
            let incomplete = try await knot("vault", "edit", "--partner-name", "Alex", "--birthday", "1990-03-20")
            #expect(incomplete.status == 1 && incomplete.errors.contains("interests: Exactly 5 interests are required, got 0 (set it with --interests)"))

            let edit = try await knot(
                "vault", "edit", "--partner-name", "Alex", "--birthday", "1990-03-20", "--interests", "Travel,Cooking,Board Games,Concerts,Gardening",
                "--dislikes", "Sports,Comedy,Movies,Theater,Dancing", "--vibes", "romantic,minimalist", "--love-languages",
                "quality_time,receiving_gifts")
            #expect(edit.status == 0, "\(edit.errors)")
            #expect(edit.output.contains("Created Alex's profile: 5 interests, 5 dislikes, 2 vibes, 1 milestone."))
            let change = try await knot("vault", "edit", "--vibes", "romantic,vintage", "--budget", "just_because=25-60", "--json")
            #expect(change.json["created"] == false)
            let shown = try await knot("vault", "show", "--json")
            #expect(shown.json["vibes"] == ["romantic", "vintage"])
            #expect(shown.json["milestones"]?[0]?["milestone_date"] == "2000-03-20")
            #expect(shown.json["budgets"]?[0]?["min_amount"] == 2500)
            #expect(try await knot("vault").output.contains("Alex's Birthday"))
            let profileFile = directory + "/vault.json"
            try Data(try JSONValueEncoder().encodeToBytes(KnotKitFixtures.draft)).write(to: URL(fileURLWithPath: profileFile))
            let fromFile = try await knot("vault", "edit", "--file", profileFile, "--partner-name", "Sam", "--json")
            #expect(fromFile.json["created"] == false && fromFile.json["vault"]?["partner_name"] == "Sam", "\(fromFile.errors)")
            #expect(try await knot("vault", "show", "--json").json["milestones"]?.arrayValue?.count == 2)

            #expect(try await knot("hints", "add", "She keeps talking about a pottery class").status == 0)
            #expect(try await knot("hints").output.contains("pottery class"))

            let recommended = try await knot("recommend", "--json")
            #expect(recommended.status == 0, "\(recommended.errors)")
            let firstIDs = recommended.json["recommendations"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(firstIDs.count == 3)
            let refreshed = try await knot("refresh", "--reason", "too_expensive", "--json")
            #expect(refreshed.status == 0, "\(refreshed.errors)")
            #expect(refreshed.json["rejection_reason"] == "too_expensive")
            let secondIDs = refreshed.json["recommendations"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(!secondIDs.isEmpty && Set(secondIDs).isDisjoint(with: firstIDs))
            #expect(try await knot("refresh", "--reason", "boring").status != 0)

            let saved = try await knot("feedback", secondIDs[0], "--action", "saved")
            #expect(saved.status == 0 && saved.output.contains("Saved"))
            #expect(try await knot("saved", "--json").json[0]?["id"] == .string(secondIDs[0]))

            let reminders = try await knot("notifications", "--json")
            #expect(reminders.status == 0 && reminders.json["total"] == 0, "\(reminders.errors)")
            #expect(try await knot("notifications").output.contains("No reminders yet"))

            let file = directory + "/export.json"
            let exported = try await knot("export", "--output", file)
            #expect(exported.status == 0, "\(exported.errors)")
            let document = try JSONParser().parse(try #require(FileManager.default.contents(atPath: file)))
            #expect(document["vault"]?["partner_name"] == "Sam")
            #expect(document["hints"]?.arrayValue?.count == 1)
            #expect(document["recommendations"]?.arrayValue?.count == 6)
            #expect(document["feedback"]?.arrayValue?.contains { $0["action"] == "saved" } == true)

            // Deleting asks first; with no answer nothing happens.
            let unconfirmed = try await knot("delete-account")
            #expect(unconfirmed.status != 0 && unconfirmed.errors.contains("Nothing was deleted"))
            #expect(try await knot("vault", "show").status == 0)
            let deleted = try await knot("delete-account", "--yes")
            #expect(deleted.status == 0 && deleted.output.contains("permanently deleted"))
            let after = try await knot("vault", "show")
            #expect(after.status == 1 && after.errors.contains("You are signed out of profile 'alice'"))
        }
    }
}
