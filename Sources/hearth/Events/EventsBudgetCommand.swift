import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsBudgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget", abstract: "An event's money: the planned budget, expenses and payments.",
        discussion: """
            Amounts are in the event's currency with its decimals: "45.50" is 45 dollars 50 \
            cents for USD. Example: hearth events budget planned <event> 1500 --currency EUR; \
            hearth events budget expense <event> "Cake" 45.50 --category cake_desserts; \
            hearth events budget pay <event> Cake 20.
            """,
        subcommands: [EventsBudgetShowCommand.self, EventsBudgetExpenseCommand.self, EventsBudgetPayCommand.self, EventsBudgetPlannedCommand.self],
        defaultSubcommand: EventsBudgetShowCommand.self)

    /// The event's currency, for reading and writing amounts.
    static func currency(of eventID: String, client: RushDayClient) async throws -> Rushday_V1_EventBudget {
        try await client.eventBudget(eventID: eventID)
    }

    static func amount(_ text: String, currency: String) throws -> Int64 {
        guard let amount = Money.parse(text, currencyCode: currency) else {
            let example = Money.exponent(of: currency) == 0 ? "1500" : "12.50"
            throw CommandError("'\(text)' is not an amount in \(currency); write it like \(example).")
        }
        return amount
    }
}

struct EventsBudgetShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "The planned budget, every expense and what is paid.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let planned = try await client.eventBudget(eventID: event.id)
            let summary = BudgetSummary(budgets: try await client.budgets(eventID: event.id).budgets, eventBudget: planned)
            if options.json {
                print(EventsJSON.budget(summary).serializedString())
                return
            }
            let money = { (amount: Int64) in Money.display(amount, currencyCode: summary.currencyCode, symbol: planned.currencySymbol) }
            print(summary.isPlannedSet ? "Planned budget: \(money(summary.planned))" : "No planned budget yet (set one with `hearth events budget planned`).")
            if !summary.lines.isEmpty {
                print("")
                print(
                    TextTable(
                        headers: ["#", "EXPENSE", "CATEGORY", "TOTAL", "PAID", "STATUS"],
                        rows: summary.lines.enumerated().map { index, line in
                            [String(index + 1), line.title, line.category, money(line.total), money(line.paid), EventsText.payment(line.status)]
                        }
                    ).rendered)
            }
            print("")
            print("Expenses \(money(summary.totalExpenses)), paid \(money(summary.totalPaid)), still to pay \(money(summary.outstanding)).")
            if summary.isPlannedSet {
                print(summary.isOverBudget ? "Over budget by \(money(-summary.remaining))." : "Left in the budget: \(money(summary.remaining)).")
            }
        }
    }
}

struct EventsBudgetExpenseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "expense", abstract: "Add an expense.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "What it is for.") var title: String
    @Argument(help: "What it costs, e.g. 45.50.") var amount: String
    @Option(help: "A category key, e.g. venue_rental, food_catering, decorations, photo_video, cake_desserts.") var category: String?
    @Option(help: "Details.") var notes: String?

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let currency = try await EventsBudgetCommand.currency(of: event.id, client: client).currencyCode
            var request = Rushday_V1_CreateBudgetRequest()
            request.eventID = event.id
            request.title = title
            request.totalAmount = try EventsBudgetCommand.amount(amount, currency: currency)
            if let category { request.category = category }
            if let notes { request.notes = notes }
            let budget = try await client.createBudget(request)
            try output.result(
                "Added \"\(budget.title)\": \(EventsText.money(budget.totalAmount, currency)).",
                json: ["id": .string(budget.id), "title": .string(budget.title), "total": .int(budget.totalAmount)])
        }
    }
}

struct EventsBudgetPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay", abstract: "Record a payment towards an expense (or remove the last one with --undo).")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The expense: its number in `budget show`, id, or title.") var expense: String
    @Argument(help: "How much was paid, e.g. 20 (not with --undo).") var amount: String?
    @Flag(help: "Remove the most recent payment instead.") var undo = false

    func run() async throws {
        if !undo && amount == nil { throw CommandError("Say how much was paid, e.g. `hearth events budget pay <event> Cake 20`.") }
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let currency = try await EventsBudgetCommand.currency(of: event.id, client: client).currencyCode
            let budgets = try await client.budgets(eventID: event.id).budgets
            let line = try EventsLookup.pick(
                expense, among: budgets, id: \.id, name: \.title, kind: "expense", hint: "`hearth events budget show <event>`")
            let updated: Rushday_V1_Budget
            if undo {
                updated = try await client.removePayment(budgetID: line.id)
            } else {
                updated = try await client.addPayment(budgetID: line.id, amount: try EventsBudgetCommand.amount(amount ?? "", currency: currency))
            }
            try output.result(
                "\"\(updated.title)\": paid \(EventsText.money(updated.paidAmount, currency)) of \(EventsText.money(updated.totalAmount, currency)) (\(EventsText.payment(updated.paymentStatus))).",
                json: [
                    "id": .string(updated.id), "total": .int(updated.totalAmount), "paid": .int(updated.paidAmount),
                    "status": .string(EventsText.payment(updated.paymentStatus)),
                ])
        }
    }
}

struct EventsBudgetPlannedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "planned", abstract: "Set the event's planned total budget.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The budget, e.g. 1500 or 1500.00.") var amount: String
    @Option(help: "Its currency code, e.g. EUR (default: keep the event's).") var currency: String?

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let code: String
            if let currency { code = currency.uppercased() } else { code = try await EventsBudgetCommand.currency(of: event.id, client: client).currencyCode }
            let budget = try await client.setPlannedBudget(
                eventID: event.id, amount: try EventsBudgetCommand.amount(amount, currency: code), currencyCode: currency?.uppercased() ?? "")
            try output.result(
                "Planned budget of \"\(event.name)\": \(Money.display(budget.plannedBudget, currencyCode: budget.currencyCode, symbol: budget.currencySymbol)).",
                json: ["planned": .int(budget.plannedBudget), "currency_code": .string(budget.currencyCode), "remaining": .int(budget.remaining)])
        }
    }
}
