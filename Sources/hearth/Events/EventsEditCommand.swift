import ArgumentParser
import Foundation
import RushDayKit
import RushDayProto

struct EventsEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an event; what you do not mention stays as it is.",
        discussion: "Example: hearth events edit \"Garden party\" --venue \"The park\" --end 2026-06-14T21:00. Moving to drafts and back (--draft, --publish) is for the owner.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Option(help: "A new name.") var name: String?
    @Option(help: ArgumentHelp("A new start: 2026-06-14 (all day) or 2026-06-14T15:00.", valueName: "date")) var date: String?
    @Option(help: ArgumentHelp("A new end.", valueName: "date")) var end: String?
    @Flag(name: .customLong("clear-end"), help: "Remove the end date.") var clearEnd = false
    @Option(help: "A new type id, e.g. birthday.") var type: String?
    @Option(help: "A new venue (\"\" removes it).") var venue: String?
    @Option(help: "A new idea (\"\" removes it).") var idea: String?
    @Option(help: "A new theme (\"\" removes it).") var theme: String?
    @Option(help: "A new invitation text (\"\" removes it).") var message: String?
    @Option(help: ArgumentHelp("A new cover image URL (\"\" removes it).", valueName: "url")) var image: String?
    @Flag(name: .customLong("all-day"), inversion: .prefixedNo, help: "Make it an all-day event, or not.") var allDay: Bool?
    @Flag(help: "Move it to your drafts.") var draft = false
    @Flag(help: "Take it out of your drafts.") var publish = false

    func validate() throws {
        if draft && publish { throw ValidationError("Pass --draft or --publish, not both.") }
        if clearEnd && end != nil { throw ValidationError("Pass --end or --clear-end, not both.") }
    }

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let current = try await EventsLookup.event(self.event, client: client)
            let request = try changes(to: current)
            let updated = try await client.updateEvent(request)
            try output.result("Updated \"\(updated.name)\".", json: EventsJSON.event(updated))
        }
    }

    func changes(to current: Rushday_V1_Event) throws -> Rushday_V1_UpdateEventRequest {
        var request = Rushday_V1_UpdateEventRequest(keeping: current)
        if let name { request.name = name }
        if let date {
            let start = try EventsDates.parse(date, option: "--date")
            request.date = .init(date: start.date)
            if start.allDay && allDay == nil { request.isAllDay = true }
        }
        if let end { request.endDate = try EventsDates.timestamp(end, option: "--end") }
        if clearEnd { request.clearEndDate() }
        if let type { request.type = type }
        if let venue { if venue.isEmpty { request.clearVenue() } else { request.venue = venue } }
        if let idea { if idea.isEmpty { request.clearCustomIdea() } else { request.customIdea = idea } }
        if let theme { request.themeIdea = theme }
        if let message { if message.isEmpty { request.clearInviteMessage() } else { request.inviteMessage = message } }
        if let image { if image.isEmpty { request.clearImage() } else { request.image = image } }
        if let allDay { request.isAllDay = allDay }
        if draft { request.isDraft = true }
        if publish { request.isDraft = false }
        return request
    }
}
