import Foundation

/// The tables behind ``TicketmasterClient`` (spec §10.2, Ticketmaster).
enum TicketmasterMappings {
    /// A Discovery API classification filter: a genre (`genreId`) or, where Ticketmaster
    /// has no single genre for the interest, a whole segment (`segmentId`).
    struct Classification: Sendable, Hashable {
        enum Level: String, Sendable, Hashable {
            case genre = "genreId"
            case segment = "segmentId"
        }

        var name: String
        var level: Level
        var id: String
    }

    /// `INTEREST_TO_TM_GENRE`, 8 interests. Music's id `KnvZfZ7vAeA` is the spec's [FACT];
    /// the others come from Ticketmaster's public classification list (genres Theatre,
    /// Comedy, Dance/Electronic, Family; segments Sports and Film, which have no single
    /// genre covering them).
    static let interestToGenre: [String: Classification] = [
        "Concerts": music,
        "Music": music,
        "Theater": Classification(name: "Arts & Theatre", level: .genre, id: "KnvZfZ7v7l1"),
        "Sports": Classification(name: "Sports", level: .segment, id: "KZFzniwnSyZfZ7v7nE"),
        "Comedy": Classification(name: "Comedy", level: .genre, id: "KnvZfZ7vAe1"),
        "Dancing": Classification(name: "Dance/Electronic", level: .genre, id: "KnvZfZ7vAvF"),
        "Movies": Classification(name: "Film", level: .segment, id: "KZFzniwnSyZfZ7v7nn"),
        "Family": Classification(name: "Family", level: .genre, id: "KnvZfZ7vA1n"),
    ]

    static let music = Classification(name: "Music", level: .genre, id: "KnvZfZ7vAeA")

    /// The classifications of the vault's interests, in interest order, without repeats.
    static func classifications(for interests: [String]) -> [(interest: String, classification: Classification)] {
        var seen = Set<Classification>()
        return interests.compactMap { interest in
            guard let classification = interestToGenre[interest], seen.insert(classification).inserted else { return nil }
            return (interest, classification)
        }
    }

    /// Country codes Ticketmaster spells differently from the vault (`UK` → `GB`).
    static func countryCode(_ country: String?) -> String? {
        guard let code = country?.trimmingCharacters(in: .whitespaces).uppercased(), code.count == 2 else { return nil }
        return code == "UK" ? "GB" : code
    }
}
