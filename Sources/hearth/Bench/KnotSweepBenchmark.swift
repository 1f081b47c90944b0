import Foundation
import HearthCore
import HearthServer
import HearthStore
import KnotServer
import Logging
import NIOPosix

/// The daily `milestone.sweep` of `hearth bench knot` (spec §8.2, §9.3): `vaults` users,
/// each with a vault and two yearly milestones, written straight into the database with
/// SQL, then the sweep job run twice through Knot's own job definition — the first run
/// queues the 14/7/3-day reminders, the second finds them all there and adds nothing.
struct KnotSweepBenchmark {
    struct Result: Encodable, Sendable {
        var vaults: Int
        var milestones: Int
        var seedSeconds: Double
        var firstRunSeconds: Double
        var firstRunRemindersAdded: Int
        var secondRunSeconds: Double
        var secondRunRemindersAdded: Int
    }

    /// Users written per transaction while seeding.
    static let usersPerTransaction = 500

    let database: any HearthDatabase
    let vaults: Int
    let logger: Logger

    func run() async throws -> Result {
        let seed = try await timed { try await self.seed() }
        let sweep = try await sweepJob()
        var added: [Int] = []
        var seconds: [Double] = []
        for _ in 0..<2 {
            let before = try await reminders()
            let time = try await timed {
                try await sweep.run(JobContext(id: UUID().uuidString.lowercased(), app: KnotApp.appName, kind: sweep.kind, payload: [:], attempt: 1))
            }
            seconds.append(time.seconds)
            added.append(try await reminders() - before)
        }
        return Result(
            vaults: vaults, milestones: vaults * 2, seedSeconds: seed.seconds, firstRunSeconds: seconds[0],
            firstRunRemindersAdded: added[0], secondRunSeconds: seconds[1], secondRunRemindersAdded: added[1])
    }

    /// Knot's `milestone.sweep` definition, from a platform over the benchmark database
    /// that serves nothing (its job runner does not run; the job is called directly).
    private func sweepJob() async throws -> JobDefinition {
        var configuration = ServerConfiguration()
        configuration.rootApp = KnotApp.appName
        var secret = [UInt8](repeating: 0, count: 32)
        for index in secret.indices { secret[index] = UInt8.random(in: 0...255) }
        let app = KnotApp()
        let platform = try HearthPlatform(
            configuration: configuration, database: database, available: [app], secret: secret, threadPool: .singleton, logger: logger)
        try await platform.migrate()
        let services = await platform.services(for: app)
        guard let sweep = app.jobs(services: services).first(where: { $0.kind == "milestone.sweep" }) else {
            throw CommandError("Knot has no milestone.sweep job")
        }
        return sweep
    }

    private func reminders() async throws -> Int {
        let row = try await database.read { sql in try await sql.queryFirst("SELECT COUNT(*) AS n FROM knot_notification_queue") }
        return Int(try row?.int("n") ?? 0)
    }

    /// The users, their profiles, vaults and milestones, in the column lists of Knot's
    /// migrations; what sign-up and `POST /api/v1/vault` would write, minus the vault's
    /// other parts (the sweep reads none of them).
    private func seed() async throws {
        let now = SystemWallClock().now
        var progress = Progress(label: "writing vaults", total: vaults)
        var start = 0
        while start < vaults {
            let numbers = start..<min(start + Self.usersPerTransaction, vaults)
            let statements = Self.statements(for: numbers, now: now)
            try await database.transaction { sql in
                for statement in statements { try await sql.execute(statement.sql, statement.arguments) }
            }
            start = numbers.upperBound
            progress.update(start)
        }
    }

    static func statements(for numbers: Range<Int>, now: Timestamp) -> [SQLStatement] {
        let stamp = SQLValue(now)
        var authUsers: [[SQLValue]] = []
        var users: [[SQLValue]] = []
        var vaultRows: [[SQLValue]] = []
        var milestones: [[SQLValue]] = []
        for number in numbers {
            let user = id(0x4B01, number)
            let vault = id(0x4B02, number)
            let email = SQLValue.text("sweep-\(number)@bench.example")
            authUsers.append([
                .text(user), email, .null, stamp, .null, .null,
                .text(#"{"provider":"email","providers":["email"]}"#), .text("{}"), .integer(0), stamp, stamp,
            ])
            users.append([.text(user), email, .integer(22), .integer(8), .null, .integer(1), stamp, stamp])
            vaultRows.append([
                .text(vault), .text(user), .text("Partner \(number)"), .integer(Int64(12 + number % 120)), .text("living_together"),
                .text(cities[number % cities.count]), .null, .text("US"), stamp, stamp,
            ])
            // Dates spread over the year, so some reminders are already past (skipped) and
            // the rest fall on many different days.
            let birthday = String(format: "2000-%02d-%02d", 1 + number % 12, 1 + (number / 12) % 28)
            let anniversary = String(format: "2000-%02d-%02d", 1 + (number * 7) % 12, 1 + (number * 13) % 28)
            milestones.append([
                .text(id(0x4B03, number)), .text(vault), .text("birthday"), .text("Partner \(number)'s Birthday"), .text(birthday),
                .text("yearly"), .text("major_milestone"), .integer(0), stamp,
            ])
            milestones.append([
                .text(id(0x4B04, number)), .text(vault), .text("anniversary"), .text("Our Anniversary"), .text(anniversary),
                .text("yearly"), .text("major_milestone"), .integer(1), stamp,
            ])
        }
        return SQLStatement.inserting(
            authUsers,
            """
            INSERT INTO knot_auth_users (id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, last_sign_in_at,
                app_metadata, user_metadata, is_anonymous, created_at, updated_at) VALUES
            """, suffix: "")
            + SQLStatement.inserting(
                users,
                """
                INSERT INTO knot_users (id, email, quiet_hours_start, quiet_hours_end, timezone, notifications_enabled, created_at,
                    updated_at) VALUES
                """, suffix: "")
            + SQLStatement.inserting(
                vaultRows,
                """
                INSERT INTO knot_partner_vaults (id, user_id, partner_name, relationship_tenure_months, cohabitation_status,
                    location_city, location_state, location_country, created_at, updated_at) VALUES
                """, suffix: "")
            + SQLStatement.inserting(
                milestones,
                """
                INSERT INTO knot_partner_milestones (id, vault_id, milestone_type, milestone_name, milestone_date, recurrence,
                    budget_tier, position, created_at) VALUES
                """, suffix: "")
    }

    static let cities = ["New York", "Austin", "Chicago", "Seattle", "Denver", "Boston", "Miami", "Portland"]

    /// A lowercase UUID, distinct per kind and number.
    static func id(_ kind: Int, _ number: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", kind, number)
    }
}
