import ArgumentParser
import Foundation
import HearthCore
import KnotKit

struct KnotVaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault", abstract: "Your partner's profile: what they like, their vibe, budgets and dates to remember.",
        subcommands: [Show.self, KnotVaultEditCommand.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the partner profile as the server has it.")

        @OptionGroup var options: KnotOptions

        func run() async throws {
            try await KnotSession.run(options) { client, output in
                guard let vault = try await client.vault.current() else {
                    throw CommandError("There is no partner profile yet. Create one with `hearth knot vault edit` (see --help).")
                }
                if output.json {
                    print(try JSONValueEncoder().encode(vault).serializedString())
                    return
                }
                print(KnotVaultText.describe(vault))
            }
        }
    }
}

/// How `vault show` writes a vault for people.
enum KnotVaultText {
    static func describe(_ vault: PartnerVault) -> String {
        var about = [String]()
        if let months = vault.relationshipTenureMonths { about.append("together \(months) months") }
        if let status = vault.cohabitationStatus { about.append(status.replacingOccurrences(of: "_", with: " ")) }
        let place = [vault.locationCity, vault.locationState, vault.locationCountry].compactMap { $0 }.joined(separator: ", ")
        if !place.isEmpty { about.append(place) }
        let languages = vault.loveLanguages.sorted { $0.priority < $1.priority }.map(\.language)
        var lines = [
            "Partner:        \(vault.partnerName)" + (about.isEmpty ? "" : " (\(about.joined(separator: "; ")))"),
            "Interests:      \(vault.interests.joined(separator: ", "))",
            "Dislikes:       \(vault.dislikes.joined(separator: ", "))",
            "Vibes:          \(vault.vibes.joined(separator: ", "))",
            "Love languages: \(languages.joined(separator: " (primary), "))",
            "Budgets:        " + vault.budgets.map { "\($0.occasionType) \(money($0.minAmount, $0.currency))–\(money($0.maxAmount, $0.currency))" }
                .joined(separator: ", "),
            "Milestones:",
        ]
        let rows = vault.milestones.map { [$0.id, $0.milestoneType, $0.milestoneName, $0.milestoneDate, $0.recurrence, $0.budgetTier] }
        lines.append(TextTable(headers: ["  id", "type", "name", "date", "recurrence", "budget"], rows: rows.map { ["  " + $0[0]] + $0.dropFirst() }).rendered)
        return lines.joined(separator: "\n")
    }

    /// Cents as `$20` or `$20.50` (other currencies by code: `20 EUR`).
    static func money(_ cents: Int64, _ currency: String?) -> String {
        let whole = cents / 100
        let rest = cents % 100
        let amount = rest == 0 ? "\(whole)" : "\(whole)." + (rest < 10 ? "0\(rest)" : "\(rest)")
        return (currency ?? "USD") == "USD" ? "$" + amount : "\(amount) \(currency ?? "")"
    }
}
