import ArgumentParser
import Foundation
import HearthCore
import KnotKit
import KnotRules

struct KnotVaultEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Create the partner profile (onboarding) or change it.",
        discussion: """
            The first time, give at least --partner-name, --birthday, five --interests, five \
            --dislikes, --vibes and --love-languages; budgets default to $20–$50 (just \
            because), $50–$150 (minor occasions) and $100–$500 (major milestones). Later, \
            give only what changes: the rest is kept. Or start from a JSON file (--file), \
            flags applying on top.

            Interests and dislikes come from: \(KnotVaultRules.interestCategories.joined(separator: ", ")).
            Vibes: \(KnotVaultRules.vibes.joined(separator: ", ")).
            Love languages: \(KnotVaultRules.loveLanguages.joined(separator: ", ")).
            """)

    @OptionGroup var options: KnotOptions
    @Option(help: ArgumentHelp("A JSON file with the profile's fields (partner_name, interests, dislikes, vibes, budgets, love_languages, milestones) to start from.", valueName: "file")) var file: String?
    @Option(name: .customLong("partner-name"), help: "Your partner's name.") var partnerName: String?
    @Option(name: .customLong("interests"), help: ArgumentHelp("Exactly five things they love, comma-separated.", valueName: "a,b,c,d,e"))
    var interests: String?
    @Option(name: .customLong("dislikes"), help: ArgumentHelp("Exactly five things they do not, comma-separated.", valueName: "a,b,c,d,e"))
    var dislikes: String?
    @Option(help: ArgumentHelp("One to eight vibes, comma-separated.", valueName: "vibe,…")) var vibes: String?
    @Option(name: .customLong("love-languages"), help: ArgumentHelp("Their primary and secondary love language.", valueName: "primary,secondary"))
    var loveLanguages: String?
    @Option(help: ArgumentHelp("Their birthday (the year is not kept).", valueName: "YYYY-MM-DD")) var birthday: String?
    @Option(help: ArgumentHelp("Your anniversary (the year is not kept).", valueName: "YYYY-MM-DD")) var anniversary: String?
    @Option(
        name: .customLong("budget"),
        help: ArgumentHelp(
            "A budget in whole dollars for one occasion type (just_because, minor_occasion, major_milestone); repeat for each.",
            valueName: "type=min-max"))
    var budgets: [String] = []
    @Option(name: .customLong("tenure-months"), help: "How many months you have been together.") var tenureMonths: Int64?
    @Option(help: ArgumentHelp("living_together, separate or long_distance.", valueName: "status")) var cohabitation: String?
    @Option(help: "Their city.") var city: String?
    @Option(help: "Their state or region.") var state: String?
    @Option(help: "Their country (default US).") var country: String?

    func run() async throws {
        try await KnotSession.run(options) { client, output in
            let existing = try await client.vault.current()
            var draft = try startingDraft(existing)
            try apply(to: &draft)
            let saved: (summary: VaultSummary, created: Bool)
            do {
                saved = try await client.vault.save(draft)
            } catch KnotError.invalid(let field, let message) {
                throw CommandError(Self.explain(field: field, message: message))
            }
            let verb = saved.created ? "Created" : "Updated"
            try output.result(
                "\(verb) \(saved.summary.partnerName)'s profile: \(saved.summary.interestsCount) interests, \(saved.summary.dislikesCount) dislikes, "
                    + Self.counted(saved.summary.vibesCount, "vibe") + ", " + Self.counted(saved.summary.milestonesCount, "milestone") + "."
                    + (saved.created ? " Next: add a hint with `hearth knot hints add \"…\"`, or run `hearth knot recommend`." : ""),
                json: ["created": .bool(saved.created), "vault": encoded(saved.summary)])
        }
    }

    private func startingDraft(_ existing: PartnerVault?) throws -> VaultDraft {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw CommandError("Cannot read \(file).") }
            do {
                return try JSONValueDecoder().decode(VaultDraft.self, from: Array(data))
            } catch {
                throw CommandError("\(file) does not hold a partner profile (see `hearth knot vault edit --help`): \(error)")
            }
        }
        return existing?.draft
            ?? VaultDraft(
                partnerName: "", interests: [], dislikes: [], vibes: [], loveLanguages: .init(primary: "", secondary: ""), milestones: [])
    }

    private func apply(to draft: inout VaultDraft) throws {
        if let partnerName { draft.partnerName = partnerName }
        if let interests { draft.interests = Self.list(interests) }
        if let dislikes { draft.dislikes = Self.list(dislikes) }
        if let vibes { draft.vibes = Self.list(vibes) }
        if let loveLanguages {
            let languages = Self.list(loveLanguages)
            guard languages.count == 2 else { throw CommandError("--love-languages takes two, primary first: quality_time,receiving_gifts") }
            draft.loveLanguages = .init(primary: languages[0], secondary: languages[1])
        }
        if let tenureMonths { draft.relationshipTenureMonths = tenureMonths }
        if let cohabitation { draft.cohabitationStatus = cohabitation }
        if let city { draft.locationCity = city }
        if let state { draft.locationState = state }
        if let country { draft.locationCountry = country }
        if let birthday { try Self.setYearly(&draft, type: "birthday", name: "\(draft.partnerName)'s Birthday", date: birthday, flag: "--birthday") }
        if let anniversary { try Self.setYearly(&draft, type: "anniversary", name: "Anniversary", date: anniversary, flag: "--anniversary") }
        for budget in budgets { try Self.setBudget(&draft, budget) }
    }

    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)" + (count == 1 ? "" : "s") }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Sets the date of the first milestone of `type`, or adds one; yearly dates keep only
    /// month and day (written with the year 2000, as the app does).
    static func setYearly(_ draft: inout VaultDraft, type: String, name: String, date: String, flag: String) throws {
        guard VaultValidation.isCalendarDate(date) else { throw CommandError("\(flag) takes a date such as 1990-03-20.") }
        // 2000 is a leap year, so 29 February stays a valid date.
        let yearly = "2000" + date.dropFirst(4)
        if let index = draft.milestones.firstIndex(where: { $0.milestoneType == type }) {
            draft.milestones[index].milestoneDate = yearly
        } else {
            draft.milestones.append(.init(milestoneType: type, milestoneName: name, milestoneDate: yearly, recurrence: "yearly"))
        }
    }

    /// `type=min-max` in whole currency units.
    static func setBudget(_ draft: inout VaultDraft, _ text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let range = parts.count == 2 ? parts[1].split(separator: "-").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) } : []
        guard parts.count == 2, range.count == 2 else { throw CommandError("--budget takes type=min-max in dollars, e.g. just_because=20-50") }
        let budget = VaultDraft.Budget(occasionType: parts[0], minAmount: range[0] * 100, maxAmount: range[1] * 100, currency: "USD")
        if let index = draft.budgets.firstIndex(where: { $0.occasionType == budget.occasionType }) {
            draft.budgets[index] = budget
        } else {
            draft.budgets.append(budget)
        }
    }

    /// A validation failure with the flag that fixes it.
    static func explain(field: String?, message: String) -> String {
        let flags = [
            "partner_name": "--partner-name", "interests": "--interests", "dislikes": "--dislikes", "vibes": "--vibes",
            "love_languages": "--love-languages", "milestones": "--birthday", "budgets": "--budget",
            "relationship_tenure_months": "--tenure-months", "cohabitation_status": "--cohabitation", "location_city": "--city",
            "location_state": "--state", "location_country": "--country",
        ]
        guard let field else { return message }
        let root = String(field.split(separator: ".").first ?? "")
        return "\(field): \(message)" + (flags[root].map { " (set it with \($0))" } ?? "")
    }
}
