import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsPlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Let the planner suggest plans for a new event, then create the event from one.",
        discussion: """
            Streams the planner's progress, lists its plans (budget, balanced, premium), and \
            creates the event from the one you --pick (default: the recommended one) with \
            its tasks, agenda and expenses. --show-only lists the plans and stops. Example:
              hearth events plan --type birthday --guests small --date 2026-06-14T15:00 \\
                  --name "Ann's 30th" --budget standard --services catering,photo_video
            """)

    @OptionGroup var options: EventsOptions
    @Option(help: "birthday, wedding, business, baby_shower, graduation, engagement, anniversary or other.") var type: String = "other"
    @Option(help: "The event's name (default: the plan's title).") var name: String?
    @Option(help: ArgumentHelp("When it starts, e.g. 2026-06-14T15:00.", valueName: "date")) var date: String
    @Option(help: ArgumentHelp("When it ends.", valueName: "date")) var end: String?
    @Option(help: "intimate (≤10), small (11–30), medium (31–75), large (76–150), massive, or a number.") var guests: String = "small"
    @Option(help: "Where, e.g. a town or an address.") var location: String?
    @Option(help: "indoor, outdoor, home or hotel.") var venue: String?
    @Option(help: "economy, standard, premium or luxury; or an amount such as 1500.") var budget: String = "standard"
    @Option(help: "The currency of amounts, e.g. EUR (default: your account's).") var currency: String?
    @Option(help: "Comma-separated: catering, decoration, entertainment, photo_video, invitations, transport.") var services: String?
    @Option(help: "What you have in mind, in your own words.") var preferences: String?
    @Option(help: "Which plan to create, by its number in the list.") var pick: Int?
    @Flag(name: .customLong("show-only"), help: "List the plans without creating an event.") var showOnly = false

    func run() async throws {
        let request = try makeRequest()
        let json = options.json
        try await EventsSession.run(options) { client, output in
            let bar = PlanProgressBar(enabled: !json)
            let generation = try await client.generatePlans(request) { bar.show($0) }
            bar.finish()
            guard !generation.plans.isEmpty else { throw CommandError("The planner found no plans; change the budget or the guest count and try again.") }
            let money = { (range: Rushday_V1_BudgetRange) in
                "\(EventsText.money(range.minAmount, range.currencyCode))–\(EventsText.money(range.maxAmount, range.currencyCode))"
            }
            if !json {
                print(
                    TextTable(
                        headers: ["#", "PLAN", "MATCH", "ESTIMATE"],
                        rows: generation.plans.enumerated().map { index, plan in
                            [String(index + 1), plan.title, "\(plan.matchScore)%", money(plan.estimatedBudget)]
                        }
                    ).rendered)
            }
            let plans: JSONValue = .array(
                generation.plans.map {
                    ["id": .string($0.id), "title": .string($0.title), "match_score": .int(Int64($0.matchScore)),
                     "min_amount": .int($0.estimatedBudget.minAmount), "max_amount": .int($0.estimatedBudget.maxAmount),
                     "currency_code": .string($0.estimatedBudget.currencyCode)]
                })
            if showOnly {
                if json { print(JSONValue.object(["generation_id": .string(generation.generationID), "plans": plans]).serializedString()) }
                return
            }
            let chosen = try choose(generation.plans)
            let details = try await client.planDetails(generationID: generation.generationID, planID: chosen.id)
            var create = Rushday_V1_CreateEventFromPlanRequest()
            create.generationID = generation.generationID
            create.planID = chosen.id
            if let name { create.name = name }
            create.selectedTaskIds = details.suggestedTasks.map(\.id)
            create.includeAgenda = true
            create.includeExpenses = true
            let created = try await client.createEventFromPlan(create)
            if json {
                print(
                    JSONValue.object([
                        "generation_id": .string(generation.generationID), "plans": plans, "chosen": .string(chosen.id),
                        "event": EventsJSON.event(created.event), "tasks_created": .int(Int64(created.tasksCreated)),
                        "agenda_items_created": .int(Int64(created.agendaItemsCreated)), "expenses_created": .int(Int64(created.expensesCreated)),
                    ]).serializedString())
            } else {
                print(
                    "\nCreated \"\(created.event.name)\" from \"\(chosen.title)\" with \(created.tasksCreated) tasks, \(created.agendaItemsCreated) agenda items and \(created.expensesCreated) expenses (id \(created.eventID))."
                )
            }
        }
    }

    func choose(_ plans: [Rushday_V1_EventPlanSummary]) throws -> Rushday_V1_EventPlanSummary {
        if let pick {
            guard plans.indices.contains(pick - 1) else { throw CommandError("--pick must be between 1 and \(plans.count).") }
            return plans[pick - 1]
        }
        return plans.first { $0.tier == .aiRecommended } ?? plans[0]
    }

    func makeRequest() throws -> Rushday_V1_GenerateEventPlansRequest {
        var request = Rushday_V1_GenerateEventPlansRequest()
        let types: [String: Rushday_V1_AIEventType] = [
            "birthday": .birthday, "wedding": .wedding, "business": .business, "corporate": .business, "baby_shower": .babyShower,
            "graduation": .graduation, "engagement": .engagement, "anniversary": .anniversary, "other": .other,
        ]
        if let known = types[type.lowercased()] {
            request.eventType = known
        } else {
            request.eventType = .other
            request.customEventType = type
        }
        let ranges: [String: Rushday_V1_GuestCountRange] = [
            "intimate": .intimate, "small": .small, "medium": .medium, "large": .large, "massive": .massive,
        ]
        if let range = ranges[guests.lowercased()] {
            request.guestRange = range
        } else if let count = Int32(guests), count > 0 {
            request.customGuestCount = count
        } else {
            throw CommandError("--guests: use intimate, small, medium, large, massive or a number.")
        }
        if let name { request.eventName = name }
        request.startDate = try EventsDates.timestamp(date, option: "--date")
        if let end { request.endDate = try EventsDates.timestamp(end, option: "--end") }
        if let location { request.venueLocation = location }
        if let venue {
            let venues: [String: Rushday_V1_VenueType] = ["indoor": .indoorVenue, "outdoor": .outdoorSpace, "home": .atHome, "hotel": .hotel]
            guard let parsed = venues[venue.lowercased()] else { throw CommandError("--venue: use indoor, outdoor, home or hotel.") }
            request.venueType = parsed
        } else {
            request.venueSkipped = location == nil
        }
        let tiers: [String: Rushday_V1_BudgetTier] = ["economy": .economy, "standard": .standard, "premium": .premium, "luxury": .luxury]
        if let tier = tiers[budget.lowercased()] {
            request.budgetTier = tier
        } else {
            let code = (currency ?? "USD").uppercased()
            guard let amount = Money.parse(budget, currencyCode: code), amount > 0 else {
                throw CommandError("--budget: use economy, standard, premium, luxury or an amount such as 1500.")
            }
            request.customBudgetAmount = amount
        }
        if let currency { request.currencyCode = currency.uppercased() }
        let kinds: [String: Rushday_V1_ServiceType] = [
            "catering": .catering, "decoration": .decoration, "entertainment": .entertainment, "photo_video": .photoVideo,
            "invitations": .invitations, "transport": .transport,
        ]
        if let services {
            for service in services.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !service.isEmpty {
                if let kind = kinds[service] { request.selectedServices.append(kind) } else { request.customService = service }
            }
        } else {
            request.servicesSkipped = true
        }
        if let preferences { request.preferencesText = preferences } else { request.preferencesSkipped = true }
        request.includeTasks = true
        request.includeAgenda = true
        request.includeVendors = true
        return request
    }
}

/// `[#######-------------]  35%  creating program` on standard error, redrawn in place.
final class PlanProgressBar: Sendable {
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: Rushday_V1_GenerationProgress) {
        guard enabled else { return }
        let percent = Int(max(0, min(100, progress.percentage)))
        let filled = percent / 5
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
        let label = progress.message.isEmpty ? progress.step.replacingOccurrences(of: "_", with: " ") : progress.message
        FileHandle.standardError.write(Data("\r[\(bar)] \(String(percent).leftPadded(3))%  \(label)\u{1B}[K".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
