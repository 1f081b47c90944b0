import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsGuestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guests", abstract: "An event's guest list: list with counts, add, import from CSV, invite.",
        discussion: "<guest> is the guest's number in the list, id, or name.",
        subcommands: [EventsGuestsListCommand.self, EventsGuestsAddCommand.self, EventsGuestsImportCommand.self, EventsGuestsInviteCommand.self],
        defaultSubcommand: EventsGuestsListCommand.self)
}

struct EventsGuestsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the guests and how many answered.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let guests = try await client.guests(eventID: event.id)
            let counts = GuestCounts(guests)
            if options.json {
                print(JSONValue.object(["guests": .array(guests.map(EventsJSON.guest)), "counts": EventsJSON.counts(counts)]).serializedString())
                return
            }
            try output.table(
                ["#", "NAME", "STATUS", "+", "CONTACT"],
                guests.enumerated().map { index, guest in
                    [String(index + 1), guest.name, EventsText.status(guest.status), guest.accompany > 0 ? "+\(guest.accompany)" : "",
                     guest.contact.hasEmail ? guest.contact.email : guest.contact.phoneNumber]
                }, json: .null, empty: "No guests yet. Add them with `hearth events guests add` or `hearth events guests import`.")
            if !guests.isEmpty {
                print(
                    "\n\(counts.total) guests: \(counts.accepted) coming, \(counts.declined) declined, \(counts.invited) not answered, \(counts.notInvited) not invited yet; \(counts.expectedPeople) people expected."
                )
            }
        }
    }
}

struct EventsGuestsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a guest.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The guest's name.") var name: String
    @Option(help: "Their email address.") var email: String?
    @Option(help: "Their phone number.") var phone: String?
    @Option(name: .customLong("plus"), help: "How many people they bring along (0–20).") var plus: Int32 = 0
    @Option(help: "not_invited (default), invited, accepted or declined.") var status: String?
    @Option(help: "Notes about them.") var notes: String?

    func run() async throws {
        var request = Rushday_V1_CreateGuestRequest()
        request.name = name
        request.accompany = plus
        if let email { request.contact.email = email }
        if let phone { request.contact.phoneNumber = phone }
        if let notes { request.notes = notes }
        if let status {
            guard let parsed = EventsText.guestStatus(status) else {
                throw CommandError("--status: use not_invited, invited, accepted or declined.")
            }
            request.status = parsed
        }
        try await EventsSession.run(options) { client, output in
            request.eventID = try await EventsLookup.event(self.event, client: client).id
            let guest = try await client.createGuest(request)
            try output.result("Added \(guest.name) to the guest list.", json: EventsJSON.guest(guest))
        }
    }
}

struct EventsGuestsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add many guests from a CSV file, all or none.",
        discussion: """
            Columns: name, email, phone, plus_ones, notes (only name is needed). A first row \
            naming the columns is recognised and skipped. Nothing is added when a row is \
            invalid; the error names the row.
            """)

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file.csv")) var file: String

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError("Cannot read \(file); check the path.")
        }
        let guests = try GuestCSV.parse(String(decoding: data, as: UTF8.self))
        guard !guests.isEmpty else { throw CommandError("\(file) has no guests in it.") }
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let created = try await client.batchCreateGuests(eventID: event.id, guests: guests)
            try output.result("Imported \(created.count) guests into \"\(event.name)\".", json: .array(created.map(EventsJSON.guest)))
        }
    }
}

struct EventsGuestsInviteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Get a guest's RSVP link to send them; they answer in a browser.",
        discussion: "The link stays the same on every call. A guest not invited yet becomes 'invited'.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The guest: number in the list, id, or name.") var guest: String
    @Option(help: "A personal message shown with the invitation.") var message: String?

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let guest = try EventsLookup.guest(self.guest, among: try await client.guests(eventID: event.id))
            let invitation = try await client.inviteGuest(guestID: guest.id, eventID: event.id, message: message)
            if options.json {
                print(JSONValue.object(["guest_id": .string(guest.id), "link": .string(invitation.inviteLink)]).serializedString())
            } else {
                FileHandle.standardError.write(Data("Send \(guest.name) this link to answer:\n".utf8))
                print(invitation.inviteLink)
            }
        }
    }
}
