import Foundation
import HearthCore
import HearthStore
import HearthTesting
import KnotKit
import Testing

/// Reminder history and viewed marks (spec §5.6) through the kit, on every engine. The
/// reminders are written straight into the queue, as the scheduler would have left them.
@Suite("KnotKit — notification history")
struct NotificationHistoryTests {
    typealias F = KnotKitFixtures

    /// Adds a queue row for `milestoneID` with `status`, sent at `sentAt`; one not sent is
    /// due far in the future, so no scheduler touches it during the test.
    static func reminder(
        _ server: TestServer, userID: String, milestoneID: String, daysBefore: Int64, status: String, sentAt: Timestamp?
    ) async throws -> String {
        let id = UUID().uuidString.lowercased()
        let created = Timestamp(millisecondsSince1970: 1_790_000_000_000)
        try await server.platform.database.transaction { sql in
            try await sql.execute(
                """
                INSERT INTO knot_notification_queue (id, user_id, milestone_id, scheduled_for, days_before, status, sent_at, viewed_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)
                """,
                [.text(id), .text(userID), .text(milestoneID), SQLValue(sentAt ?? Timestamp(millisecondsSince1970: 4_000_000_000_000)), .integer(daysBefore),
                 .text(status), SQLValue(sentAt), SQLValue(created)])
        }
        return id
    }

    @Test(arguments: TestEngine.available)
    func sentAndFailedRemindersArePagedNewestFirstAndMarkedViewed(engine: TestEngine) async throws {
        try await TestServer.knotKit(engine: engine) { server in
            let device = try await F.signedUp("reminders@example.com", on: server)
            defer { device.remove() }
            let client = device.client
            let userID = try #require(await client.auth.signedInUserID)
            _ = try await client.vault.save(F.draft)
            let vault = try #require(try await client.vault.current())
            let birthday = vault.milestones[0]
            let valentine = vault.milestones[1]
            _ = try await client.recommendations.generate(occasion: .justBecause, milestoneID: valentine.id)

            let sent = Timestamp(millisecondsSince1970: 1_790_000_500_000)
            let older = try await Self.reminder(server, userID: userID, milestoneID: birthday.id, daysBefore: 14, status: "sent", sentAt: sent)
            let newer = try await Self.reminder(
                server, userID: userID, milestoneID: valentine.id, daysBefore: 7, status: "failed", sentAt: sent.adding(seconds: 60))
            _ = try await Self.reminder(server, userID: userID, milestoneID: valentine.id, daysBefore: 3, status: "pending", sentAt: nil)

            let history = try await client.notifications.history()
            #expect(history.total == 2)
            #expect(history.notifications.map(\.id) == [newer, older])
            let first = try #require(history.notifications.first)
            #expect(first.milestoneName == "Valentine's Day" && first.milestoneType == "holiday" && first.milestoneDate == "2000-02-14")
            #expect(first.daysBefore == 7 && first.status == "failed" && first.viewedAt == nil)
            #expect(first.recommendationsCount == 3)
            #expect(history.notifications.last?.recommendationsCount == 0)
            let page = try await client.notifications.history(limit: 1, offset: 1)
            #expect(page.total == 2 && page.notifications.map(\.id) == [older])
            await #expect { _ = try await client.notifications.history(limit: 0) } throws: { error in
                guard case KnotError.invalid(let field, _) = error else { return false }
                return field == "limit"
            }

            let viewed = try await client.notifications.markViewed(older)
            #expect(viewed.id == older)
            #expect(try await client.notifications.history().notifications.last?.viewedAt == viewed.viewedAt)
            await #expect(throws: KnotError.notFound(detail: "Notification not found")) {
                _ = try await client.notifications.markViewed(UUID().uuidString.lowercased())
            }
        }
    }
}
