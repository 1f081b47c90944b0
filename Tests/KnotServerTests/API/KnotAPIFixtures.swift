import HearthCore
import HearthServer
import HearthStore
import HearthTesting

@testable import KnotServer

/// Request bodies and rows the Knot API tests share.
enum KnotAPIFixtures {
    /// The §5.2 example vault.
    static let vault: JSONValue = [
        "partner_name": "Alex",
        "relationship_tenure_months": 30,
        "cohabitation_status": "living_together",
        "location_city": "Austin", "location_state": "TX", "location_country": "US",
        "interests": ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
        "dislikes": ["Sports", "Comedy", "Movies", "Theater", "Dancing"],
        "vibes": ["romantic", "minimalist"],
        "budgets": [
            ["occasion_type": "just_because", "min_amount": 2000, "max_amount": 5000, "currency": "USD"],
            ["occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000, "currency": "USD"],
            ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000, "currency": "USD"],
        ],
        "love_languages": ["primary": "quality_time", "secondary": "receiving_gifts"],
        "milestones": [
            [
                "milestone_type": "birthday", "milestone_name": "Alex's Birthday", "milestone_date": "2000-03-20",
                "recurrence": "yearly", "budget_tier": nil,
            ],
            [
                "milestone_type": "holiday", "milestone_name": "Valentine's Day", "milestone_date": "2000-02-14",
                "recurrence": "yearly", "budget_tier": "major_milestone",
            ],
        ],
    ]

    /// `vault` with `key` set to `value` (`nil` removes it).
    static func vault(_ key: String, _ value: JSONValue?) -> JSONValue {
        var body = vault
        body[key] = value
        if value == nil, case .object(var members) = body {
            members.removeValue(forKey: key)
            body = .object(members)
        }
        return body
    }

    /// `vault` with milestone `index`'s `key` set to `value` (`nil` removes it).
    static func vault(milestone index: Int, _ key: String, _ value: JSONValue?) -> JSONValue {
        guard var milestones = vault["milestones"]?.arrayValue, case .object(var members) = milestones[index] else { return vault }
        if let value { members[key] = value } else { members.removeValue(forKey: key) }
        milestones[index] = .object(members)
        return Self.vault("milestones", .array(milestones))
    }

    /// An account and its profile row, written directly (what sign-up does), for storage
    /// tests that run without the HTTP server.
    static func insertUser(
        _ id: String, email: String, on database: any HearthDatabase,
        at now: Timestamp = Timestamp(millisecondsSince1970: 1_790_000_000_000)
    ) async throws {
        try await database.transaction { sql in
            try await sql.execute(
                """
                INSERT INTO knot_auth_users (id, email, app_metadata, user_metadata, is_anonymous, created_at, updated_at)
                VALUES (?, ?, '{}', '{}', 0, ?, ?)
                """, [.text(id), .text(email), SQLValue(now), SQLValue(now)])
            try await sql.execute(
                """
                INSERT INTO knot_users (id, email, quiet_hours_start, quiet_hours_end, timezone, notifications_enabled, created_at, updated_at)
                VALUES (?, ?, 22, 8, NULL, 1, ?, ?)
                """, [.text(id), .text(email), SQLValue(now), SQLValue(now)])
        }
    }

    /// A validated vault input from a JSON body.
    static func input(_ body: JSONValue = vault) throws -> VaultInput { try VaultInput(try BodyFields(body)) }

    /// A fresh migrated database holding Knot's tables.
    static func withDatabase<T: Sendable>(_ engine: TestEngine, _ body: (any HearthDatabase) async throws -> T) async throws -> T {
        try await TestDatabase.with(engine, migrations: KnotMigrations.all, body)
    }
}

extension JSONValue {
    /// This object with `key` set to `value`.
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        var copy = self
        copy[key] = value
        return copy
    }
}
