import Foundation
import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Hummingbird
import Synchronization
import KnotRules

@testable import KnotServer

/// A Knot server whose jobs the test runs itself (`jobWorkers = 0`, so the server's own
/// runner never races the test), with the app's components at hand.
struct KnotReminderHarness: Sendable {
    let server: TestServer
    let components: KnotComponents
    let runner: JobRunner
    let clock: ManualWallClock

    var database: any HearthDatabase { server.platform.database }

    static func run<T: Sendable>(
        engine: TestEngine, at now: Timestamp, settings: KnotSettings = .behaviouralTestDefaults,
        collaborators: KnotCollaborators = KnotCollaborators(), _ body: @Sendable (KnotReminderHarness) async throws -> T
    ) async throws -> T {
        let clock = ManualWallClock(now)
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = KnotApp.appName
        configuration.jobWorkers = 0
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("knot-reminders-\(UUID().uuidString)").path
        configuration.dataDirectory = directory
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = KnotApp(settings: settings, collaborators: collaborators)
        return try await TestServer.run(engine: engine, apps: [app], configuration: configuration, clock: clock) { server in
            let services = await server.platform.services(for: app)
            let definitions = Dictionary(
                uniqueKeysWithValues: app.jobs(services: services).map { (JobRunner.key(app: app.name, kind: $0.kind), $0) })
            let runner = JobRunner(
                database: server.platform.database, definitions: definitions, clock: clock, metrics: ServerMetrics(),
                logger: .quietTestLogger)
            return try await body(KnotReminderHarness(server: server, components: app.components(services), runner: runner, clock: clock))
        }
    }

    /// The user's reminder rows, oldest due first: `(days_before, scheduled_for, status)`.
    func reminders(of user: KnotTestUser) async throws -> [(daysBefore: Int64, scheduledFor: Timestamp, status: String, id: String)] {
        try await database.read { sql in
            try await sql.query(
                "SELECT id, days_before, scheduled_for, status FROM knot_notification_queue WHERE user_id = ? ORDER BY scheduled_for",
                [.text(user.userID)])
        }.map { (try $0.int("days_before"), try $0.timestamp("scheduled_for"), try $0.string("status"), try $0.string("id")) }
    }

    /// Knot's jobs of `kind`: `(kind, status, run_at, dedup_key)`, by run time.
    func jobs(kind: String = ReminderQueue.processKind) async throws -> [(kind: String, status: String, runAt: Timestamp, dedupKey: String?)] {
        try await database.read { sql in
            try await sql.query(
                "SELECT kind, status, run_at, dedup_key FROM hearth_jobs WHERE app = 'knot' AND kind = ? ORDER BY run_at, kind", [.text(kind)])
        }.map { (try $0.string("kind"), try $0.string("status"), try $0.timestamp("run_at"), try $0.optionalString("dedup_key")) }
    }
}

/// A push sender that keeps what it was given and answers "delivered".
final class RecordingPushSender: PushSender {
    let sent = Mutex<[PushNotification]>([])

    func send(_ notification: PushNotification) async throws -> PushResult {
        sent.withLock { $0.append(notification) }
        return .delivered(id: "recorded")
    }

    var notifications: [PushNotification] { sent.withLock { $0 } }
}

/// Reminder tests' fixtures: a vault whose milestone is named "Birthday" and a catalogue
/// priced inside its `major_milestone` budget (10000–50000).
enum ReminderFixtures {
    static func vault(vibes: [String] = ["quiet_luxury", "romantic"]) -> JSONValue {
        var body = KnotAPIFixtures.vault(milestone: 0, "milestone_name", "Birthday")
        body["vibes"] = .array(vibes.map(JSONValue.string))
        return body
    }

    static let catalog: StubCatalog = {
        var gifts: [String: [StubCatalog.GiftEntry]] = [:]
        for interest in KnotVaultRules.interestCategories {
            gifts[interest] = (1...3).map {
                .init(title: "\(interest) gift \($0)", description: "gift", priceCents: 20_000, merchant: "M\($0)", source: "amazon")
            }
        }
        var experiences: [String: [StubCatalog.ExperienceEntry]] = [:]
        for vibe in KnotVaultRules.vibes {
            experiences[vibe] = (1...3).map {
                .init(
                    title: "\(vibe) outing \($0)", description: "outing", priceCents: 20_000, merchant: "Y\($0)", source: "yelp",
                    recType: .experience)
            }
        }
        return StubCatalog(interestGifts: gifts, vibeExperiences: experiences, interestImages: [:], vibeImages: [:])
    }()

    /// 2026-03-10T15:00:00Z (§13 #50).
    static let tenthOfMarch = Timestamp(millisecondsSince1970: 1_773_154_800_000)
    static let thirteenthOfMarch = Timestamp(millisecondsSince1970: 1_773_360_000_000)
    static let seventeenthOfMarch = Timestamp(millisecondsSince1970: 1_773_705_600_000)
}
