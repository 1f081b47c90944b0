import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsAgendaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda", abstract: "An event's programme, by day: list and add items.",
        subcommands: [EventsAgendaListCommand.self, EventsAgendaAddCommand.self], defaultSubcommand: EventsAgendaListCommand.self)
}

struct EventsAgendaListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the agenda grouped by day.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let agenda = AgendaDays(try await client.agendas(eventID: event.id), timeZone: .current)
            if options.json {
                print(
                    JSONValue.array(agenda.days.map { day in ["day": .string(day.day), "items": .array(day.items.map(EventsJSON.agenda))] })
                        .serializedString())
                return
            }
            guard !agenda.days.isEmpty else {
                print("No agenda yet. Add an item with `hearth events agenda add <event> \"Welcome drinks\" --start 2026-06-14T15:00`.")
                return
            }
            for (index, day) in agenda.days.enumerated() {
                if index > 0 { print("") }
                print("\(day.day):")
                print(
                    TextTable(
                        headers: ["", "", ""],
                        rows: day.items.map { item in
                            let end = item.hasEndTime ? "–" + EventsDates.time(item.endTime) : ""
                            return ["  " + EventsDates.time(item.startTime) + end, item.title, item.hasNotes ? item.notes : ""]
                        }
                    ).rendered)
            }
        }
    }
}

struct EventsAgendaAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an agenda item.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "What happens.") var title: String
    @Option(help: ArgumentHelp("When it starts, e.g. 2026-06-14T15:00.", valueName: "time")) var start: String
    @Option(help: ArgumentHelp("When it ends (after the start).", valueName: "time")) var end: String?
    @Option(help: "Details.") var notes: String?

    func run() async throws {
        var request = Rushday_V1_CreateAgendaRequest()
        request.title = title
        request.startTime = try EventsDates.timestamp(start, option: "--start")
        if let end { request.endTime = try EventsDates.timestamp(end, option: "--end") }
        if let notes { request.notes = notes }
        try await EventsSession.run(options) { client, output in
            request.eventID = try await EventsLookup.event(self.event, client: client).id
            let item = try await client.createAgenda(request)
            try output.result("Added \"\(item.title)\" at \(EventsDates.show(item.startTime)).", json: EventsJSON.agenda(item))
        }
    }
}
