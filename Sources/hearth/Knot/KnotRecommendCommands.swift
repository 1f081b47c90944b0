import ArgumentParser
import Foundation
import HearthCore
import KnotKit

extension OccasionType: ExpressibleByArgument {}
extension RejectionReason: ExpressibleByArgument {}
extension FeedbackAction: ExpressibleByArgument {}

struct KnotRecommendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend", abstract: "Three gift and date ideas that fit your partner.",
        discussion: """
            Priced by the occasion's budget. For a milestone of the profile, give its id (see \
            `hearth knot vault`) and the occasion it calls for. Not what you wanted? `hearth \
            knot refresh --reason …` replaces these three.
            """)

    @OptionGroup var options: KnotOptions
    @Option(help: "just_because, minor_occasion or major_milestone.") var occasion: OccasionType = .justBecause
    @Option(help: ArgumentHelp("Ideas for this milestone of the profile.", valueName: "id")) var milestone: String?

    func run() async throws {
        try await KnotSession.run(options) { client, output in
            let set = try await client.recommendations.generate(occasion: occasion, milestoneID: milestone)
            try LastRecommendations.remember(set, options)
            try KnotRecommendationText.print(set, output)
        }
    }
}

struct KnotRefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Replace recommendations you did not like, saying why.",
        discussion: """
            Reasons: too_expensive (nothing as pricey), too_cheap, not_their_style, \
            already_have_similar, show_different. Without ids it replaces what the last \
            `recommend` or `refresh` of this profile showed.
            """)

    @OptionGroup var options: KnotOptions
    @Option(help: "Why they missed the mark.") var reason: RejectionReason
    @Argument(help: "The recommendations to replace (default: the last ones shown).") var ids: [String] = []

    func run() async throws {
        let rejected = ids.isEmpty ? LastRecommendations.load(options) : ids
        guard !rejected.isEmpty else { throw CommandError("Nothing to replace: run `hearth knot recommend` first, or name the ids.") }
        try await KnotSession.run(options) { client, output in
            let set = try await client.recommendations.refresh(rejecting: rejected, reason: reason)
            try LastRecommendations.remember(set, options)
            try KnotRecommendationText.print(set, output)
        }
    }
}

struct KnotFeedbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedback", abstract: "Tell Knot what you did with a recommendation; it learns from it.",
        discussion: """
            Actions: selected, saved (also kept on this machine, see `hearth knot saved`), \
            shared, rated (with --rating 1–5), handoff, purchased.
            """)

    @OptionGroup var options: KnotOptions
    @Argument(help: "The recommendation's id.") var id: String
    @Option(help: "What you did.") var action: FeedbackAction
    @Option(help: "Stars, 1–5 (required with --action rated).") var rating: Int?
    @Option(help: "A note, up to 2000 characters.") var text: String?

    func run() async throws {
        try await KnotSession.run(options) { client, output in
            if action == .saved && rating == nil && text == nil {
                let saved = try await client.saved.save(id: id)
                try output.result("Saved \"\(saved.title)\"; see it with `hearth knot saved`.", json: encoded(saved))
                return
            }
            let receipt = try await client.recommendations.feedback(id, action: action, rating: rating, text: text)
            try output.result("Recorded '\(receipt.action.rawValue)' for \(receipt.recommendationID).", json: encoded(receipt))
        }
    }
}

struct KnotSavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "The recommendations you saved (kept on this machine; works offline).")

    @OptionGroup var options: KnotOptions

    func run() async throws {
        let store = JSONFileSavedRecommendationStore(path: options.profileDirectory + "/saved-recommendations.json")
        let saved = try store.load()
        try CommandOutput(json: options.json).table(
            ["id", "type", "title", "price", "link"],
            saved.map { item in
                [item.id, item.recommendationType, item.title, item.priceCents.map { KnotVaultText.money($0, item.currency) } ?? "", item.externalURL ?? ""]
            },
            json: encoded(saved), empty: "Nothing saved yet. Save an idea with `hearth knot feedback <id> --action saved`.")
    }
}

/// How recommendations are shown.
enum KnotRecommendationText {
    static func print(_ set: RecommendationSet, _ output: CommandOutput) throws {
        try output.table(
            ["id", "type", "title", "price", "merchant", "link"],
            set.recommendations.map { item in
                [item.id, item.recommendationType, item.title, item.priceCents.map { KnotVaultText.money($0, item.currency) } ?? "",
                 item.merchantName ?? "", item.externalURL]
            },
            json: encoded(set), empty: "No recommendations.")
    }
}
