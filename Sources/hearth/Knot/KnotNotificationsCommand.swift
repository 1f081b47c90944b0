import ArgumentParser
import Foundation
import HearthCore
import KnotKit

struct KnotNotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications", abstract: "Milestone reminders the server sent, and marking them seen.",
        subcommands: [History.self, Viewed.self, Preferences.self], defaultSubcommand: History.self)

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "history", abstract: "Reminders sent (or that failed), newest first.")

        @OptionGroup var options: KnotOptions
        @Option(help: "How many to show (1–100).") var limit = 50
        @Option(help: "How many of the newest to skip.") var offset = 0

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                let history = try await client.notifications.history(limit: limit, offset: offset)
                try output.table(
                    ["id", "milestone", "date", "days before", "status", "sent", "seen", "ideas"],
                    history.notifications.map {
                        [$0.id, $0.milestoneName, $0.milestoneDate, String($0.daysBefore), $0.status, $0.sentAt.map { String($0.prefix(16)) } ?? "",
                         $0.viewedAt == nil ? "no" : "yes", String($0.recommendationsCount)]
                    },
                    json: encoded(history), empty: "No reminders yet. They come 14, 7 and 3 days before each milestone.")
            }
        }
    }

    struct Viewed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "viewed", abstract: "Mark a reminder as seen.")

        @OptionGroup var options: KnotOptions
        @Argument(help: "The reminder's id (see `hearth knot notifications`).") var id: String

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                let viewed = try await client.notifications.markViewed(id)
                try output.result("Marked \(viewed.id) as seen.", json: encoded(viewed))
            }
        }
    }

    struct Preferences: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preferences", abstract: "When reminders may arrive: show them, or change what you pass.")

        @OptionGroup var options: KnotOptions
        @Flag(inversion: .prefixedEnableDisable, help: "Turn reminders on or off.") var reminders: Bool?
        @Option(name: .customLong("quiet-start"), help: "Quiet hours start at this hour (0–23).") var quietStart: Int?
        @Option(name: .customLong("quiet-end"), help: "Quiet hours end at this hour (0–23).") var quietEnd: Int?
        @Option(help: ArgumentHelp("Your time zone, e.g. Europe/Berlin.", valueName: "zone")) var timezone: String?

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                let change = NotificationPreferencesChange(
                    notificationsEnabled: reminders, quietHoursStart: quietStart, quietHoursEnd: quietEnd, timezone: timezone)
                let preferences =
                    change == NotificationPreferencesChange()
                    ? try await client.notifications.preferences() : try await client.notifications.updatePreferences(change)
                try output.result(
                    "Reminders \(preferences.notificationsEnabled ? "on" : "off"); quiet from \(preferences.quietHoursStart):00 to \(preferences.quietHoursEnd):00 (\(preferences.timezone ?? "no time zone set")).",
                    json: encoded(preferences))
            }
        }
    }
}
