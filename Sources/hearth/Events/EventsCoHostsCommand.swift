import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsCoHostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cohosts", abstract: "Plan together: share an event with co-hosts, or accept an event shared with you.",
        discussion: """
            The owner runs `hearth events cohosts share <event> "Bob"` and sends Bob the link it \
            prints; Bob runs `hearth events cohosts accept <link>` with his own profile. Admins \
            edit everything but the co-hosts; viewers (--viewer) only look.
            """,
        subcommands: [EventsCoHostsListCommand.self, EventsCoHostsShareCommand.self, EventsCoHostsAcceptCommand.self],
        defaultSubcommand: EventsCoHostsListCommand.self)
}

struct EventsCoHostsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Who co-hosts an event.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            try output.table(
                ["NAME", "ROLE", "STATE", "LINK"],
                event.shared.map { [$0.name, $0.accessRole, $0.accepted ? "joined" : "pending", $0.accepted ? "" : $0.inviteLink] },
                json: .array(event.shared.map(EventsJSON.cohost)), empty: "No co-hosts. Share the event with `hearth events cohosts share <event> \"Name\"`.")
        }
    }
}

struct EventsCoHostsShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Invite a co-host (owner only); prints the link to send them.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The co-host's name, as you will see it.") var name: String
    @Flag(help: "They may look but not change anything.") var viewer = false

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let shared = try await client.shareEvent(eventID: event.id, name: name, accessRole: viewer ? "viewer" : "admin")
            guard let entry = shared.shared.last else { throw CommandError("The server did not return the new co-host entry.") }
            if options.json {
                print(EventsJSON.cohost(entry).serializedString())
            } else {
                FileHandle.standardError.write(
                    Data("Send \(entry.name) this link; they accept it with `hearth events cohosts accept <link>`:\n".utf8))
                print(entry.inviteLink.isEmpty ? entry.secret : entry.inviteLink)
            }
        }
    }
}

struct EventsCoHostsAcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Join an event someone shared with you, using the link (or secret) they sent.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The co-host link, or just the secret at its end.") var link: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await client.acceptSharedEvent(secret: link)
            try output.result(
                "You now co-host \"\(event.name)\" as \(event.callerRole) (id \(event.id)).", json: EventsJSON.event(event))
        }
    }
}
