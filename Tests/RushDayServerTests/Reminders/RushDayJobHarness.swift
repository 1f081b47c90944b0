import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import HearthCore
import HearthGRPC
import HearthServer
import HearthStore
import HearthTesting
import RushDayProto
import SwiftProtobuf

@testable import RushDayServer

/// A ``RushDayHarness`` whose server runs no jobs itself (`jobWorkers = 0`): the test
/// runs them with ``runner`` after moving the clock, as Knot's reminder tests do. The
/// notification sender is the harness's recorder unless `notifications` is `nil`, which
/// leaves the app to choose (FCM from `settings.fcm`).
struct RushDayJobHarness: Sendable {
    let rd: RushDayHarness
    let runner: JobRunner
    /// The hourly housekeeping's reminder sweep.
    let sweep: @Sendable () async throws -> Void

    static func run(
        _ engine: TestEngine, settings: RushDaySettings = RushDayHarness.hs256Settings(), recordNotifications: Bool = true,
        _ body: @Sendable (RushDayJobHarness) async throws -> Void
    ) async throws {
        let clock = ManualWallClock(RushDayHarness.start)
        let notifications = RecordingNotificationSender()
        let app = RushDayApp(
            settings: settings, collaborators: RushDayCollaborators(notifications: recordNotifications ? notifications : nil))
        var configuration = TestServer.testConfiguration()
        configuration.jobWorkers = 0
        try await TestServer.run(engine: engine, apps: [app], configuration: configuration, clock: clock) { server in
            let services = await server.platform.services(for: app)
            let definitions = Dictionary(
                uniqueKeysWithValues: app.jobs(services: services).map { (JobRunner.key(app: app.name, kind: $0.kind), $0) })
            let runner = JobRunner(
                database: server.platform.database, definitions: definitions, clock: clock, metrics: ServerMetrics(),
                logger: .quietTestLogger)
            let housekeeping = app.housekeeping(services: services)
            try await RushDayHarness.connect(app, services: services, server: server, clock: clock, notifications: notifications) { rd in
                try await body(
                    RushDayJobHarness(rd: rd, runner: runner) {
                        for task in housekeeping { try await task.run() }
                    })
            }
        }
    }

    /// Moves the clock to `instant` and runs every job due by then.
    func runJobs(at instant: String) async throws {
        rd.clock.set(Timestamp(millisecondsSince1970: Int64(Google_Protobuf_Timestamp.iso(instant).seconds) * 1000))
        try await runner.runDueJobs()
    }

    /// Runs the jobs due now (re-plans queued by the last writes).
    func runJobs() async throws { try await runner.runDueJobs() }

    /// The queued reminder sends of `user`: `(kind, run_at)` by time.
    func queuedReminders(of user: TestUser) async throws -> [(kind: String, runAt: String)] {
        try await rd.database.read { sql in
            try await sql.query(
                "SELECT payload, run_at FROM hearth_jobs WHERE app = 'rushday' AND kind = ? AND owner = ? AND status = 'queued' ORDER BY run_at",
                [.text(ReminderScheduler.sendKind), .text(user.rawValue)])
        }.map { row in (try row.json("payload")["kind"]?.stringValue ?? "", try row.timestamp("run_at").iso8601) }
    }

    func setPreferences(_ user: TestUser, _ configure: (inout Rushday_V1_UpdateNotificationPreferencesRequest) -> Void) async throws {
        var request = Rushday_V1_UpdateNotificationPreferencesRequest()
        request.time = "9:00"
        request.tasks = true
        request.agenda = true
        request.share = true
        request.onTheDay = true
        request.weekBefore = false
        configure(&request)
        _ = try await rd.users.updateNotificationPreferences(request, metadata: try await rd.auth(user))
    }

    func registerDevice(_ user: TestUser, token: String, offsetMinutes: Int32) async throws {
        var request = Rushday_V1_RegisterDeviceRequest()
        request.fcmToken = token
        request.platform = "android"
        request.timezoneOffset = offsetMinutes
        _ = try await rd.users.registerDevice(request, metadata: try await rd.auth(user))
    }

    /// The reminders delivered, as `(user, type)`.
    var reminders: [(user: String, type: String)] {
        rd.notifications.deliveries.filter { ReminderRules.Kind(rawValue: $0.notification.type) != nil }
            .map { ($0.userID, $0.notification.type) }
    }
}
