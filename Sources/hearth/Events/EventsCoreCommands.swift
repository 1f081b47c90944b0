import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Your events and the ones shared with you: upcoming, drafts and past.")

    @OptionGroup var options: EventsOptions

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let sections = EventListSections(try await client.allEvents(), now: Date())
            if options.json {
                print(
                    JSONValue.object([
                        "upcoming": .array(sections.upcoming.map(EventsJSON.event)), "drafts": .array(sections.drafts.map(EventsJSON.event)),
                        "past": .array(sections.past.map(EventsJSON.event)),
                    ]).serializedString())
                return
            }
            let parts = [("Upcoming", sections.upcoming), ("Drafts", sections.drafts), ("Past", sections.past)].filter { !$0.1.isEmpty }
            guard !parts.isEmpty else {
                print("No events yet. Create one with `hearth events create --name … --date …`, or let `hearth events plan` suggest one.")
                return
            }
            for (index, (title, events)) in parts.enumerated() {
                if index > 0 { print("") }
                print("\(title):")
                print(TextTable(headers: ["ID", "DATE", "NAME", "ROLE"], rows: events.map(Self.row)).rendered)
            }
        }
    }

    static func row(_ event: Rushday_V1_Event) -> [String] {
        [EventsText.shortID(event.id), EventsDates.show(event.date, allDay: event.isAllDay), event.name, event.callerRole]
    }
}

struct EventsCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create an event.",
        discussion: "Example: hearth events create --name \"Garden party\" --date 2026-06-14T15:00 --end 2026-06-14T20:00 --type birthday --venue \"Our garden\"")

    @OptionGroup var options: EventsOptions
    @Option(help: "The event's name.") var name: String
    @Option(help: ArgumentHelp("When it starts: 2026-06-14 (all day) or 2026-06-14T15:00.", valueName: "date")) var date: String
    @Option(help: ArgumentHelp("When it ends (optional).", valueName: "date")) var end: String?
    @Option(help: "birthday, wedding, corporate, conference, graduation, anniversary, vacation, baby_shower, holiday, engagement or custom.")
    var type: String?
    @Option(help: "Where it takes place.") var venue: String?
    @Option(help: "Your idea for it, in a sentence or two.") var idea: String?
    @Option(help: "The text invitations carry.") var message: String?
    @Option(help: ArgumentHelp("A cover image URL.", valueName: "url")) var image: String?
    @Flag(name: .customLong("all-day"), help: "An all-day event (implied by a date without a time).") var allDay = false
    @Flag(help: "Keep it among your drafts for now.") var draft = false

    func run() async throws {
        let start = try EventsDates.parse(date, option: "--date")
        var request = Rushday_V1_CreateEventRequest()
        request.name = name
        request.date = .init(date: start.date)
        request.isAllDay = allDay || start.allDay
        if let end { request.endDate = try EventsDates.timestamp(end, option: "--end") }
        if let type { request.type = type }
        if let venue { request.venue = venue }
        if let idea { request.customIdea = idea }
        if let message { request.inviteMessage = message }
        if let image { request.image = image }
        request.isDraft = draft
        try await EventsSession.run(options) { client, output in
            let event = try await client.createEvent(request)
            try output.result(
                "Created \"\(event.name)\" on \(EventsDates.show(event.date, allDay: event.isAllDay)) (id \(event.id)). Add tasks with `hearth events tasks add \(EventsText.shortID(event.id)) …`.",
                json: EventsJSON.event(event))
        }
    }
}

struct EventsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one event with its tasks.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let tasks = TaskOrdering(try await client.allTasks(eventID: event.id))
            if options.json {
                var value = EventsJSON.event(event).objectValue ?? [:]
                value["tasks"] = .array(tasks.tasks.map(EventsJSON.task))
                print(JSONValue.object(value).serializedString())
                return
            }
            var lines = ["\(event.name)  (\(event.type), you are \(event.callerRole))", "  id:     \(event.id)"]
            let end = event.hasEndDate ? " – " + EventsDates.show(event.endDate, allDay: event.isAllDay) : ""
            lines.append("  when:   \(EventsDates.show(event.date, allDay: event.isAllDay))\(end)\(event.isDraft ? "  [draft]" : "")")
            if event.hasVenue { lines.append("  where:  \(event.venue)") }
            if event.hasOwnerName, event.callerRole != "owner" { lines.append("  owner:  \(event.ownerName)") }
            if event.hasCustomIdea { lines.append("  idea:   \(event.customIdea)") }
            if !event.shared.isEmpty {
                lines.append("  co-hosts: " + event.shared.map { "\($0.name) (\($0.accessRole)\($0.accepted ? "" : ", pending"))" }.joined(separator: ", "))
            }
            lines.append("  tasks:  \(tasks.doneCount) of \(tasks.tasks.count) done")
            for (index, task) in tasks.tasks.enumerated() { lines.append("    \(index + 1). [\(task.isDone ? "x" : " ")] \(task.name)") }
            print(lines.joined(separator: "\n"))
        }
    }
}

struct EventsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an event with its tasks, guests, agenda and budget, for good (owner only).")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            if !yes {
                FileHandle.standardError.write(Data("Delete \"\(event.name)\" and everything in it for good? Type 'delete' to confirm: ".utf8))
                guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "delete" else {
                    throw CommandError("Nothing was deleted. Type 'delete' at the prompt, or pass --yes.")
                }
            }
            try await client.deleteEvent(id: event.id)
            try output.result("Deleted \"\(event.name)\".", json: ["deleted": .string(event.id)])
        }
    }
}
